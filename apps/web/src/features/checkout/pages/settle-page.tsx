import { CheckCircleFilled, CreditCardOutlined, ExclamationCircleFilled, HomeOutlined } from '@ant-design/icons';
import { coinsToCents, maxCoinsFor } from '@anxin/shared/assets/assets.contract';
import {
  FREE_FREIGHT_THRESHOLD,
  type PlacedOrder,
  SETTLE_PAYMENT_TYPE_LABEL,
  SETTLE_PAYMENT_TYPES,
} from '@anxin/shared/checkout/checkout';
import { MSG } from '@anxin/shared/common/messages';
import { formatYuan } from '@anxin/shared/common/money';
import { freightText } from '@anxin/shared/mall/mall-config.rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Result, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { Price, YuanText } from '../../../components/price.tsx';
import { ProductTag } from '../../../components/product-tags.tsx';
import { getErrorMessage, getFailureMessage } from '../../../lib/api-client.ts';
import { addressesQueryOptions } from '../../addresses/index.ts';
import { SettleCoins, SettleCouponPicker } from '../../assets/index.ts';
import { SettleInvoice, useSettleInvoice } from '../../invoices/index.ts';
import { useMallConfig } from '../../mall/index.ts';
import { inquiryUrlFor, usePayNow } from '../../payments/index.ts';
import { memberVoQueryOptions } from '../../profile/index.ts';
import { useSettlement } from '../api/get-settlement.ts';
import { usePlaceOrder } from '../api/place-order.ts';
import { AddressPicker } from '../components/address-picker.tsx';
import '../../../components/shop-notice.css';
import '../checkout.css';

type PaymentType = (typeof SETTLE_PAYMENT_TYPES)[number];

const PAYMENT_HINT: Record<PaymentType, string> = { 99: '支持支付宝、微信支付', 1: '送货上门后再付款' };

/** 确认订单: address, payment type, the products and the amounts the server computed; 提交订单. */
export function SettlePage() {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const settlementId = searchParams.get('id') ?? '';
  const settlement = useSettlement(settlementId);
  // The address book opens in another tab to add an address: coming back here shows it.
  const addresses = useQuery({ ...addressesQueryOptions(), refetchOnWindowFocus: true });
  const queryClient = useQueryClient();
  const place = usePlaceOrder();
  const payNow = usePayNow();
  const mallConfig = useMallConfig();
  const [addressId, setAddressId] = useState<number>();
  const [paymentType, setPaymentType] = useState<PaymentType>(99);
  const [remark, setRemark] = useState('');
  const [placed, setPlaced] = useState<PlacedOrder>();
  // undefined: the best usable coupon (the server's first); null: none chosen.
  const [couponChoice, setCouponChoice] = useState<number | null>();
  const [isUsingCoins, setUsingCoins] = useState(false);
  const invoiceForm = useSettleInvoice();

  // The default address (first in the book) is chosen until the member picks another.
  useEffect(() => {
    const list = addresses.data ?? [];
    if (list.length && !list.some((address) => address.id === addressId)) setAddressId(list[0]!.id);
  }, [addresses.data, addressId]);

  if (placed) return <PlacedResult order={placed} />;

  if (!settlementId || settlement.isError) {
    return (
      <div className="container">
        <section className="card">
          <Result
            status="warning"
            title={settlementId ? getErrorMessage(settlement.error) : MSG.settlementExpired}
            extra={[
              <Link key="cart" to="/cart">
                <Button type="primary">返回购物车</Button>
              </Link>,
              <Link key="orders" to="/user/order/mine/all">
                <Button>查看我的订单</Button>
              </Link>,
            ]}
          />
        </section>
      </div>
    );
  }
  if (settlement.isPending) {
    return (
      <div className="container">
        <section className="card">
          <Skeleton active paragraph={{ rows: 10 }} />
        </section>
      </div>
    );
  }

  const view = settlement.data;
  const address = addresses.data?.find((item) => item.id === addressId);
  const isSubmitting = place.isPending || payNow.isPending;
  const coupon = couponChoice === undefined ? view.coupons[0] : view.coupons.find((item) => item.id === couponChoice);
  const discount = view.discount + (coupon?.discount ?? 0);
  // Coins pay at most the product money left after an ordinary coupon (never freight).
  const productDiscount = coupon && coupon.couponType !== 4 ? coupon.discount : 0;
  const maxCoins = maxCoinsFor(view.coinBalance, view.productMoney - productDiscount);
  const coins = isUsingCoins ? maxCoins : 0;
  const sum = Math.max(0, view.productMoney + view.freight - discount - coinsToCents(coins));
  // With the mall's onlinePay off only cash on delivery is offered (the server refuses online orders too).
  const paymentTypes = SETTLE_PAYMENT_TYPES.filter((type) => type !== 99 || mallConfig.onlinePay);
  const chosenPaymentType = paymentTypes.includes(paymentType) ? paymentType : paymentTypes[0]!;

  const submit = async () => {
    if (!address) {
      message.warning(MSG.addressRequired);
      return;
    }
    const invoiceChoice = await invoiceForm.read();
    if (!invoiceChoice.isValid) {
      message.warning(invoiceChoice.message);
      return;
    }
    let order: PlacedOrder;
    try {
      order = await place.mutateAsync({
        settlementId,
        addressId: address.id,
        paymentType: chosenPaymentType,
        remark: remark.trim() || undefined,
        couponId: coupon?.id ?? null,
        coins,
        invoice: invoiceChoice.invoice,
      });
    } catch (error) {
      message.error(getFailureMessage(error, MSG.requestError));
      return;
    }
    if (order.orderType !== 'waitPay') {
      setPlaced(order);
      return;
    }
    // An online order goes straight to the cashier.
    try {
      const member = await queryClient.ensureQueryData(memberVoQueryOptions());
      const { payUrl } = await payNow.mutateAsync({
        userId: Number(member.accountId),
        orderCodes: [order.ordersCode],
        paySource: order.paySource,
      });
      window.location.assign(payUrl);
    } catch (error) {
      message.error(getFailureMessage(error, MSG.requestError));
      navigate(`/user/order/detail/${order.ordersCode}`);
    }
  };

  return (
    <div className="container settle">
      <h1 className="settle__title">确认订单</h1>

      <section className="card settle__section">
        <header className="card__header">
          <h2 className="card__title">收货地址</h2>
          <a href="/user/personal/address" target="_blank" rel="noopener" className="card__more">
            管理收货地址
          </a>
        </header>
        {addresses.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : addresses.isError ? (
          <p className="settle__error">{getErrorMessage(addresses.error)}</p>
        ) : (
          <AddressPicker addresses={addresses.data} selectedId={addressId} onSelect={setAddressId} />
        )}
      </section>

      <section className="card settle__section">
        <header className="card__header">
          <h2 className="card__title">支付方式</h2>
        </header>
        <div className="settle-pay">
          {paymentTypes.map((type) => (
            <button
              key={type}
              type="button"
              aria-pressed={chosenPaymentType === type}
              className={`settle-pay__option${chosenPaymentType === type ? ' settle-pay__option--selected' : ''}`}
              onClick={() => setPaymentType(type)}
            >
              {type === 99 ? <CreditCardOutlined /> : <HomeOutlined />}
              <span>
                <strong>{SETTLE_PAYMENT_TYPE_LABEL[type]}</strong>
                <small>{PAYMENT_HINT[type]}</small>
              </span>
              {chosenPaymentType === type ? <CheckCircleFilled className="settle-pay__check" /> : null}
            </button>
          ))}
        </div>
        {mallConfig.onlinePay ? null : (
          <p className="settle-pay__note" data-testid="settle-online-pay-off">
            <ExclamationCircleFilled /> {MSG.onlinePayUnavailable}
          </p>
        )}
      </section>

      <section className="card settle__section">
        <header className="card__header">
          <h2 className="card__title">商品清单</h2>
          {view.source === 'cart' ? (
            <Link to="/cart" className="card__more">
              返回购物车修改
            </Link>
          ) : null}
        </header>
        {view.isRxDrug ? (
          <p className="shop-notice shop-notice--rx settle__rx">
            <ExclamationCircleFilled /> {mallConfig.rxSettleNotice}
          </p>
        ) : null}
        <div className="settle-items">
          <div className="settle-items__row settle-items__row--header">
            <span>商品信息</span>
            <span>单价</span>
            <span>数量</span>
            <span>小计</span>
          </div>
          {view.items.map((line) => (
            <div key={line.productCode} className="settle-items__row" data-testid="settle-line">
              <span className="settle-items__product">
                <img src={line.productImageUrl} alt={line.productName} width={64} height={64} />
                <span>
                  <span className="settle-items__name">
                    <ProductTag prescriptionType={line.prescriptionType} classCode={line.classCode} />
                    {line.productName}
                  </span>
                  <span className="settle-items__packing">规格：{line.packing}</span>
                </span>
              </span>
              <span>
                <YuanText cents={line.price} />
              </span>
              <span>× {line.quantity}</span>
              <span className="settle-items__total">
                <YuanText cents={line.lineTotal} />
              </span>
            </div>
          ))}
        </div>
        <div className="settle__remark">
          <label htmlFor="settle-remark">订单备注</label>
          <Input
            id="settle-remark"
            value={remark}
            maxLength={100}
            showCount
            placeholder="选填，请先和客服协商一致"
            onChange={(event) => setRemark(event.target.value)}
          />
        </div>
      </section>

      <SettleCouponPicker coupons={view.coupons} value={coupon?.id ?? null} onChange={setCouponChoice} />
      <SettleInvoice form={invoiceForm.form} />
      <SettleCoins balance={view.coinBalance} maxCoins={maxCoins} isUsed={isUsingCoins} onChange={setUsingCoins} />

      <section className="card settle__summary">
        <dl className="settle__amounts">
          <dt>商品金额：</dt>
          <dd>
            <YuanText cents={view.productMoney} />
          </dd>
          <dt>运费：</dt>
          <dd>
            {view.freight === 0 ? '免运费' : `¥${formatYuan(view.freight)}`}
            <small className="settle__freight-rule">
              （{freightText(mallConfig.freight, FREE_FREIGHT_THRESHOLD)}）
            </small>
          </dd>
          {discount > 0 ? (
            <>
              <dt>优惠：</dt>
              <dd data-testid="settle-discount">-¥{formatYuan(discount)}</dd>
            </>
          ) : null}
          {coins > 0 ? (
            <>
              <dt>健康币抵扣：</dt>
              <dd data-testid="settle-coins-money">-¥{formatYuan(coinsToCents(coins))}</dd>
            </>
          ) : null}
        </dl>
        <div className="settle__pay-row">
          <div className="settle__deliver-to">
            {address ? (
              <>
                <span>寄送至：{address.deliveryAddress}</span>
                <span>
                  收货人：{address.consignee} {address.consigneePhone2}
                </span>
              </>
            ) : (
              <span className="settle__error">请选择收货地址</span>
            )}
          </div>
          <div className="settle__sum">
            应付总额：
            <Price cents={sum} size="large" label="" />
          </div>
        </div>
        <div className="settle__submit-row">
          <Button
            type="primary"
            size="large"
            className="settle__submit"
            loading={isSubmitting}
            disabled={!address}
            onClick={submit}
          >
            {view.isRxDrug ? mallConfig.rxOrderButtonText : '提交订单'}
          </Button>
        </div>
      </section>
    </div>
  );
}

/** After placing an order that is not paid at once: a prescription order or cash on delivery. */
function PlacedResult({ order }: { order: PlacedOrder }) {
  const detail = `/user/order/detail/${order.ordersCode}`;
  const isAudit = order.orderType === 'waitAudit';
  return (
    <div className="container">
      <section className="card settle-result">
        <Result
          status="success"
          title={isAudit ? '订单已提交，等待药师审核' : '订单提交成功'}
          subTitle={
            <>
              <span className="settle-result__line">订单编号：{order.ordersCode}</span>
              <span className="settle-result__line">
                {isAudit
                  ? '订单含处方药，请先完善问诊信息再付款，执业药师审核处方通过后发货。'
                  : `货到付款，送货上门后再付款，应付 ¥${formatYuan(order.sum)}。`}
              </span>
            </>
          }
          extra={
            isAudit
              ? [
                  <Link key="pay" to={inquiryUrlFor(order.ordersCode, order.paySource)}>
                    <Button type="primary" size="large">
                      立即付款
                    </Button>
                  </Link>,
                  <Link key="detail" to={detail}>
                    <Button size="large">查看订单</Button>
                  </Link>,
                ]
              : [
                  <Link key="detail" to={detail}>
                    <Button type="primary" size="large">
                      查看订单
                    </Button>
                  </Link>,
                  <Link key="shop" to="/search">
                    <Button size="large">继续购物</Button>
                  </Link>,
                ]
          }
        />
      </section>
    </div>
  );
}
