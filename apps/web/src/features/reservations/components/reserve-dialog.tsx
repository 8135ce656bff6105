import { MSG } from '@anxin/shared/common/messages';
import { PHONE_MAX_LENGTH } from '@anxin/shared/common/phone';
import { contactPhoneSchema } from '@anxin/shared/favorites/favorites.contract';
import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useFeedback } from '../../../app/feedback.tsx';
import { getFailureMessage } from '../../../lib/api-client.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useMemberVo } from '../../profile/index.ts';
import { useBookReservation } from '../api/book-reservation.ts';
import './reserve-dialog.css';

type ReserveDialogProps = {
  /** The out-of-stock product to be told about; null keeps the dialog closed. */
  product: { productCode: string; productName: string } | null;
  onClose: () => void;
};

/**
 * 到货通知: the phone to text when the product arrives, required and a mainland mobile, prefilled with the
 * member's own phone as the site shows it (138****8000; sent back unchanged it means that phone).
 */
export function ReserveDialog({ product, onClose }: ReserveDialogProps) {
  const [form] = Form.useForm<{ contactMsg: string }>();
  const { message } = useFeedback();
  const member = useMemberVo({ isEnabled: product !== null });
  const book = useBookReservation();
  const ownPhone = member.data?.phoneStr ?? '';

  useEffect(() => {
    if (product) form.setFieldsValue({ contactMsg: ownPhone });
  }, [product, ownPhone, form]);

  // Runs only once the form is valid (确定 submits the form): a refused phone shows under the field.
  const submit = async ({ contactMsg }: { contactMsg: string }) => {
    if (!product) return;
    try {
      await book.mutateAsync({ productCode: product.productCode, contactMsg: contactMsg.trim() });
      message.success('登记成功，到货后将短信通知您');
      onClose();
    } catch (error) {
      message.error(getFailureMessage(error, MSG.requestError));
    }
  };

  return (
    <Modal
      open={product !== null}
      title="到货通知"
      okText="确定"
      cancelText="取消"
      confirmLoading={book.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={420}
      centered
    >
      <p className="reserve-dialog__text">“{product?.productName}”暂时缺货，到货后我们将发送短信通知您。</p>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          name="contactMsg"
          label="联系电话"
          rules={[zodRule(contactPhoneSchema)]}
          validateTrigger={['onBlur', 'onSubmit']}
        >
          <Input
            placeholder="请输入手机号"
            maxLength={PHONE_MAX_LENGTH}
            inputMode="tel"
            autoComplete="tel"
            allowClear
            onFocus={(event) => {
              // The masked prefill cannot be edited digit by digit: focusing it selects it to type over.
              if (event.target.value.includes('*')) event.target.select();
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
