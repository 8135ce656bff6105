import type { SettlementCoupon } from '@anxin/shared/assets/assets.contract';
import { formatYuan } from '@anxin/shared/common/money';
import { Radio } from 'antd';
import '../assets.css';
import { formatDay, yuanText } from '../../../lib/format.ts';

type Props = { coupons: SettlementCoupon[]; value: number | null; onChange: (couponId: number | null) => void };

/** 健康补贴 at settlement: the usable coupons (the best preselected by the page), at most one, or none. */
export function SettleCouponPicker({ coupons, value, onChange }: Props) {
  return (
    <section className="card settle__section settle-coupons" data-testid="settle-coupons">
      <h2 className="card__title">健康补贴</h2>
      {coupons.length === 0 ? (
        <p className="settle-coupons__none">暂无可用补贴</p>
      ) : (
        <Radio.Group
          className="settle-coupons__list"
          value={value ?? 0}
          onChange={(event) => onChange(event.target.value === 0 ? null : Number(event.target.value))}
        >
          {coupons.map((coupon) => (
            <Radio key={coupon.id} value={coupon.id} className="settle-coupons__item" data-testid="settle-coupon">
              <span className="settle-coupons__value">¥{yuanText(coupon.couponValue)}</span>
              <span>
                {coupon.couponType === 4 ? '运费补贴' : '活动补贴'} ·{' '}
                {coupon.minConsume > 0 ? `满${yuanText(coupon.minConsume)}元可用` : '无门槛'} · {coupon.usingRange}
              </span>
              <span className="settle-coupons__dates">有效期至 {formatDay(coupon.expiredDate)}</span>
              <span className="settle-coupons__discount">可抵 ¥{formatYuan(coupon.discount)}</span>
            </Radio>
          ))}
          <Radio value={0} className="settle-coupons__item" data-testid="settle-coupon-none">
            不使用补贴
          </Radio>
        </Radio.Group>
      )}
    </section>
  );
}
