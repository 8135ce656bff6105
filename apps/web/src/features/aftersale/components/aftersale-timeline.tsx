import type { AfterSaleTimelineStep } from '@anxin/shared/aftersale/aftersale.contract';
import { Steps } from 'antd';
import { formatDateTime } from '../../../lib/format.ts';

/**
 * The request's path as steps (提交申请 → 审核中 → 同意/驳回 → 待寄回 → 商家已收货 → 退款中 → 退款成功), each reached
 * one with its time and note (the reject reason, the return address, the waybill); 驳回 and 已取消 end it.
 */
export function AftersaleTimeline({ steps }: { steps: AfterSaleTimelineStep[] }) {
  const current = Math.max(0, steps.filter((step) => step.reached).length - 1);
  return (
    <Steps
      className="aftersale-timeline"
      orientation="vertical"
      size="small"
      current={current}
      data-testid="aftersale-timeline"
      items={steps.map((step) => ({
        title: step.label,
        status: !step.reached ? 'wait' : step.step === 'rejected' || step.step === 'cancelled' ? 'error' : 'finish',
        content: (
          <span className="aftersale-timeline__body">
            {step.time ? <span>{formatDateTime(step.time, 'YYYY-MM-DD HH:mm')}</span> : null}
            {step.note ? <span className="aftersale-timeline__note">{step.note}</span> : null}
          </span>
        ),
      }))}
    />
  );
}
