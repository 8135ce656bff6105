import { ArrowLeftOutlined, CheckOutlined, CloseOutlined, InboxOutlined } from '@ant-design/icons';
import {
  AFTERSALE_MSG,
  AFTERSALE_REJECT_REASON_MAX_LENGTH,
  AFTERSALE_REJECT_SUGGESTIONS,
  AFTERSALE_RETURN_ADDRESS_MAX_LENGTH,
  type AfterSaleSummary,
  afterSaleApproveBodySchema,
  afterSaleRejectBodySchema,
  type ConsoleAfterSaleDetail,
} from '@anxin/shared/aftersale/aftersale.contract';
import { Alert, Button, Descriptions, Form, Image, Input, Skeleton, Steps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { YuanText } from '../../../components/price.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useMallConfig } from '../../mall/index.ts';
import { CardLine, RowsView } from '../components/rows-view.tsx';
import { orderPath } from '../lib/console-paths.ts';
import { requiredFieldRules } from '../lib/field-rules.ts';
import { useCan } from '../lib/use-staff.ts';
import { type AfterSaleDecision, useAfterSaleDecision, useConsoleAfterSale } from './aftersale-api.ts';
import { AftersaleStateTag, aftersaleRequestPath } from './aftersale-status.tsx';
import './aftersale.css';

type OrderLine = ConsoleAfterSaleDetail['order']['lines'][number];

const ORDER_LINE_COLUMNS: ColumnsType<OrderLine> = [
  { title: '商品', dataIndex: 'productName' },
  { title: '规格', dataIndex: 'packing', render: (packing: string | null) => packing ?? '' },
  { title: '单价', dataIndex: 'actualPrice', align: 'right', render: (cents: number) => <YuanText cents={cents} /> },
  { title: '购买数量', dataIndex: 'amount', align: 'right' },
];

const HISTORY_COLUMNS: ColumnsType<AfterSaleSummary> = [
  {
    title: '售后单号',
    dataIndex: 'code',
    render: (code: string) => (
      <Link to={aftersaleRequestPath(code)} className="console-link">
        {code}
      </Link>
    ),
  },
  { title: '订单号', dataIndex: 'ordersCode' },
  { title: '类型', dataIndex: 'typeName' },
  { title: '原因', dataIndex: 'reasonName' },
  {
    title: '退款金额',
    dataIndex: 'refundAmount',
    align: 'right',
    render: (cents: number) => <YuanText cents={cents} />,
  },
  { title: '申请时间', dataIndex: 'createdAt', render: (at: string) => formatDateTime(at, 'YYYY-MM-DD HH:mm') },
  {
    title: '状态',
    dataIndex: 'status',
    render: (status: AfterSaleSummary['status']) => <AftersaleStateTag status={status} />,
  },
];

/** 同意 (a 退货退款 with the address the goods go back to, the mall's to start with) and 驳回 with a reason. */
function ReviewSection({ request }: { request: ConsoleAfterSaleDetail }) {
  const decision = useAfterSaleDecision(request.code);
  const { message, modal } = useFeedback();
  const { afterSaleReturnAddress } = useMallConfig();
  const [approveForm] = Form.useForm<{ returnAddress: string }>();
  const [rejectForm] = Form.useForm<{ reason: string }>();
  const isReturn = request.type === 'returnRefund';

  const decide = async (act: AfterSaleDecision, done: string) => {
    try {
      await decision.mutateAsync(act);
      message.success(done);
    } catch (error) {
      message.error(getErrorMessage(error));
    }
  };

  const handleApprove = ({ returnAddress }: { returnAddress?: string }) =>
    modal.confirm({
      title: '同意该售后申请？',
      content: isReturn
        ? '会员将收到短信，按退货地址寄回商品；收到商品后请点“确认收货”退款。'
        : '同意后将按系统计算的金额原路退款，会员将收到短信。',
      okText: '同意',
      cancelText: '取消',
      onOk: () =>
        decide(
          isReturn ? { act: 'approve', returnAddress: returnAddress?.trim() } : { act: 'approve' },
          '已同意售后申请',
        ),
    });

  return (
    <section className="card" aria-labelledby="aftersale-review-title">
      <h2 id="aftersale-review-title" className="card__title console-aftersale-subtitle">
        审核
      </h2>
      <Form
        form={approveForm}
        name="aftersale-approve"
        layout="vertical"
        requiredMark={false}
        initialValues={{ returnAddress: afterSaleReturnAddress }}
        onFinish={handleApprove}
      >
        {isReturn ? (
          <Form.Item
            name="returnAddress"
            label="退货地址"
            rules={requiredFieldRules(
              afterSaleApproveBodySchema.shape.returnAddress,
              AFTERSALE_MSG.returnAddressRequired,
            )}
          >
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 3 }}
              maxLength={AFTERSALE_RETURN_ADDRESS_MAX_LENGTH}
              showCount
            />
          </Form.Item>
        ) : null}
        <Button type="primary" htmlType="submit" icon={<CheckOutlined />} loading={decision.isPending}>
          同意
        </Button>
      </Form>
      <Form
        form={rejectForm}
        name="aftersale-reject"
        layout="vertical"
        requiredMark={false}
        className="console-aftersale-reject"
        onFinish={({ reason }) => decide({ act: 'reject', reason: reason.trim() }, '已驳回售后申请')}
      >
        <Form.Item
          name="reason"
          label="驳回原因"
          rules={requiredFieldRules(afterSaleRejectBodySchema.shape.reason, AFTERSALE_MSG.rejectReasonRequired)}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 4 }}
            maxLength={AFTERSALE_REJECT_REASON_MAX_LENGTH}
            showCount
          />
        </Form.Item>
        <fieldset className="console-aftersale-picks">
          <legend>常用原因</legend>
          {AFTERSALE_REJECT_SUGGESTIONS.map((reason) => (
            <Button
              key={reason}
              size="small"
              onClick={() => rejectForm.setFields([{ name: 'reason', value: reason, errors: [] }])}
            >
              {reason}
            </Button>
          ))}
        </fieldset>
        <Button danger htmlType="submit" icon={<CloseOutlined />} loading={decision.isPending}>
          驳回
        </Button>
      </Form>
    </section>
  );
}

/** 待寄回 with the member's waybill: 确认收货 when the parcel arrived, which starts the refund. */
function ReturnSection({ request }: { request: ConsoleAfterSaleDetail }) {
  const decision = useAfterSaleDecision(request.code);
  const { message, modal } = useFeedback();
  const handleConfirm = () =>
    modal.confirm({
      title: '确认已收到退回的商品？',
      content: `快递：${request.returnCarrier ?? ''} ${request.returnWaybillNo ?? ''}。确认后将原路退款，不能撤回。`,
      okText: '确认收货',
      cancelText: '取消',
      onOk: () =>
        decision.mutateAsync({ act: 'confirmReturn' }).then(
          () => message.success('已确认收货，正在退款'),
          (error) => message.error(getErrorMessage(error)),
        ),
    });
  return (
    <section className="card" aria-labelledby="aftersale-return-title">
      <h2 id="aftersale-return-title" className="card__title console-aftersale-subtitle">
        退货
      </h2>
      <p>
        寄回快递：{request.returnCarrier} {request.returnWaybillNo}
      </p>
      <Button type="primary" icon={<InboxOutlined />} onClick={handleConfirm} loading={decision.isPending}>
        确认收货
      </Button>
    </section>
  );
}

/** 退款中 whose refund the payment gateway refused: why, and 重新退款. */
function RefundRefusedSection({ request }: { request: ConsoleAfterSaleDetail }) {
  const decision = useAfterSaleDecision(request.code);
  const { message } = useFeedback();
  const handleRefundAgain = () =>
    decision.mutateAsync({ act: 'refundAgain' }).then(
      () => message.success('已重新发起退款'),
      (error) => message.error(getErrorMessage(error)),
    );
  return (
    <section className="card" aria-labelledby="aftersale-refund-title">
      <h2 id="aftersale-refund-title" className="card__title console-aftersale-subtitle">
        退款
      </h2>
      <Alert type="error" showIcon title={`支付渠道退款失败：${request.refundFailure ?? '未知原因'}`} />
      <Button type="primary" onClick={handleRefundAgain} loading={decision.isPending}>
        重新退款
      </Button>
    </section>
  );
}

function RequestView({ request }: { request: ConsoleAfterSaleDetail }) {
  const canReadOrders = useCan('orders.read');
  const { order } = request;
  const canReview = request.actions.includes('approve') || request.actions.includes('reject');
  const isHeldByLimit = request.isAboveLimit && request.actions.length === 0 && request.status === 'pending';
  return (
    <>
      <section className="card" aria-labelledby="aftersale-title">
        <div className="card__header console-aftersale-header">
          <h2 id="aftersale-title" className="card__title">
            {request.typeName} {request.code}
          </h2>
          <AftersaleStateTag status={request.status} />
        </div>
        {isHeldByLimit ? <Alert type="warning" showIcon title={AFTERSALE_MSG.overLimit} /> : null}
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label="会员手机">{request.memberPhone}</Descriptions.Item>
          <Descriptions.Item label="申请时间">
            {formatDateTime(request.createdAt, 'YYYY-MM-DD HH:mm')}
          </Descriptions.Item>
          <Descriptions.Item label="售后原因">{request.reasonName}</Descriptions.Item>
          <Descriptions.Item label="退款金额">
            <span data-testid="console-aftersale-amount">
              <YuanText cents={request.refundAmount} />
            </span>
            {request.freightAmount > 0 ? (
              <span>
                （含运费 <YuanText cents={request.freightAmount} />）
              </span>
            ) : null}
          </Descriptions.Item>
          <Descriptions.Item label="退回健康币">{request.refundCoins}</Descriptions.Item>
          {request.description ? (
            <Descriptions.Item label="问题描述" span={{ xs: 1, sm: 2, lg: 3 }}>
              {request.description}
            </Descriptions.Item>
          ) : null}
          {request.rejectReason ? <Descriptions.Item label="驳回原因">{request.rejectReason}</Descriptions.Item> : null}
          {request.returnAddress ? (
            <Descriptions.Item label="退货地址">{request.returnAddress}</Descriptions.Item>
          ) : null}
        </Descriptions>
        <RowsView
          label="申请售后的商品"
          items={request.lines}
          rowKey={(line) => String(line.lineId)}
          columns={[
            { title: '售后商品', dataIndex: 'productName' },
            { title: '规格', dataIndex: 'packing', render: (packing: string | null) => packing ?? '' },
            {
              title: '单价',
              dataIndex: 'actualPrice',
              align: 'right',
              render: (cents: number) => <YuanText cents={cents} />,
            },
            { title: '申请数量', dataIndex: 'quantity', align: 'right' },
          ]}
          isLoading={false}
          emptyText="没有商品"
          card={(line) => (
            <div className="console-card">
              <span className="console-card__head">{line.productName}</span>
              <CardLine label="申请数量">{line.quantity}</CardLine>
              <CardLine label="单价">
                <YuanText cents={line.actualPrice} />
              </CardLine>
            </div>
          )}
        />
        {request.photos.length ? (
          <div className="console-aftersale-photos">
            <Image.PreviewGroup>
              {request.photos.map((url, index) => (
                <Image key={url} src={url} width={96} height={96} alt={`会员上传的售后照片${index + 1}`} />
              ))}
            </Image.PreviewGroup>
            <p className="console-muted">照片链接10分钟内有效，过期请刷新页面。</p>
          </div>
        ) : null}
      </section>

      {canReview ? <ReviewSection request={request} /> : null}
      {request.actions.includes('confirmReturn') ? <ReturnSection request={request} /> : null}
      {request.actions.includes('refundAgain') ? <RefundRefusedSection request={request} /> : null}

      <section className="card" aria-labelledby="aftersale-progress-title">
        <h2 id="aftersale-progress-title" className="card__title console-aftersale-subtitle">
          处理进度
        </h2>
        <Steps
          orientation="vertical"
          size="small"
          current={Math.max(0, request.timeline.filter((step) => step.reached).length - 1)}
          items={request.timeline.map((step) => ({
            title: step.label,
            status: !step.reached ? 'wait' : step.step === 'rejected' || step.step === 'cancelled' ? 'error' : 'finish',
            content: [step.time ? formatDateTime(step.time, 'YYYY-MM-DD HH:mm') : '', step.note ?? '']
              .filter(Boolean)
              .join(' · '),
          }))}
        />
      </section>

      <section className="card" aria-labelledby="aftersale-order-title">
        <h2 id="aftersale-order-title" className="card__title console-aftersale-subtitle">
          订单{' '}
          {canReadOrders ? (
            <Link to={orderPath(order.ordersCode)} className="console-link">
              {order.ordersCode}
            </Link>
          ) : (
            order.ordersCode
          )}
        </h2>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label="订单状态">{order.orderStatusName}</Descriptions.Item>
          <Descriptions.Item label="收货人">{order.consignee}</Descriptions.Item>
          <Descriptions.Item label="下单时间">
            {formatDateTime(order.creationDate, 'YYYY-MM-DD HH:mm')}
          </Descriptions.Item>
          <Descriptions.Item label="付款时间">{formatDateTime(order.paidAt, 'YYYY-MM-DD HH:mm')}</Descriptions.Item>
          <Descriptions.Item label="发货时间">
            {formatDateTime(order.shippingTime, 'YYYY-MM-DD HH:mm')}
          </Descriptions.Item>
          <Descriptions.Item label="收货时间">{formatDateTime(order.receivedAt, 'YYYY-MM-DD HH:mm')}</Descriptions.Item>
          <Descriptions.Item label="商品金额">
            <YuanText cents={order.productMoney} />
          </Descriptions.Item>
          <Descriptions.Item label="运费">
            <YuanText cents={order.transportCosts} />
          </Descriptions.Item>
          <Descriptions.Item label="优惠">
            <YuanText cents={order.couponValue} />
          </Descriptions.Item>
          <Descriptions.Item label="健康币抵扣">
            <YuanText cents={order.mallCoinMoney} />
          </Descriptions.Item>
          <Descriptions.Item label="实付">
            <YuanText cents={order.sum} />
          </Descriptions.Item>
        </Descriptions>
        <RowsView
          label="订单商品"
          items={order.lines}
          rowKey={(line) => String(line.lineId)}
          columns={ORDER_LINE_COLUMNS}
          isLoading={false}
          emptyText="没有商品"
          card={(line) => (
            <div className="console-card">
              <span className="console-card__head">{line.productName}</span>
              <CardLine label="单价">
                <YuanText cents={line.actualPrice} />
              </CardLine>
              <CardLine label="购买数量">{line.amount}</CardLine>
            </div>
          )}
        />
      </section>

      <section className="card" aria-labelledby="aftersale-history-title">
        <h2 id="aftersale-history-title" className="card__title console-aftersale-subtitle">
          该会员的其他售后申请
        </h2>
        <RowsView
          label="该会员的其他售后申请"
          items={request.history}
          rowKey={(item) => item.code}
          columns={HISTORY_COLUMNS}
          isLoading={false}
          emptyText="没有其他售后申请"
          card={(item) => (
            <div className="console-card">
              <span className="console-card__head">
                <Link to={aftersaleRequestPath(item.code)} className="console-link">
                  {item.code}
                </Link>
                <AftersaleStateTag status={item.status} />
              </span>
              <CardLine label="类型">
                {item.typeName}，{item.reasonName}
              </CardLine>
              <CardLine label="退款金额">
                <YuanText cents={item.refundAmount} />
              </CardLine>
              <CardLine label="申请时间">{formatDateTime(item.createdAt, 'YYYY-MM-DD HH:mm')}</CardLine>
            </div>
          )}
        />
      </section>
    </>
  );
}

/**
 * One after-sales request: what the member asked (goods, reason, photos, the computed amount), 同意 / 驳回 while
 * 审核中, 确认收货 once the goods are on their way back, the progress, the order, the member's other requests.
 */
export function AftersaleRequestPage() {
  const { code = '' } = useParams();
  const request = useConsoleAfterSale(code);
  const back = (
    <Link to="/admin/aftersales" className="console-aftersale-back">
      <ArrowLeftOutlined /> 返回售后申请
    </Link>
  );
  return (
    <div className="console-page">
      {back}
      {request.isError ? (
        <Alert type="error" showIcon title={getErrorMessage(request.error)} />
      ) : request.data ? (
        <RequestView request={request.data} />
      ) : (
        <div className="card">
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      )}
    </div>
  );
}
