import { RightOutlined } from '@ant-design/icons';
import { hasUnusedGift } from '@anxin/shared/assets/assets.contract';
import { Button } from 'antd';
import { Link } from 'react-router';
import '../assets.css';
import { useGiftPack } from '../api/get-gift-pack.ts';
import { yuanText } from './asset-format.ts';

/**
 * The new-user gift pack on the member home (B §3), shown while any of its coupons is unused; nothing for a
 * member without one, or while the call is pending or failed.
 */
export function GiftBanner() {
  const { data } = useGiftPack();
  if (!data || !hasUnusedGift(data)) return null;
  const unused = data.giftPacksCouponDTOS.filter((coupon) => coupon.couponStatus === '0');
  const total = unused.reduce((sum, coupon) => sum + coupon.couponValue * coupon.couponAmount, 0);
  return (
    <section className="gift-banner" data-testid="gift-banner">
      <div>
        <p className="gift-banner__title">新人礼包 ¥{yuanText(total)} 健康补贴已到账</p>
        <p className="gift-banner__coupons">
          {unused
            .map((coupon) =>
              coupon.couponType === 4
                ? `${yuanText(coupon.couponValue)}元运费补贴`
                : `满${yuanText(coupon.minConsume)}减${yuanText(coupon.couponValue)}`,
            )
            .join(' · ')}
        </p>
      </div>
      <Link to="/user/account/coupon">
        <Button type="primary" danger>
          去使用 <RightOutlined />
        </Button>
      </Link>
    </section>
  );
}
