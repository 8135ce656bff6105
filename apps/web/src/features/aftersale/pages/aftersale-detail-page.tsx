import { LeftOutlined } from '@ant-design/icons';
import {
  type AfterSaleDetail,
  type AfterSaleReturnShipmentBody,
  afterSaleReturnShipmentBodySchema,
} from '@anxin/shared/aftersale/aftersale.contract';
import { Button, Form, Image, Input, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { Price, YuanText } from '../../../components/price.tsx';
import { Result } from '../../../components/result.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useCancelAfterSale } from '../api/cancel-aftersale.ts';
import { useAfterSale } from '../api/get-aftersale.ts';
import { useSendReturnShipment } from '../api/send-return-shipment.ts';
import { AftersaleLines } from '../components/aftersale-lines.tsx';
import { AftersaleStatusTag } from '../components/aftersale-status-tag.tsx';
import { AftersaleTimeline } from '../components/aftersale-timeline.tsx';
import '../aftersale.css';

const shipmentSchema = afterSaleReturnShipmentBodySchema.shape;

/** 待寄回: the return address, and the carrier and waybill the member sends the goods with (correctable). */
function ReturnShipmentForm({ request }: { request: AfterSaleDetail }) {
  const [form] = Form.useForm<AfterSaleReturnShipmentBody>();
  const send = useSendReturnShipment(request.code);
  const { message } = useFeedback();

  const handleFinish = async (values: AfterSaleReturnShipmentBody) => {
    try {
      await send.mutateAsync({ carrier: values.carrier.trim(), waybillNo: values.waybillNo.trim() });
      message.success('寄回信息已提交，商家收货后将为您退款');
    } catch (error) {
      const fields = isApiError(error)
        ? error.fields.flatMap(({ field, message: text }) =>
            field === 'carrier' || field === 'waybillNo' ? [{ name: field as typeof field, errors: [text] }] : [],
          )
        : [];
      if (fields.length) form.setFields(fields);
      else message.error(getErrorMessage(error));
    }
  };

  return (
    <section className="aftersale-section" aria-labelledby="aftersale-return-title">
      <h4 id="aftersale-return-title" className="aftersale-section__title">
        寄回商品
      </h4>
      <p className="aftersale-return__address" data-testid="aftersale-return-address">
        退货地址：{request.returnAddress}
      </p>
      <Form<AfterSaleReturnShipmentBody>
        form={form}
        name="aftersale-return"
        layout="vertical"
        requiredMark={false}
        className="aftersale-return__form"
        initialValues={{ carrier: request.returnCarrier ?? '', waybillNo: request.returnWaybillNo ?? '' }}
        onFinish={handleFinish}
      >
        <Form.Item name="carrier" label="快递公司" rules={[zodRule(shipmentSchema.carrier)]}>
          <Input placeholder="如：顺丰速运" maxLength={20} autoComplete="off" />
        </Form.Item>
        <Form.Item name="waybillNo" label="快递单号" rules={[zodRule(shipmentSchema.waybillNo)]}>
          <Input placeholder="请输入快递单号" maxLength={30} autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={send.isPending}>
          {request.returnWaybillNo ? '修改寄回信息' : '提交寄回信息'}
        </Button>
      </Form>
    </section>
  );
}

function DetailView({ request }: { request: AfterSaleDetail }) {
  const cancel = useCancelAfterSale();
  const { modal, message } = useFeedback();

  const handleCancel = () =>
    modal.confirm({
      title: '确定要取消该售后申请吗？',
      content: '取消后如仍需售后，可在售后期限内重新申请。',
      okText: '取消申请',
      cancelText: '再想想',
      okButtonProps: { danger: true },
      onOk: () =>
        cancel.mutateAsync(request.code).then(
          () => message.success('售后申请已取消'),
          (error) => message.error(getErrorMessage(error)),
        ),
    });

  return (
    <div className="aftersale-detail">
      <section className="aftersale-detail__status">
        <div className="aftersale-detail__status-main">
          <span className="aftersale-detail__type">{request.typeName}</span>
          <AftersaleStatusTag status={request.status} />
        </div>
        <span className="aftersale-detail__amount" data-testid="aftersale-refund">
          退款金额 <Price cents={request.refundAmount} label="" />
          {request.refundCoins > 0 ? (
            <span data-testid="aftersale-refund-coins">，退回健康币 {request.refundCoins} 个</span>
          ) : null}
        </span>
        {request.canCancel ? (
          <Button onClick={handleCancel} loading={cancel.isPending}>
            取消申请
          </Button>
        ) : null}
      </section>

      <section className="aftersale-section" aria-labelledby="aftersale-progress-title">
        <h4 id="aftersale-progress-title" className="aftersale-section__title">
          处理进度
        </h4>
        <AftersaleTimeline steps={request.timeline} />
      </section>

      {request.canEnterWaybill ? <ReturnShipmentForm request={request} /> : null}

      <section className="aftersale-section" aria-labelledby="aftersale-info-title">
        <h4 id="aftersale-info-title" className="aftersale-section__title">
          申请信息
        </h4>
        <dl className="aftersale-info">
          <dt>售后单号</dt>
          <dd>{request.code}</dd>
          <dt>订单号</dt>
          <dd>
            <Link to={`/user/order/detail/${encodeURIComponent(request.ordersCode)}`} className="aftersale-info__link">
              {request.ordersCode}
            </Link>
          </dd>
          <dt>申请时间</dt>
          <dd>{formatDateTime(request.createdAt, 'YYYY-MM-DD HH:mm')}</dd>
          <dt>售后原因</dt>
          <dd>{request.reasonName}</dd>
          {request.freightAmount > 0 ? (
            <>
              <dt>含运费</dt>
              <dd>
                <YuanText cents={request.freightAmount} />
              </dd>
            </>
          ) : null}
          {request.description ? (
            <>
              <dt>问题描述</dt>
              <dd>{request.description}</dd>
            </>
          ) : null}
          {request.rejectReason ? (
            <>
              <dt>驳回原因</dt>
              <dd>{request.rejectReason}</dd>
            </>
          ) : null}
          {request.returnWaybillNo ? (
            <>
              <dt>寄回快递</dt>
              <dd>
                {request.returnCarrier} {request.returnWaybillNo}
              </dd>
            </>
          ) : null}
        </dl>
        {request.photos.length ? (
          <div className="aftersale-detail__photos">
            <Image.PreviewGroup>
              {request.photos.map((url, index) => (
                <Image key={url} src={url} width={80} height={80} alt={`售后照片${index + 1}`} />
              ))}
            </Image.PreviewGroup>
          </div>
        ) : null}
        <AftersaleLines lines={request.lines} />
      </section>
    </div>
  );
}

/** /user/aftersale/{code}: one request, its timeline and what the member may do now. */
export function AftersaleDetailPage() {
  const { code = '' } = useParams();
  const request = useAfterSale(code);

  let body: React.ReactNode;
  if (request.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (request.isError) {
    const isMissing = isApiError(request.error) && request.error.status === 404;
    body = (
      <Result
        status={isMissing ? '404' : 'warning'}
        title={isMissing ? '售后申请不存在' : getErrorMessage(request.error)}
        extra={
          isMissing ? (
            <Link to="/user/aftersale">
              <Button type="primary">返回我的售后</Button>
            </Link>
          ) : (
            <Button onClick={() => void request.refetch()}>重试</Button>
          )
        }
      />
    );
  } else body = <DetailView request={request.data} />;

  return (
    <div className="card">
      <header className="card__header aftersale-head">
        <h3 className="card__title">售后详情</h3>
        <Link to="/user/aftersale" className="card__more aftersale-back">
          <LeftOutlined /> 返回我的售后
        </Link>
      </header>
      {body}
    </div>
  );
}
