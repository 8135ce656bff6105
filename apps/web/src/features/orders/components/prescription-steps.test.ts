import { describe, expect, it } from 'vitest';
import { prescriptionSteps } from './prescription-steps.ts';

const submittedAt = '2026-11-25T02:00:00.000Z';

describe('prescription steps', () => {
  it('waits for the inquiry when none was submitted', () => {
    const steps = prescriptionSteps(null);
    expect(steps.current).toBe(0);
    expect(steps.items.map((item) => [item.title, item.status])).toEqual([
      ['提交问诊', 'process'],
      ['药师审核中', 'wait'],
      ['审核结果', 'wait'],
    ]);
  });

  it('shows the review in progress, then passed or not passed with the reason', () => {
    const base = { submittedAt, reviewedAt: null, pharmacistName: null, rejectReason: null };
    expect(prescriptionSteps({ ...base, status: 'reviewing' }).items.map((item) => item.status)).toEqual([
      'finish',
      'process',
      'wait',
    ]);
    const reviewed = { ...base, reviewedAt: '2026-11-25T03:00:00.000Z', pharmacistName: '李药师' };
    const passed = prescriptionSteps({ ...reviewed, status: 'passed' });
    expect(passed.current).toBe(2);
    expect(passed.items[2]).toEqual({ title: '审核通过', status: 'finish' });
    expect(passed.items[1]?.content).toContain('李药师');
    const rejected = prescriptionSteps({ ...reviewed, status: 'rejected', rejectReason: '诊断与药品不符' });
    expect(rejected.items[2]).toEqual({ title: '未通过', content: '原因：诊断与药品不符', status: 'error' });
  });
});
