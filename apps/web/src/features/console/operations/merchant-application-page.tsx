import { ArrowLeftOutlined, CheckOutlined, CloseOutlined } from '@ant-design/icons';
import {
  MERCHANT_REJECT_REASON_MAX_LENGTH,
  MERCHANT_REJECT_REASONS,
  merchantRejectBodySchema,
  OPERATIONS_MSG,
} from '@anxin/shared/staff/console-operations.contract';
import { Alert, Button, Descriptions, Form, Image, Input, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { requiredFieldRules } from '../lib/field-rules.ts';
import { MerchantStateTag } from './merchant-state.tsx';
import { useMerchantApplication, useMerchantVerdict } from './operations-api.ts';
import './operations.css';

/**
 * One open-store application: the company, its licence numbers and photos (10-minute links), the contact; while
 * it waits, 通过 or 驳回 with a reason the applicant sees.
 */
export function MerchantApplicationPage() {
  const id = Number(useParams().id);
  const application = useMerchantApplication(id);
  const verdict = useMerchantVerdict(id);
  const { message, modal } = useFeedback();
  const [form] = Form.useForm<{ reason: string }>();
  const back = (
    <Link to="/admin/merchants" className="operations-back">
      <ArrowLeftOutlined /> 返回入驻申请
    </Link>
  );
  if (application.isError) {
    return (
      <div className="console-page">
        {back}
        <Alert type="error" showIcon title={getErrorMessage(application.error)} />
      </div>
    );
  }
  if (!application.data) {
    return (
      <div className="console-page">
        {back}
        <div className="card">
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      </div>
    );
  }
  const entry = application.data;
  const isPending = entry.status === 0;

  const handleApprove = () => {
    modal.confirm({
      title: '通过入驻申请？',
      content: `${entry.companyName} 的入驻申请将被通过，申请人将看到“已通过”。`,
      okText: '通过',
      cancelText: '取消',
      onOk: async () => {
        try {
          await verdict.mutateAsync({ approve: true });
          message.success('已通过入驻申请');
        } catch (error) {
          message.error(getErrorMessage(error));
        }
      },
    });
  };

  const handleReject = async ({ reason }: { reason: string }) => {
    try {
      await verdict.mutateAsync({ approve: false, reason: reason.trim() });
      message.success('已驳回入驻申请');
    } catch (error) {
      message.error(getErrorMessage(error));
    }
  };

  return (
    <div className="console-page">
      {back}
      <section className="card" aria-labelledby="merchant-title">
        <div className="card__header operations-header">
          <h2 id="merchant-title" className="card__title">
            {entry.companyName}
          </h2>
          <MerchantStateTag status={entry.status} />
        </div>
        <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label="申请编号">{entry.id}</Descriptions.Item>
          <Descriptions.Item label="申请时间">{formatDateTime(entry.createdAt, 'YYYY-MM-DD HH:mm')}</Descriptions.Item>
          <Descriptions.Item label="统一社会信用代码">{entry.creditCode}</Descriptions.Item>
          <Descriptions.Item label="药品经营许可证编号">{entry.drugLicenceNo}</Descriptions.Item>
          <Descriptions.Item label="联系人">{entry.contactName}</Descriptions.Item>
          <Descriptions.Item label="联系电话">
            <a href={`tel:${entry.contactPhoneFull}`} className="console-link">
              {entry.contactPhoneFull}
            </a>
          </Descriptions.Item>
          {entry.reviewedAt ? (
            <Descriptions.Item label="审核">
              {entry.reviewer ?? ''} {formatDateTime(entry.reviewedAt, 'YYYY-MM-DD HH:mm')}
            </Descriptions.Item>
          ) : null}
          {entry.rejectReason ? <Descriptions.Item label="驳回原因">{entry.rejectReason}</Descriptions.Item> : null}
        </Descriptions>
        <div className="merchant-photos">
          <figure>
            <Image src={entry.businessLicenceImageUrl} alt={`${entry.companyName}的营业执照`} />
            <figcaption>营业执照</figcaption>
          </figure>
          <figure>
            <Image src={entry.drugLicenceImageUrl} alt={`${entry.companyName}的药品经营许可证`} />
            <figcaption>药品经营许可证</figcaption>
          </figure>
        </div>
        <p className="console-muted merchant-photos__note">照片链接10分钟内有效，过期请刷新页面。</p>
      </section>

      {isPending ? (
        <section className="card" aria-labelledby="merchant-verdict-title">
          <h2 id="merchant-verdict-title" className="card__title operations-subtitle">
            审核
          </h2>
          <Button type="primary" icon={<CheckOutlined />} onClick={handleApprove} loading={verdict.isPending}>
            通过
          </Button>
          <Form form={form} name="merchant-reject" layout="vertical" requiredMark={false} onFinish={handleReject}>
            <Form.Item
              name="reason"
              label="驳回原因"
              className="merchant-reject__reason"
              rules={requiredFieldRules(
                merchantRejectBodySchema.shape.reason,
                OPERATIONS_MSG.merchantRejectReasonEmpty,
              )}
            >
              <Input.TextArea
                autoSize={{ minRows: 2, maxRows: 4 }}
                maxLength={MERCHANT_REJECT_REASON_MAX_LENGTH}
                showCount
              />
            </Form.Item>
            <fieldset className="merchant-reject__picks">
              <legend>常用原因</legend>
              {MERCHANT_REJECT_REASONS.map((reason) => (
                <Button
                  key={reason}
                  size="small"
                  onClick={() => form.setFields([{ name: 'reason', value: reason, errors: [] }])}
                >
                  {reason}
                </Button>
              ))}
            </fieldset>
            <Button danger htmlType="submit" icon={<CloseOutlined />} loading={verdict.isPending}>
              驳回
            </Button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
