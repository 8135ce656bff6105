import {
  COUPON_PAGE_SIZE,
  COUPON_STATUS_TEXT,
  COUPON_STATUSES,
  type CouponStatus,
} from '@anxin/shared/assets/assets.contract';
import { Tabs } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import '../assets.css';
import '../../../components/member-list.css';
import { GroupPager } from '../../../components/group-pager.tsx';
import { GoShoppingEmpty, QueryView } from '../../../components/query-view.tsx';
import { pageFromParam } from '../../../lib/format.ts';
import { useCouponCounts } from '../api/get-coupon-counts.ts';
import { useCoupons } from '../api/get-coupons.ts';
import { CouponCard } from '../components/coupon-card.tsx';

const isStatus = (value: string | null): value is CouponStatus =>
  (COUPON_STATUSES as readonly string[]).includes(value ?? '');

/** /user/account/coupon: 未使用 · 已使用 · 已过期 with counts, 6 a page; a tab switch starts at page 1. */
export function CouponPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const statusParam = searchParams.get('status');
  const status: CouponStatus = isStatus(statusParam) ? statusParam : '0';
  const page = pageFromParam(searchParams.get('page'));
  const counts = useCouponCounts();
  const coupons = useCoupons({ status, page, size: COUPON_PAGE_SIZE });

  const go = (next: { status: CouponStatus; page: number }) => {
    const search = new URLSearchParams();
    if (next.status !== '0') search.set('status', next.status);
    if (next.page > 1) search.set('page', String(next.page));
    navigate({ search: search.toString() ? `?${search}` : '' });
  };

  const body = (
    <QueryView query={coupons} skeletonRows={6}>
      {(data) =>
        data.content.length === 0 ? (
          <GoShoppingEmpty description="暂无补贴" testId="coupons-empty" />
        ) : (
          <>
            <ul className="coupon-grid" data-testid="coupon-list">
              {data.content.map((coupon) => (
                <CouponCard key={coupon.id} coupon={coupon} />
              ))}
            </ul>
            <GroupPager
              unit="张补贴"
              current={page}
              totalPages={data.totalPages}
              totalElements={data.totalElements}
              onChange={(next) => {
                go({ status, page: next });
                window.scrollTo({ top: 0 });
              }}
            />
          </>
        )
      }
    </QueryView>
  );

  return (
    <div className="card member-list-page">
      <header className="card__header">
        <h3 className="card__title">我的健康补贴</h3>
        <Link to="/user/account/couponRule" className="card__more" data-testid="coupon-rule-link">
          补贴使用规则
        </Link>
      </header>
      <Tabs
        activeKey={status}
        // A tab click, also on the open tab, shows that tab from page 1.
        onTabClick={(key) => go({ status: key as CouponStatus, page: 1 })}
        items={COUPON_STATUSES.map((key) => ({
          key,
          label: (
            <span data-testid={`coupon-tab-${key}`}>
              {COUPON_STATUS_TEXT[key]}({counts.data ? counts.data[key] : '—'})
            </span>
          ),
        }))}
      />
      {body}
    </div>
  );
}
