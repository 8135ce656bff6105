import {
  CheckCircleFilled,
  ClockCircleFilled,
  CloseCircleFilled,
  EnvironmentOutlined,
  FileTextOutlined,
  ShoppingOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { formatCountdown } from '@anxin/shared/common/countdown';
import { MSG } from '@anxin/shared/common/messages';
import { formatYuan } from '@anxin/shared/common/money';
import {
  GUEST_MOBILE_PAY_SOURCE,
  GUEST_PAID_TYPES,
  GUEST_PAY_MSG,
  GUEST_PAY_TEXT,
} from '@anxin/shared/guest-pay/guest-pay.constants';
import type { GuestOrder } from '@anxin/shared/guest-pay/guest-pay.contract';
import { Button, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { useGuestOrder } from '../api/get-guest-order.ts';
import { isLinkTimedOut } from '../api/guest-pay-errors.ts';
import { usePayGuestOrder } from '../api/pay-guest-order.ts';
import { GuestOutcome, GuestPayFrame } from '../components/guest-pay-frame.tsx';
import { OrderItems } from '../components/order-items.tsx';
import { MOBILE_PREFIX, useGuestPayPaths } from '../lib/guest-pay-paths.ts';
import { isThisBrowserMobile } from '../lib/mobile-browser.ts';
import { recallPayReturn, rememberPayReturn } from '../lib/pay-return.ts';
import { usePayCountdown } from '../lib/use-pay-countdown.ts';

// A link out of the flow (首页, the member's order) loads the site's page afresh (`reloadDocument`): the flow's
// pages are a script of their own (app/guest-router.tsx). The phone pages have none: the site's pages keep their
// 1240 px layout (guest-pay-paths.ts).

// 设置登录密码 (a form with its checks) shows once the order is paid, to an account without a password: its own
// script part, fetched then.
const GuestPasswordCard = lazy(async () => ({
  default: (await import('../components/guest-password-card.tsx')).GuestPasswordCard,
}));

/** Payment type 1: cash on delivery (the rest is paid online). */
const CASH_ON_DELIVERY = 1;

const yuan = (cents: number) => `¥${formatYuan(cents)}`;
/** Paid, or (cash on delivery) on its way: one of the types the spec counts as paid, or the money is in. */
const isPaidOrder = (order: GuestOrder) =>
  order.isPaid || (GUEST_PAID_TYPES as readonly string[]).includes(order.orderType);
/** Still to be paid: waitPay, or waitAudit (a prescription order before its payment) not yet paid. */
const isWaitingOrder = (order: GuestOrder) =>
  !order.isPaid && (order.orderType === 'waitPay' || order.orderType === 'waitAudit');

function OrderFacts({ order }: { order: GuestOrder }) {
  const isCashOnDelivery = order.paymentType === CASH_ON_DELIVERY;
  return (
    <section className="guest-card" aria-labelledby="guest-facts-title">
      <h2 className="guest-card__title" id="guest-facts-title">
        <EnvironmentOutlined /> 收货信息
      </h2>
      <dl className="guest-fields">
        <dt>收货人</dt>
        <dd data-testid="guest-consignee">{order.consignee}</dd>
        <dt>联系电话</dt>
        <dd>{order.consigneePhone}</dd>
        <dt>收货地址</dt>
        <dd>{order.deliveryAddress}</dd>
        <dt>支付方式</dt>
        <dd>
          {order.paymentTypeName}
          {isCashOnDelivery ? (
            <span className="guest-fields__advance">
              {GUEST_PAY_TEXT.advancePayment}：{yuan(order.advanceSum)}
            </span>
          ) : null}
        </dd>
        <dt>下单时间</dt>
        <dd>{dayjs(order.orderTime).format('YYYY-MM-DD HH:mm:ss')}</dd>
      </dl>
    </section>
  );
}

function OrderCosts({ order }: { order: GuestOrder }) {
  const isCashOnDelivery = order.paymentType === CASH_ON_DELIVERY;
  return (
    <section className="guest-card" aria-labelledby="guest-costs-title">
      <h2 className="guest-card__title" id="guest-costs-title">
        <FileTextOutlined /> 费用明细
      </h2>
      <dl className="guest-costs">
        <div className="guest-costs__row">
          <dt>商品金额</dt>
          <dd>{yuan(order.productMoney)}</dd>
        </div>
        <div className="guest-costs__row">
          <dt>运费</dt>
          <dd>{order.transportCosts > 0 ? `+${yuan(order.transportCosts)}` : '免运费'}</dd>
        </div>
        {order.couponValue > 0 ? (
          <div className="guest-costs__row guest-costs__row--minus">
            <dt>健康补贴</dt>
            <dd>-{yuan(order.couponValue)}</dd>
          </div>
        ) : null}
        {order.mallCoinMoney > 0 ? (
          <div className="guest-costs__row guest-costs__row--minus">
            <dt>健康币抵扣</dt>
            <dd>-{yuan(order.mallCoinMoney)}</dd>
          </div>
        ) : null}
        <div className="guest-costs__total">
          {/* Cash on delivery: all of it is paid at the door (its advance payment is 0). */}
          <dt>{isCashOnDelivery ? '货到应付' : '实付金额'}</dt>
          <dd>
            <strong data-testid="guest-sum">{yuan(order.sum)}</strong>
          </dd>
        </div>
      </dl>
      <p className="guest-order-code">
        订单编号：<span data-testid="guest-orders-code">{order.ordersCode}</span>
      </p>
    </section>
  );
}

/** The id of the order's details: 查看订单详情 on the phone scrolls to them. */
const ORDER_DETAILS_ID = 'guest-order-details';

function OrderDetails({ order }: { order: GuestOrder }) {
  return (
    <div id={ORDER_DETAILS_ID}>
      <OrderFacts order={order} />
      <section className="guest-card" aria-labelledby="guest-items-title">
        <h2 className="guest-card__title" id="guest-items-title">
          <ShoppingOutlined /> 商品清单
        </h2>
        <OrderItems lines={order.orderProducts} />
      </section>
      <OrderCosts order={order} />
    </div>
  );
}

type WaitingViewProps = { order: GuestOrder; linkKey: string; consigneePhone: string; onPaidOrGone: () => void };

/** Waiting for payment: the countdown, the order, 立即支付 (the inquiry first for an incomplete prescription). */
function WaitingView({ order, linkKey, consigneePhone, onPaidOrGone }: WaitingViewProps) {
  const navigate = useNavigate();
  const paths = useGuestPayPaths();
  const { message } = useFeedback();
  const pay = usePayGuestOrder(linkKey);
  const [isLeaving, setIsLeaving] = useState(false);
  const hasCountdown = order.paymentDeadline !== null;
  const secondsLeft = usePayCountdown(order.remainingPaySeconds, hasCountdown);
  const isTimedOut = hasCountdown && secondsLeft === 0;
  const needsInquiry = order.isRxDrug && !order.isPrescriptionComplete;

  const handlePay = async () => {
    if (isTimedOut) {
      message.error(GUEST_PAY_MSG.orderTimeout);
      return;
    }
    if (needsInquiry) {
      navigate(paths.inquiry(linkKey, consigneePhone));
      return;
    }
    try {
      const { payUrl } = await pay.mutateAsync(paths.isMobile ? GUEST_MOBILE_PAY_SOURCE : 'PC');
      setIsLeaving(true);
      rememberPayReturn({ ordersCode: order.ordersCode, key: linkKey, consigneePhone });
      window.location.assign(payUrl);
    } catch (error) {
      if (isLinkTimedOut(error)) navigate(paths.timeout, { replace: true });
      else {
        message.error(getErrorMessage(error, MSG.requestError));
        // The order may have been paid or cancelled meanwhile: read it again.
        if (isApiError(error) && error.status === 409) onPaidOrGone();
      }
    }
  };

  return (
    <>
      <section className="guest-status" data-testid="guest-status">
        <ClockCircleFilled className="guest-status__icon" />
        <div>
          <p className="guest-status__title">{isTimedOut ? GUEST_PAY_MSG.orderTimeout : '订单待支付'}</p>
          {hasCountdown ? (
            <p className="guest-status__countdown" role="timer" aria-live="off" data-testid="pay-countdown">
              {GUEST_PAY_TEXT.countdown}
              <strong>{formatCountdown(secondsLeft)}</strong>
            </p>
          ) : (
            <p className="guest-status__countdown">请尽快完成支付，以便药房为您发货</p>
          )}
        </div>
      </section>
      {needsInquiry ? (
        <p className="guest-notice" role="note">
          您的订单含处方药，请先完善用药人与问诊信息，药师审核通过后为您发货。
        </p>
      ) : null}
      <OrderDetails order={order} />
      <div className="guest-paybar">
        {isTimedOut ? (
          <span className="guest-paybar__timeout" role="alert">
            {GUEST_PAY_MSG.orderTimeout}
          </span>
        ) : null}
        <span className="guest-paybar__sum">
          实付：<strong>{yuan(order.sum)}</strong>
        </span>
        <Button type="primary" size="large" loading={pay.isPending || isLeaving} onClick={() => void handlePay()}>
          {needsInquiry ? '去完善问诊' : GUEST_PAY_TEXT.payButton}
        </Button>
      </div>
    </>
  );
}

/** Cancelled: the order as it was, under a grey banner, and (on the desktop) the way home. */
function CanceledView({ order }: { order: GuestOrder }) {
  const { home } = useGuestPayPaths();
  return (
    <>
      <section className="guest-status guest-status--canceled" data-testid="guest-status">
        <CloseCircleFilled className="guest-status__icon" />
        <div>
          <p className="guest-status__title">{GUEST_PAY_TEXT.canceled}</p>
          <p className="guest-status__countdown">超时未支付或已取消的订单无法继续支付，如需购买请联系客服重新下单</p>
        </div>
      </section>
      <OrderDetails order={order} />
      {home ? (
        <div className="guest-paybar">
          <Link to={home} reloadDocument>
            <Button size="large">{GUEST_PAY_TEXT.goHome}</Button>
          </Link>
        </div>
      ) : null}
    </>
  );
}

/**
 * Paid (or, for cash on delivery, confirmed): nothing left to do here. 查看订单详情 opens the member's order on
 * the desktop, and on the phone scrolls to the order's details below.
 */
function PaidNotice({ order }: { order: GuestOrder }) {
  const isCashOnDelivery = order.paymentType === CASH_ON_DELIVERY;
  const { home, orderDetail } = useGuestPayPaths();
  const detailPath = orderDetail(order.ordersCode);
  return (
    <GuestOutcome
      testId="guest-paid"
      icon={<CheckCircleFilled />}
      title={isCashOnDelivery ? '订单已确认，货到付款' : GUEST_PAY_TEXT.paid}
      text={
        isCashOnDelivery
          ? `订单编号：${order.ordersCode}，收货时请支付${yuan(order.sum)}，药房将尽快为您发货。`
          : `订单编号：${order.ordersCode}，药房将尽快为您发货。`
      }
      action={
        <>
          {home ? (
            <Link to={home} reloadDocument>
              <Button type="primary" size="large">
                {GUEST_PAY_TEXT.goHome}
              </Button>
            </Link>
          ) : null}
          {detailPath ? (
            <Link to={detailPath} reloadDocument>
              <Button size="large">查看订单详情</Button>
            </Link>
          ) : (
            <Button
              type="primary"
              size="large"
              onClick={() => document.getElementById(ORDER_DETAILS_ID)?.scrollIntoView({ behavior: 'smooth' })}
            >
              查看订单详情
            </Button>
          )}
        </>
      }
    />
  );
}

/**
 * /payJianke/messagePayment?key&consigneePhone (and its /m/ twin): the link's order after the phone was
 * confirmed. Waiting for payment it counts down (剩余支付时间, one tick a second, stopping at zero or when the
 * order is no longer waiting) and offers 立即支付 to the cashier; a cancelled order shows as such; a paid one
 * gives the 订单已支付 notice with the order below it. The cashier comes back with `?ordersCode` only
 * (lib/pay-return.ts): the page takes the key and phone its tab kept, or asks for the SMS link.
 */
export function MessagePaymentPage() {
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const linkKey = search.get('key') ?? '';
  const consigneePhone = search.get('consigneePhone') ?? '';
  const returnedFor = linkKey ? '' : (search.get('ordersCode') ?? '');
  const paths = useGuestPayPaths();
  const isPhoneOnDesktopPage = !paths.isMobile && isThisBrowserMobile();
  const order = useGuestOrder(isPhoneOnDesktopPage ? '' : linkKey, consigneePhone);

  if (isPhoneOnDesktopPage) return <Navigate replace to={`${MOBILE_PREFIX}${pathname}?${search.toString()}`} />;
  if (returnedFor) {
    const payReturn = recallPayReturn(returnedFor);
    if (payReturn) return <Navigate replace to={paths.payment(payReturn.key, payReturn.consigneePhone)} />;
    return (
      <GuestPayFrame title="订单支付">
        <GuestOutcome
          testId="guest-return-unknown"
          icon={<WarningOutlined />}
          tone="muted"
          title="请从短信链接查看订单"
          text={`订单编号：${returnedFor}。支付结果请重新打开短信中的订单链接查看。`}
        />
      </GuestPayFrame>
    );
  }
  if (isLinkTimedOut(order.error)) return <Navigate replace to={paths.timeout} />;
  // Not signed in (another browser, or the session ended): the entry page confirms the phone again.
  if (isApiError(order.error) && order.error.status === 401) return <Navigate replace to={paths.entry(linkKey)} />;

  let content: React.ReactNode;
  if (order.isPending && linkKey) {
    content = (
      <section className="guest-card" aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </section>
    );
  } else if (!order.data) {
    content = (
      <GuestOutcome
        testId="guest-order-failed"
        icon={<WarningOutlined />}
        tone="muted"
        title={GUEST_PAY_MSG.orderLoadFailed}
        text={order.error ? getErrorMessage(order.error, MSG.requestError) : '链接中缺少订单信息'}
        action={
          linkKey ? (
            <Button type="primary" size="large" onClick={() => void order.refetch()}>
              重新加载
            </Button>
          ) : null
        }
      />
    );
  } else if (isWaitingOrder(order.data)) {
    content = (
      <WaitingView
        order={order.data}
        linkKey={linkKey}
        consigneePhone={consigneePhone}
        onPaidOrGone={() => void order.refetch()}
      />
    );
  } else if (isPaidOrder(order.data)) {
    content = (
      <>
        <PaidNotice order={order.data} />
        {order.data.hasPassword ? null : (
          <Suspense fallback={null}>
            <GuestPasswordCard linkKey={linkKey} phone={consigneePhone} />
          </Suspense>
        )}
        <OrderDetails order={order.data} />
      </>
    );
  } else {
    content = <CanceledView order={order.data} />;
  }

  return <GuestPayFrame title="订单支付">{content}</GuestPayFrame>;
}
