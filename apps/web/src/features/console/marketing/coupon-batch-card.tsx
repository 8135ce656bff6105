import { SendOutlined } from '@ant-design/icons';
import { type CouponBatch, type CouponTemplate, phonesOfText } from '@anxin/shared/staff/console-assets.contract';
import { Alert, Button, Checkbox, Form, Input, Progress, Select } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { couponTermsText } from './coupon-terms.ts';
import { useCouponBatch, useStartCouponBatch } from './marketing-api.ts';
import { batchTargetRefusal } from './marketing-form-rules.ts';

type BatchValues = { templateId: number; phonesText?: string; allMembers?: boolean };

const percentOf = (batch: CouponBatch) => (batch.total ? Math.floor((batch.done / batch.total) * 100) : 100);

/** The running (or just finished) batch: a progress bar, then how many got the coupon and how many were skipped. */
function BatchProgress({ id }: { id: number }) {
  const batch = useCouponBatch(id);
  if (batch.isError) return <Alert type="error" showIcon title={getErrorMessage(batch.error)} />;
  if (!batch.data) return null;
  const { data } = batch;
  const isDone = data.state === 'done';
  return (
    <div className="coupon-batch__progress">
      <Progress
        percent={percentOf(data)}
        status={isDone ? 'success' : 'active'}
        aria-label={`批次 ${data.id} 发放进度`}
      />
      <p className="coupon-batch__status" role="status">
        {isDone
          ? `批次 ${data.id} 发放完成：已发放 ${data.issued} 张${data.skipped ? `，跳过 ${data.skipped} 个（非会员手机号或已注销）` : ''}`
          : `批次 ${data.id} 发放中：已处理 ${data.done} / ${data.total}`}
      </p>
    </div>
  );
}

/**
 * 批量发放: one coupon of a template to each member of the pasted phones and/or to every member; the batch runs
 * on the server, and its progress shows here until it is done.
 */
export function CouponBatchCard({ templates }: { templates: CouponTemplate[] | undefined }) {
  const [form] = Form.useForm<BatchValues>();
  const start = useStartCouponBatch();
  const { message, modal } = useFeedback();
  const [batchId, setBatchId] = useState<number | null>(null);
  const allMembers = Form.useWatch('allMembers', form);

  const handleStart = (values: BatchValues) => {
    const phones = phonesOfText(values.phonesText ?? '');
    const template = templates?.find((item) => item.id === values.templateId);
    const whom = [values.allMembers ? '全部会员' : '', phones.length ? `${phones.length} 个手机号` : '']
      .filter(Boolean)
      .join(' 及 ');
    modal.confirm({
      title: '确认发放？',
      content: `向${whom}各发放一张“${template?.title ?? ''}”，发放后不能撤回。`,
      okText: '开始发放',
      cancelText: '取消',
      onOk: async () => {
        try {
          const batch = await start.mutateAsync({
            templateId: values.templateId,
            phones,
            allMembers: Boolean(values.allMembers),
          });
          setBatchId(batch.id);
          form.resetFields(['phonesText', 'allMembers']);
        } catch (error) {
          message.error(getErrorMessage(error));
        }
      },
    });
  };

  return (
    <section className="card" aria-labelledby="coupon-batch-title">
      <h2 id="coupon-batch-title" className="card__title marketing__title">
        批量发放
      </h2>
      <Form
        form={form}
        name="console-coupon-batch"
        layout="vertical"
        requiredMark={false}
        onFinish={handleStart}
        className="coupon-batch"
      >
        <Form.Item name="templateId" label="补贴模板" rules={[{ required: true, message: '请选择补贴模板' }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="选择模板"
            loading={!templates}
            options={templates?.map((template) => ({
              value: template.id,
              label: `${template.title}（${couponTermsText(template)}）`,
            }))}
          />
        </Form.Item>
        <Form.Item name="allMembers" valuePropName="checked">
          <Checkbox>发放给全部会员（已注销的除外）</Checkbox>
        </Form.Item>
        <Form.Item
          name="phonesText"
          label="会员手机号"
          extra={
            allMembers ? '已选全部会员，可不填' : '每行一个，也可用逗号或空格分隔；一次最多 5000 个，非会员手机号将跳过'
          }
          dependencies={['allMembers']}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const refusal = batchTargetRefusal(value ?? '', Boolean(form.getFieldValue('allMembers')));
                if (refusal) throw new Error(refusal);
              },
            },
          ]}
        >
          <Input.TextArea rows={4} autoComplete="off" spellCheck={false} inputMode="numeric" />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={start.isPending}>
          发放
        </Button>
      </Form>
      {batchId !== null ? <BatchProgress id={batchId} /> : null}
    </section>
  );
}
