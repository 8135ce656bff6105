import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { MSG } from '@anxin/shared/common/messages';
import { RX_REJECT_REASONS, RX_REVIEW_NOTE_MAX_LENGTH } from '@anxin/shared/staff/console.contract';
import { Button, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useReviewInquiry } from '../api/review-inquiry.ts';

type RejectValues = { reason?: string; note?: string };

/**
 * 通过 (after a confirmation) or 驳回: a reason from the list, which the member reads, and an optional note after
 * it. Either way the pharmacist goes back to the queue for the next order.
 */
export function RxVerdictForm({ ordersCode }: { ordersCode: string }) {
  const review = useReviewInquiry(ordersCode);
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const [isRejecting, setIsRejecting] = useState(false);
  const [form] = Form.useForm<RejectValues>();

  const decided = (text: string) => {
    message.success(text);
    navigate('/admin/rx');
  };

  const handlePass = () => {
    modal.confirm({
      title: '确认审核通过？',
      content: `订单 ${ordersCode} 的处方将通过审核，会员即可付款或等待发货。`,
      okText: '通过',
      cancelText: '取消',
      onOk: async () => {
        try {
          await review.mutateAsync({ verdict: 'pass' });
          decided('处方已审核通过');
        } catch (error) {
          message.error(getErrorMessage(error));
        }
      },
    });
  };

  const handleReject = async (values: RejectValues) => {
    try {
      const note = values.note?.trim();
      await review.mutateAsync({ verdict: 'reject', reason: values.reason, note: note || undefined });
      decided('处方已驳回');
    } catch (error) {
      message.error(getErrorMessage(error));
    }
  };

  return (
    <section className="card rx-verdict" aria-labelledby="rx-verdict-form-title">
      <h2 id="rx-verdict-form-title" className="card__title rx-review__title">
        审核
      </h2>
      {isRejecting ? (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={handleReject} name="rx-reject">
          <Form.Item name="reason" label="驳回原因" rules={[{ required: true, message: MSG.rxRejectReasonRequired }]}>
            <Radio.Group className="rx-verdict__reasons" options={[...RX_REJECT_REASONS]} />
          </Form.Item>
          <Form.Item
            name="note"
            label="补充说明（会员可见，选填）"
            rules={[{ max: RX_REVIEW_NOTE_MAX_LENGTH, message: MSG.rxReviewNoteTooLong }]}
          >
            <Input.TextArea rows={3} maxLength={RX_REVIEW_NOTE_MAX_LENGTH} showCount />
          </Form.Item>
          <div className="rx-verdict__actions">
            <Button onClick={() => setIsRejecting(false)}>取消</Button>
            <Button type="primary" danger htmlType="submit" loading={review.isPending}>
              确认驳回
            </Button>
          </div>
        </Form>
      ) : (
        <div className="rx-verdict__actions">
          <Button danger icon={<CloseOutlined />} size="large" onClick={() => setIsRejecting(true)}>
            驳回
          </Button>
          <Button type="primary" icon={<CheckOutlined />} size="large" onClick={handlePass} loading={review.isPending}>
            通过
          </Button>
        </div>
      )}
    </section>
  );
}
