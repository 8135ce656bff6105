import { PlusOutlined } from '@ant-design/icons';
import {
  COUPON_MAX_DAYS,
  COUPON_TEMPLATE_RANGE_MAX_LENGTH,
  COUPON_TEMPLATE_TITLE_MAX_LENGTH,
  COUPON_TYPE_NAME,
  type CouponBatch,
  type CouponTemplate,
  couponTemplateCreateSchema,
  MARKETING_MSG,
} from '@anxin/shared/staff/console-assets.contract';
import { Alert, Button, Form, Input, InputNumber, Modal, Radio, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime, yuan } from '../../../lib/format.ts';
import { CardLine, RowsView } from '../components/rows-view.tsx';
import { requiredFieldRules } from '../lib/field-rules.ts';
import { CouponBatchCard } from './coupon-batch-card.tsx';
import { useCouponBatches, useCouponTemplates, useCreateCouponTemplate } from './marketing-api.ts';
import { centsOf, numberRules, yuanRules } from './marketing-form-rules.ts';
import './marketing.css';

const shape = couponTemplateCreateSchema.shape;

type TemplateValues = {
  code: string;
  title: string;
  couponType: 1 | 4;
  valueYuan: number;
  minYuan: number;
  days: number;
  usingRange?: string;
};

const TYPE_OPTIONS = [
  { value: 1, label: `${COUPON_TYPE_NAME[1]}（抵扣商品金额）` },
  { value: 4, label: `${COUPON_TYPE_NAME[4]}（仅抵扣运费）` },
];

const typeName = (type: number) => COUPON_TYPE_NAME[type as 1 | 4] ?? '';
const minimumText = (cents: number) => (cents ? `满${yuan(cents)}` : '无门槛');

function CreateTemplateDialog(props: {
  isOpen: boolean;
  isSending: boolean;
  onClose: () => void;
  onSend: (values: TemplateValues) => void;
}) {
  const [form] = Form.useForm<TemplateValues>();
  return (
    <Modal
      title="新建补贴模板"
      open={props.isOpen}
      onCancel={props.onClose}
      okText="创建"
      cancelText="取消"
      confirmLoading={props.isSending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        name="console-coupon-template"
        layout="vertical"
        requiredMark={false}
        preserve={false}
        initialValues={{ couponType: 1, minYuan: 0, days: 30 }}
        onFinish={props.onSend}
      >
        <Form.Item
          name="title"
          label="模板名称"
          rules={requiredFieldRules(shape.title, MARKETING_MSG.templateTitleInvalid)}
        >
          <Input maxLength={COUPON_TEMPLATE_TITLE_MAX_LENGTH} autoComplete="off" placeholder="如 春季满99减20" />
        </Form.Item>
        <Form.Item
          name="code"
          label="模板代码"
          extra="小写字母、数字和“-”，如 spring-99-20；命令行 coupon-batch 用它指定模板，创建后不能修改"
          rules={requiredFieldRules(shape.code, MARKETING_MSG.templateCodeInvalid)}
        >
          <Input maxLength={32} autoComplete="off" spellCheck={false} autoCapitalize="off" />
        </Form.Item>
        <Form.Item name="couponType" label="补贴类型">
          <Radio.Group options={TYPE_OPTIONS} className="marketing-radios" />
        </Form.Item>
        <div className="marketing-fields">
          <Form.Item
            name="valueYuan"
            label="面额（元）"
            rules={yuanRules(shape.couponValue, MARKETING_MSG.templateValueInvalid)}
          >
            <InputNumber min={0.01} max={999_999.99} precision={2} inputMode="decimal" className="marketing-number" />
          </Form.Item>
          <Form.Item
            name="minYuan"
            label="使用门槛（元）"
            extra="商品金额满多少可用，0 为无门槛"
            rules={yuanRules(shape.minConsume, MARKETING_MSG.templateMinInvalid)}
          >
            <InputNumber min={0} max={999_999.99} precision={2} inputMode="decimal" className="marketing-number" />
          </Form.Item>
          <Form.Item
            name="days"
            label="有效天数"
            extra="自发放起计算"
            rules={numberRules(shape.days, MARKETING_MSG.templateDaysInvalid)}
          >
            <InputNumber min={1} max={COUPON_MAX_DAYS} precision={0} inputMode="numeric" className="marketing-number" />
          </Form.Item>
        </div>
        <Form.Item
          name="usingRange"
          label="使用范围说明（选填）"
          extra="显示在会员的补贴卡片上；不填则为“全场通用”或“运费补贴，仅抵扣运费”"
          rules={[{ max: COUPON_TEMPLATE_RANGE_MAX_LENGTH, message: MARKETING_MSG.templateRangeTooLong }]}
        >
          <Input maxLength={COUPON_TEMPLATE_RANGE_MAX_LENGTH} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function TemplatesCard() {
  const templates = useCouponTemplates();
  const create = useCreateCouponTemplate();
  const { message } = useFeedback();
  const [isCreating, setIsCreating] = useState(false);

  const handleCreate = async (values: TemplateValues) => {
    try {
      const template = await create.mutateAsync({
        code: values.code.trim(),
        title: values.title.trim(),
        couponType: values.couponType,
        couponValue: centsOf(values.valueYuan),
        minConsume: centsOf(values.minYuan),
        days: values.days,
        usingRange: values.usingRange?.trim() || undefined,
      });
      message.success(`模板“${template.title}”已创建`);
      setIsCreating(false);
    } catch (error) {
      message.error(getErrorMessage(error));
    }
  };

  const columns: ColumnsType<CouponTemplate> = [
    { title: '名称', dataIndex: 'title' },
    { title: '代码', dataIndex: 'code', render: (code: string) => <code>{code}</code> },
    { title: '类型', dataIndex: 'couponType', render: typeName },
    { title: '面额', dataIndex: 'couponValue', align: 'right', render: (cents: number) => yuan(cents) },
    { title: '使用门槛', dataIndex: 'minConsume', render: minimumText },
    { title: '有效期', dataIndex: 'days', render: (days: number) => `${days}天` },
    { title: '使用范围', dataIndex: 'usingRange' },
    { title: '创建人', dataIndex: 'createdBy', render: (by: string | null) => by ?? '系统内置' },
  ];

  return (
    <section className="card" aria-labelledby="coupon-templates-title">
      <div className="card__header marketing__header">
        <h2 id="coupon-templates-title" className="card__title">
          补贴模板
        </h2>
        <Button icon={<PlusOutlined />} onClick={() => setIsCreating(true)}>
          新建模板
        </Button>
      </div>
      {templates.isError ? <Alert type="error" showIcon title={getErrorMessage(templates.error)} /> : null}
      <RowsView
        label="补贴模板"
        items={templates.data}
        rowKey={(template) => String(template.id)}
        columns={columns}
        isLoading={templates.isFetching}
        emptyText="还没有补贴模板"
        card={(template) => (
          <div className="console-card">
            <span className="console-card__head">
              <span>{template.title}</span>
              <Tag>{typeName(template.couponType)}</Tag>
            </span>
            <CardLine label="代码">
              <code>{template.code}</code>
            </CardLine>
            <CardLine label="面额">
              {yuan(template.couponValue)}，{minimumText(template.minConsume)}
            </CardLine>
            <CardLine label="有效期">{template.days}天</CardLine>
            <CardLine label="使用范围">{template.usingRange}</CardLine>
            <CardLine label="创建人">{template.createdBy ?? '系统内置'}</CardLine>
          </div>
        )}
      />
      <CreateTemplateDialog
        isOpen={isCreating}
        isSending={create.isPending}
        onClose={() => setIsCreating(false)}
        onSend={handleCreate}
      />
    </section>
  );
}

const targetText = (batch: CouponBatch) =>
  [batch.allMembers ? '全部会员' : '', batch.phones ? `${batch.phones} 个手机号` : ''].filter(Boolean).join(' 及 ');

function BatchState({ batch }: { batch: CouponBatch }) {
  return batch.state === 'done' ? (
    <Tag color="success">已完成</Tag>
  ) : (
    <Tag color="processing">
      进行中 {batch.done}/{batch.total}
    </Tag>
  );
}

function BatchesCard() {
  const batches = useCouponBatches();
  const columns: ColumnsType<CouponBatch> = [
    { title: '批次', dataIndex: 'id' },
    { title: '补贴模板', dataIndex: 'templateTitle' },
    { title: '发放对象', key: 'target', render: (_, batch) => targetText(batch) },
    { title: '已发放', dataIndex: 'issued', align: 'right' },
    { title: '跳过', dataIndex: 'skipped', align: 'right' },
    { title: '状态', key: 'state', render: (_, batch) => <BatchState batch={batch} /> },
    { title: '操作人', dataIndex: 'createdBy' },
    { title: '开始时间', dataIndex: 'createdAt', render: (at: string) => formatDateTime(at, 'MM-DD HH:mm') },
  ];
  return (
    <section className="card" aria-labelledby="coupon-batches-title">
      <h2 id="coupon-batches-title" className="card__title marketing__title">
        发放记录
      </h2>
      {batches.isError ? <Alert type="error" showIcon title={getErrorMessage(batches.error)} /> : null}
      <RowsView
        label="发放记录"
        items={batches.data}
        rowKey={(batch) => String(batch.id)}
        columns={columns}
        isLoading={batches.isFetching}
        emptyText="还没有发放记录"
        card={(batch) => (
          <div className="console-card">
            <span className="console-card__head">
              <span>
                批次 {batch.id} · {batch.templateTitle}
              </span>
              <BatchState batch={batch} />
            </span>
            <CardLine label="发放对象">{targetText(batch)}</CardLine>
            <CardLine label="结果">
              已发放 {batch.issued}，跳过 {batch.skipped}
            </CardLine>
            <CardLine label="操作人">{batch.createdBy}</CardLine>
            <CardLine label="开始时间">{formatDateTime(batch.createdAt, 'MM-DD HH:mm')}</CardLine>
          </div>
        )}
      />
    </section>
  );
}

/** 健康补贴: a batch of a template's coupon to members with its progress, the batches so far, the templates. */
export function CouponsPage() {
  const templates = useCouponTemplates();
  return (
    <div className="console-page">
      <CouponBatchCard templates={templates.data} />
      <BatchesCard />
      <TemplatesCard />
    </div>
  );
}
