import { APP_ONLY_DEVICE_TYPE, type Coupon } from '@anxin/shared/assets/assets.contract';
import { formatDay, yuanText } from '../../../lib/format.ts';

const STAMP: Record<Coupon['status'], string | null> = { '0': null, '1': '已使用', '2': '已过期' };

/** One coupon: id, value, 满{min}元可用, scope, validity, 仅限APP使用 for deviceType '3'. */
export function CouponCard({ coupon }: { coupon: Coupon }) {
  const isFreight = coupon.couponType === 4;
  const stamp = STAMP[coupon.status];
  return (
    <li
      className={`coupon-card${stamp ? ' coupon-card--inactive' : ''}${isFreight ? ' coupon-card--freight' : ''}`}
      data-testid="coupon-card"
    >
      <div className="coupon-card__value">
        <span className="coupon-card__amount">
          <small>¥</small>
          {yuanText(coupon.couponValue)}
        </span>
        <span className="coupon-card__min">
          {coupon.minConsume > 0 ? `满${yuanText(coupon.minConsume)}元可用` : '无门槛'}
        </span>
      </div>
      <div className="coupon-card__body">
        <p className="coupon-card__kind">
          <span className="coupon-card__tag">{isFreight ? '运费补贴' : '活动补贴'}</span>
          {coupon.deviceType === APP_ONLY_DEVICE_TYPE ? (
            <span className="coupon-card__tag coupon-card__tag--app">仅限APP使用</span>
          ) : null}
        </p>
        <p className="coupon-card__range" title={coupon.usingRange}>
          {coupon.usingRange}
        </p>
        <p className="coupon-card__dates">
          有效期：{formatDay(coupon.activeDate)} 至 {formatDay(coupon.expiredDate)}
        </p>
        <p className="coupon-card__id">编号：{coupon.id}</p>
      </div>
      {stamp ? <span className="coupon-card__stamp">{stamp}</span> : null}
    </li>
  );
}
