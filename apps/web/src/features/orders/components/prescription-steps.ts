import type { PrescriptionLookup } from '@anxin/shared/inquiry/inquiry.contract';
import { PRESCRIPTION_STATUS_TEXT } from '@anxin/shared/inquiry/inquiry.rules';
import { formatDateTime } from '../../../lib/format.ts';

export type PrescriptionStep = { title: string; content?: string; status: 'wait' | 'process' | 'finish' | 'error' };

const time = (iso: string | null) => formatDateTime(iso, 'MM-DD HH:mm');

/**
 * The prescription's progress on the order detail: 提交问诊 → 药师审核中 → 审核通过 / 未通过 (with the reason).
 * `lookup` null: the inquiry is not submitted yet.
 */
export function prescriptionSteps(
  lookup: Pick<PrescriptionLookup, 'status' | 'submittedAt' | 'reviewedAt' | 'pharmacistName' | 'rejectReason'> | null,
): { current: number; items: PrescriptionStep[] } {
  if (!lookup) {
    return {
      current: 0,
      items: [
        { title: '提交问诊', content: '待完善问诊信息', status: 'process' },
        { title: PRESCRIPTION_STATUS_TEXT.reviewing, status: 'wait' },
        { title: '审核结果', status: 'wait' },
      ],
    };
  }
  const submitted: PrescriptionStep = { title: '提交问诊', content: time(lookup.submittedAt), status: 'finish' };
  if (lookup.status === 'reviewing') {
    return {
      current: 1,
      items: [
        submitted,
        { title: PRESCRIPTION_STATUS_TEXT.reviewing, content: '药师将尽快审核', status: 'process' },
        { title: '审核结果', status: 'wait' },
      ],
    };
  }
  const reviewer = [lookup.pharmacistName, time(lookup.reviewedAt)].filter(Boolean).join(' ');
  const reviewing: PrescriptionStep = {
    title: PRESCRIPTION_STATUS_TEXT.reviewing,
    content: reviewer,
    status: 'finish',
  };
  if (lookup.status === 'passed') {
    return { current: 2, items: [submitted, reviewing, { title: PRESCRIPTION_STATUS_TEXT.passed, status: 'finish' }] };
  }
  return {
    current: 2,
    items: [
      submitted,
      reviewing,
      {
        title: PRESCRIPTION_STATUS_TEXT.rejected,
        content: lookup.rejectReason ? `原因：${lookup.rejectReason}` : undefined,
        status: 'error',
      },
    ],
  };
}
