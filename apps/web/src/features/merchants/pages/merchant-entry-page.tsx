import { ShopOutlined } from '@ant-design/icons';
import { MSG } from '@anxin/shared/common/messages';
import {
  MERCHANT_ENTRY_STATUS_TEXT,
  type MerchantEntry,
  type MerchantEntryBody,
  merchantEntryBodySchema,
} from '@anxin/shared/merchants/merchant-entry.contract';
import { Button, Form, Input, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage, getFailureMessage } from '../../../lib/api-client.ts';
import { formatDay } from '../../../lib/format.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useApplyMerchantEntry } from '../api/apply-merchant-entry.ts';
import { useMerchantEntry } from '../api/get-merchant-entry.ts';
import { LicenceImageUpload } from '../components/licence-image-upload.tsx';
import '../merchants.css';

const field = merchantEntryBodySchema.shape;

/**
 * 商家入驻 (/merchants/entry, loaded with its own script part): a pharmacy company applies to sell on the mall;
 * the applicant sees the state of the latest application, and applies again after a rejection.
 */
export function MerchantEntryPage() {
  const entry = useMerchantEntry();
  const [isApplyingAgain, setApplyingAgain] = useState(false);

  if (entry.isPending) {
    return (
      <div className="container">
        <section className="card">
          <Skeleton active paragraph={{ rows: 8 }} />
        </section>
      </div>
    );
  }
  if (entry.isError) {
    return (
      <div className="container">
        <section className="card">
          <Result
            status="error"
            title={getErrorMessage(entry.error)}
            extra={<Button onClick={() => entry.refetch()}>重试</Button>}
          />
        </section>
      </div>
    );
  }
  const latest = entry.data.entry;
  return (
    <div className="container merchant-entry">
      <section className="card">
        <header className="merchant-entry__head">
          <ShopOutlined />
          <div>
            <h1 className="merchant-entry__title">商家入驻</h1>
            <p className="merchant-entry__intro">
              具备《药品经营许可证》的药品零售企业可申请入驻安心大药房商城，提交资料后我们将在3个工作日内完成审核。
            </p>
          </div>
        </header>
        {latest && !(latest.status === 2 && isApplyingAgain) ? (
          <EntryStatus entry={latest} onApplyAgain={() => setApplyingAgain(true)} />
        ) : (
          <EntryForm />
        )}
      </section>
    </div>
  );
}

function EntryStatus({ entry, onApplyAgain }: { entry: MerchantEntry; onApplyAgain: () => void }) {
  const status = (['info', 'success', 'warning'] as const)[entry.status];
  const title = `入驻申请${MERCHANT_ENTRY_STATUS_TEXT[entry.status]}`;
  const hint = [
    '我们将在3个工作日内完成审核，请留意联系人手机短信。',
    '客户经理将与联系人沟通开店事宜。',
    `未通过原因：${entry.rejectReason ?? ''}`,
  ][entry.status];
  return (
    <Result
      status={status}
      title={<span data-testid="merchant-entry-status">{title}</span>}
      subTitle={hint}
      extra={
        entry.status === 2 ? (
          <Button type="primary" onClick={onApplyAgain}>
            重新申请
          </Button>
        ) : null
      }
    >
      <dl className="merchant-entry__facts">
        <dt>企业名称</dt>
        <dd>{entry.companyName}</dd>
        <dt>统一社会信用代码</dt>
        <dd>{entry.creditCode}</dd>
        <dt>药品经营许可证</dt>
        <dd>{entry.drugLicenceNo}</dd>
        <dt>联系人</dt>
        <dd>
          {entry.contactName} {entry.contactPhone}
        </dd>
        <dt>提交时间</dt>
        <dd>{formatDay(entry.createdAt)}</dd>
      </dl>
    </Result>
  );
}

function EntryForm() {
  const { message } = useFeedback();
  const [form] = Form.useForm<MerchantEntryBody>();
  const apply = useApplyMerchantEntry();

  const submit = async (values: MerchantEntryBody) => {
    try {
      await apply.mutateAsync(values);
      message.success('入驻申请已提交');
    } catch (error) {
      message.error(getFailureMessage(error, MSG.requestError));
    }
  };

  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ flex: '160px' }}
      className="merchant-entry__form"
      onFinish={submit}
      requiredMark
    >
      <h2 className="merchant-entry__section">企业信息</h2>
      <Form.Item
        label="企业名称"
        name="companyName"
        required
        rules={[zodRule(field.companyName)]}
        validateTrigger="onBlur"
      >
        <Input maxLength={50} placeholder="与营业执照一致" />
      </Form.Item>
      <Form.Item
        label="统一社会信用代码"
        name="creditCode"
        required
        rules={[zodRule(field.creditCode)]}
        validateTrigger="onBlur"
      >
        <Input maxLength={18} placeholder="18位，见营业执照" />
      </Form.Item>
      <Form.Item
        label="药品经营许可证编号"
        name="drugLicenceNo"
        required
        rules={[zodRule(field.drugLicenceNo)]}
        validateTrigger="onBlur"
      >
        <Input maxLength={10} placeholder="如 粤AA7550001" />
      </Form.Item>
      <h2 className="merchant-entry__section">联系人</h2>
      <Form.Item
        label="联系人"
        name="contactName"
        required
        rules={[zodRule(field.contactName)]}
        validateTrigger="onBlur"
      >
        <Input maxLength={10} />
      </Form.Item>
      <Form.Item
        label="联系电话"
        name="contactPhone"
        required
        rules={[zodRule(field.contactPhone)]}
        validateTrigger="onBlur"
      >
        <Input maxLength={11} inputMode="tel" />
      </Form.Item>
      <h2 className="merchant-entry__section">资质照片</h2>
      <p className="merchant-entry__hint">支持jpg、jpeg、png格式，大小不超过2M；照片仅用于入驻审核，加密保存。</p>
      <Form.Item label="营业执照" name="businessLicenceImage" required rules={[zodRule(field.businessLicenceImage)]}>
        <LicenceImageUpload label="营业执照" />
      </Form.Item>
      <Form.Item label="药品经营许可证" name="drugLicenceImage" required rules={[zodRule(field.drugLicenceImage)]}>
        <LicenceImageUpload label="药品经营许可证" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" size="large" loading={apply.isPending}>
          提交申请
        </Button>
      </Form.Item>
    </Form>
  );
}
