import { LeftOutlined } from '@ant-design/icons';
import {
  AFTERSALE_DESCRIPTION_MAX_LENGTH,
  AFTERSALE_MAX_PHOTOS,
  AFTERSALE_REASON_NAME,
  AFTERSALE_TYPE_NAME,
  type AfterSaleForm,
  type AfterSaleLineInput,
  type AfterSaleQuoteBody,
  type AfterSaleReason,
  type AfterSaleType,
  afterSaleCreateBodySchema,
} from '@anxin/shared/aftersale/aftersale.contract';
import { Alert, Button, Form, Input, Radio, Skeleton } from 'antd';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { Price, YuanText } from '../../../components/price.tsx';
import { Result } from '../../../components/result.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useCreateAfterSale } from '../api/create-aftersale.ts';
import { useAfterSaleForm } from '../api/get-aftersale-form.ts';
import { useAfterSaleQuote } from '../api/quote-aftersale.ts';
import { AftersalePhotos } from '../components/aftersale-photos.tsx';
import { LinePicker } from '../components/line-picker.tsx';
import { afterSaleDetailPath } from '../lib/can-apply.ts';
import '../aftersale.css';

type ApplyValues = {
  lines: AfterSaleLineInput[];
  type?: AfterSaleType;
  reason?: AfterSaleReason;
  description?: string;
  photos: string[];
};

const FIELDS = ['lines', 'type', 'reason', 'description', 'photos'] as const;
const schema = afterSaleCreateBodySchema.shape;

/** The reasons every chosen line allows (the server's list per line); all of the first line's before a choice. */
function reasonsOf(form: AfterSaleForm, chosen: AfterSaleLineInput[]): AfterSaleReason[] {
  const picked = form.lines.filter((line) => chosen.some((input) => input.lineId === line.lineId));
  const from = picked.length ? picked : form.lines.filter((line) => line.refundableQuantity > 0);
  return (from[0]?.reasons ?? []).filter((reason) => from.every((line) => line.reasons.includes(reason)));
}

/** What the server would give back for the current choice, asked again on each change. */
function QuoteBox({ body }: { body: AfterSaleQuoteBody | null }) {
  const quote = useAfterSaleQuote(body);
  let content: React.ReactNode;
  if (!body) content = <span className="aftersale-quote__hint">选择商品和售后类型后显示退款金额</span>;
  else if (quote.isError) content = <span className="aftersale-quote__error">{getErrorMessage(quote.error)}</span>;
  else if (!quote.data) content = <Skeleton active paragraph={false} />;
  else
    content = (
      <>
        <span className="aftersale-quote__amount" data-testid="aftersale-quote-amount">
          预计退款 <Price cents={quote.data.refundAmount} label="" />
        </span>
        {quote.data.refundCoins > 0 ? (
          <span data-testid="aftersale-quote-coins">退回健康币 {quote.data.refundCoins} 个</span>
        ) : null}
        {quote.data.freightAmount > 0 ? (
          <span>
            含运费 <YuanText cents={quote.data.freightAmount} />
          </span>
        ) : null}
        <span className="aftersale-quote__hint">
          {quote.data.isWholeOrder ? '整单退回，所用健康补贴将一并退回；' : ''}
          退款金额由系统按实付金额计算，原路退回
        </span>
      </>
    );
  return (
    <section className="aftersale-quote" aria-live="polite" aria-busy={quote.isFetching}>
      {content}
    </section>
  );
}

function ApplyForm({ form: afterSaleForm }: { form: AfterSaleForm }) {
  const [form] = Form.useForm<ApplyValues>();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const create = useCreateAfterSale();
  const lines = Form.useWatch('lines', form) ?? [];
  const type = Form.useWatch('type', form);
  const reason = Form.useWatch('reason', form);
  const reasons = useMemo(() => reasonsOf(afterSaleForm, lines), [afterSaleForm, lines]);
  const quoteBody = lines.length && type ? { ordersCode: afterSaleForm.ordersCode, type, lines } : null;

  // A reason the chosen lines no longer allow is cleared, so the member picks again.
  useEffect(() => {
    if (reason && !reasons.includes(reason)) form.setFieldValue('reason', undefined);
  }, [form, reason, reasons]);

  const handleFinish = async (values: ApplyValues) => {
    try {
      const detail = await create.mutateAsync({
        ordersCode: afterSaleForm.ordersCode,
        type: values.type as AfterSaleType,
        reason: values.reason as AfterSaleReason,
        lines: values.lines,
        description: values.description?.trim() ?? '',
        photos: values.photos,
      });
      message.success('售后申请已提交，请等待客服审核');
      navigate(afterSaleDetailPath(detail.code), { replace: true });
    } catch (error) {
      // The server's field messages go on their fields; any other refusal above the button.
      const fields = isApiError(error)
        ? error.fields.flatMap(({ field, message: text }) => {
            const name = FIELDS.find((known) => field === known || field.startsWith(`${known}.`));
            return name ? [{ name, errors: [text] }] : [];
          })
        : [];
      if (fields.length) form.setFields(fields);
      else message.error(getErrorMessage(error));
    }
  };

  return (
    <Form<ApplyValues>
      form={form}
      name="aftersale-apply"
      layout="vertical"
      requiredMark={false}
      initialValues={{
        lines: [],
        photos: [],
        type: afterSaleForm.types.length === 1 ? afterSaleForm.types[0] : undefined,
      }}
      onFinish={handleFinish}
      className="aftersale-apply"
    >
      <Form.Item name="lines" label="选择商品" rules={[zodRule(schema.lines)]}>
        <LinePicker lines={afterSaleForm.lines} />
      </Form.Item>
      <Form.Item name="type" label="售后类型" rules={[zodRule(schema.type)]}>
        <Radio.Group
          className="aftersale-choices"
          options={afterSaleForm.types.map((value) => ({ value, label: AFTERSALE_TYPE_NAME[value] }))}
        />
      </Form.Item>
      <Form.Item
        name="reason"
        label="售后原因"
        rules={[zodRule(schema.reason)]}
        extra={
          afterSaleForm.lines.some((line) => line.isMedicine)
            ? '药品一经售出，仅因质量问题、发错货、破损或未收到货可申请售后'
            : undefined
        }
      >
        <Radio.Group
          className="aftersale-choices"
          options={reasons.map((value) => ({ value, label: AFTERSALE_REASON_NAME[value] }))}
        />
      </Form.Item>
      <Form.Item name="description" label="问题描述（选填）" rules={[zodRule(schema.description)]}>
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 6 }}
          maxLength={AFTERSALE_DESCRIPTION_MAX_LENGTH}
          showCount
          placeholder="请描述商品的问题，便于客服尽快处理"
        />
      </Form.Item>
      <Form.Item name="photos" label="上传照片（选填）" rules={[zodRule(schema.photos)]}>
        <AftersalePhotos limit={AFTERSALE_MAX_PHOTOS} module="private" />
      </Form.Item>
      <QuoteBox body={quoteBody} />
      <div className="aftersale-apply__submit">
        <Button type="primary" size="large" htmlType="submit" loading={create.isPending}>
          提交申请
        </Button>
      </div>
    </Form>
  );
}

/** /user/aftersale/apply/{ordersCode}: 申请售后 for one order, or why it cannot. */
export function ApplyPage() {
  const { ordersCode = '' } = useParams();
  const afterSaleForm = useAfterSaleForm(ordersCode);
  const orderPath = `/user/order/detail/${encodeURIComponent(ordersCode)}`;

  let body: React.ReactNode;
  if (afterSaleForm.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (afterSaleForm.isError) {
    const isMissing = isApiError(afterSaleForm.error) && afterSaleForm.error.status === 404;
    body = (
      <Result
        status={isMissing ? '404' : 'warning'}
        title={isMissing ? '订单不存在' : getErrorMessage(afterSaleForm.error)}
        extra={<Button onClick={() => void afterSaleForm.refetch()}>重试</Button>}
      />
    );
  } else if (!afterSaleForm.data.canApply) {
    body = (
      <Result
        status="info"
        title="该订单暂不能申请售后"
        subTitle={afterSaleForm.data.refusal ?? undefined}
        extra={
          <Link to={orderPath}>
            <Button type="primary">查看订单</Button>
          </Link>
        }
      />
    );
  } else {
    const { deadline } = afterSaleForm.data;
    body = (
      <>
        {deadline ? (
          <Alert
            type="info"
            showIcon
            className="aftersale-apply__deadline"
            title={`请在 ${formatDateTime(deadline, 'YYYY-MM-DD HH:mm')} 前申请售后`}
          />
        ) : null}
        <ApplyForm form={afterSaleForm.data} />
      </>
    );
  }

  return (
    <div className="card">
      <header className="card__header aftersale-head">
        <div>
          <h3 className="card__title">申请售后</h3>
          <span className="aftersale-head__code">订单号：{ordersCode}</span>
        </div>
        <Link to={orderPath} className="card__more aftersale-back">
          <LeftOutlined /> 返回订单详情
        </Link>
      </header>
      {body}
    </div>
  );
}
