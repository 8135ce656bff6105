import { AlipayCircleFilled, CheckCircleFilled, ExperimentOutlined, WechatFilled } from '@ant-design/icons';
import { MSG } from '@anxin/shared/common/messages';
import { isGuestPayPage } from '@anxin/shared/guest-pay/guest-pay.paths';
import { PAYMENT_CHANNEL_LABEL, type PaymentChannel, type PaymentStatus } from '@anxin/shared/payments/payments';
import { Button, Result, Skeleton } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { Price } from '../../../components/price.tsx';
import { getErrorMessage, getFailureMessage } from '../../../lib/api-client.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { useConfirmSandboxPayment } from '../api/confirm-sandbox-payment.ts';
import { useSandboxPayment } from '../api/get-sandbox-payment.ts';
import '../sandbox.css';

const CHANNELS: { channel: PaymentChannel; icon: React.ReactNode; hint: string }[] = [
  {
    channel: 'alipay',
    icon: <AlipayCircleFilled className="cashier-channel__icon--alipay" />,
    hint: '推荐支付宝用户使用',
  },
  { channel: 'wechat', icon: <WechatFilled className="cashier-channel__icon--wechat" />, hint: '微信扫码，安全便捷' },
];

/** Seconds before the cashier returns the shopper to the order after paying. */
const RETURN_AFTER_SECONDS = 3;

/**
 * The sandbox gateway's cashier (沙箱收银台), where payUrl leads while no real gateway is configured: the shopper
 * picks 支付宝 or 微信支付 and succeeds or fails; the gateway then notifies the mall, and the page returns the
 * shopper to the order.
 */
export function SandboxCashierPage() {
  const { paymentId = '' } = useParams();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const payment = useSandboxPayment(paymentId);
  const confirm = useConfirmSandboxPayment();
  const countdown = useCountdown();
  const [channel, setChannel] = useState<PaymentChannel>('alipay');
  const [outcome, setOutcome] = useState<{ status: PaymentStatus; returnUrl: string }>();

  const returnUrl = outcome?.returnUrl ?? payment.data?.returnUrl;
  const isPaidNow = outcome?.status === 'paid';
  // The guest link's pay page is a script of its own (guest.html): loaded as a new document, as a real gateway's
  // return would be.
  const goBack = useCallback(
    (url: string) => {
      if (isGuestPayPage(url.split('?')[0] ?? '')) window.location.assign(url);
      else navigate(url);
    },
    [navigate],
  );
  const { start: startCountdown } = countdown;
  useEffect(() => {
    if (!isPaidNow || !returnUrl) return;
    startCountdown(RETURN_AFTER_SECONDS);
    const timer = window.setTimeout(() => goBack(returnUrl), RETURN_AFTER_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [isPaidNow, returnUrl, goBack, startCountdown]);

  const decide = (decision: 'success' | 'fail') =>
    confirm.mutate(
      { paymentId, channel, outcome: decision },
      {
        onSuccess: setOutcome,
        onError: (error) => message.error(getFailureMessage(error, MSG.requestError)),
      },
    );

  const backToOrder = returnUrl ? (
    <Button key="order" type="primary" size="large" onClick={() => goBack(returnUrl)}>
      查看订单
    </Button>
  ) : null;

  let content: React.ReactNode;
  if (payment.isPending) {
    content = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (payment.isError) {
    content = <Result status="warning" title={getErrorMessage(payment.error)} subTitle="支付单不存在或已失效" />;
  } else if (outcome?.status === 'paid') {
    content = (
      <Result
        status="success"
        title="支付成功"
        subTitle={`已通过${PAYMENT_CHANNEL_LABEL[channel]}支付，${countdown.secondsLeft || RETURN_AFTER_SECONDS}秒后返回订单详情`}
        extra={backToOrder}
      />
    );
  } else if (outcome?.status === 'failed') {
    content = (
      <Result
        status="error"
        title="支付失败"
        subTitle="本次支付未完成，订单仍为待付款，可在订单详情中重新付款。"
        extra={backToOrder}
      />
    );
  } else if (outcome?.status === 'orphaned' || payment.data.status === 'orphaned') {
    content = (
      <Result status="warning" title="订单已关闭" subTitle="订单已取消或超时，款项将原路退回。" extra={backToOrder} />
    );
  } else if (payment.data.status !== 'pending') {
    content = (
      <Result
        status={payment.data.status === 'paid' ? 'success' : 'info'}
        title={payment.data.status === 'paid' ? '该订单已支付' : '该支付单已失效'}
        subTitle={payment.data.status === 'paid' ? '无需重复支付' : '请返回订单详情重新付款'}
        extra={backToOrder}
      />
    );
  } else {
    const view = payment.data;
    content = (
      <>
        <div className="cashier__order">
          <div className="cashier__order-text">
            <CheckCircleFilled className="cashier__order-icon" />
            <div>
              <p className="cashier__order-title">订单提交成功，请尽快付款！</p>
              <p className="cashier__order-meta">
                {view.subject}
                {view.orderCodes.length > 1 ? `：${view.orderCodes.join('、')}` : ''}
              </p>
            </div>
          </div>
          <div className="cashier__amount">
            应付金额
            <Price cents={view.amount} size="large" label="" />
          </div>
        </div>
        <h2 className="cashier__heading">选择支付方式</h2>
        <div className="cashier-channels">
          {CHANNELS.map((item) => (
            <button
              key={item.channel}
              type="button"
              aria-pressed={channel === item.channel}
              className={`cashier-channel${channel === item.channel ? ' cashier-channel--selected' : ''}`}
              onClick={() => setChannel(item.channel)}
            >
              {item.icon}
              <span>
                <strong>{PAYMENT_CHANNEL_LABEL[item.channel]}</strong>
                <small>{item.hint}</small>
              </span>
            </button>
          ))}
        </div>
        <div className="cashier__actions">
          <Button
            type="primary"
            size="large"
            className="cashier__pay"
            loading={confirm.isPending && confirm.variables?.outcome === 'success'}
            disabled={confirm.isPending}
            onClick={() => decide('success')}
          >
            支付成功
          </Button>
          <Button
            size="large"
            danger
            loading={confirm.isPending && confirm.variables?.outcome === 'fail'}
            disabled={confirm.isPending}
            onClick={() => decide('fail')}
          >
            支付失败
          </Button>
        </div>
        <p className="cashier__note">
          沙箱说明：“支付成功”模拟用户在{PAYMENT_CHANNEL_LABEL[channel]}
          完成付款，网关随后向商城发送签名的异步通知，订单变为待发货；“支付失败”模拟付款未完成。不会产生真实扣款。
        </p>
      </>
    );
  }

  return (
    <div className="container cashier">
      <div className="cashier__banner" role="note">
        <ExperimentOutlined /> 沙箱收银台 · 仅用于演示和测试，不会产生真实扣款
      </div>
      <section className="card cashier__card">{content}</section>
    </div>
  );
}
