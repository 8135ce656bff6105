import { RightOutlined } from '@ant-design/icons';
import { hasUnusedGift } from '@anxin/shared/assets/assets.contract';
import { Button } from 'antd';
import { Link } from 'react-router';
import '../assets.css';
import { yuanText } from '../../../lib/format.ts';
import { useMallConfig } from '../../mall/index.ts';
import { useGiftPack } from '../api/get-gift-pack.ts';

/**
 * The new-user gift pack on the member home, shown while any of its coupons is unused; nothing for a
 * member without one, or while the call is pending or failed. Its title is the mall configuration's
 * `newUserCouponAd` (`{total}`: the unused gift money in yuan); an empty one hides the banner.
 */
export function GiftBanner() {
  const { data } = useGiftPack();
  const { newUserCouponAd } = useMallConfig();
  if (!data || !hasUnusedGift(data) || !newUserCouponAd) return null;
  const unused = data.giftPacksCouponDTOS.filter((coupon) => coupon.couponStatus === '0');
  const total = unused.reduce((sum, coupon) => sum + coupon.couponValue * coupon.couponAmount, 0);
  return (
    <section className="gift-banner" data-testid="gift-banner">
      <div>
        <p className="gift-banner__title">{newUserCouponAd.replaceAll('{total}', yuanText(total))}</p>
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
