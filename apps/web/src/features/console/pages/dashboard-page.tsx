import { DASHBOARD_DAYS, type Dashboard } from '@anxin/shared/staff/console.contract';
import type { StaffPermission } from '@anxin/shared/staff/staff-roles';
import { Alert, Skeleton } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useDashboard } from '../api/dashboard.ts';
import { formatWaiting } from '../lib/console-format.ts';
import { useIsNarrow } from '../lib/use-media-query.ts';
import { hasPermission, useStaff } from '../lib/use-staff.ts';
import '../console-dashboard.css';

const OrdersChart = lazy(async () => ({ default: (await import('../components/orders-chart.tsx')).OrdersChart }));

type Figure = { label: string; value: ReactNode; to?: string; permission?: StaffPermission; isText?: boolean };

function figuresOf(dashboard: Dashboard): Figure[] {
  return [
    { label: '今日订单', value: dashboard.todayOrders, to: '/admin/orders', permission: 'orders.read' },
    { label: '待审核处方', value: dashboard.waitingReviews, to: '/admin/rx', permission: 'rx.review' },
    {
      label: '审核等待中位数',
      value: dashboard.medianReviewWaitMinutes === null ? '—' : formatWaiting(dashboard.medianReviewWaitMinutes),
      isText: dashboard.medianReviewWaitMinutes !== null,
    },
    { label: '进行中的代客下单链接', value: dashboard.openGuestLinks },
    {
      label: '待发货',
      value: dashboard.shippingBacklog,
      to: '/admin/orders?status=waitDelivery',
      permission: 'orders.read',
    },
  ];
}

/** 工作台: today's figures (each a way into its list where the role has one) and the 30 days' chart. */
export function DashboardPage() {
  const dashboard = useDashboard();
  const staff = useStaff().data;
  const isNarrow = useIsNarrow();
  if (dashboard.isError) return <Alert type="error" showIcon title={getErrorMessage(dashboard.error)} />;
  const data = dashboard.data;
  const totals = data?.days.reduce(
    (sum, day) => ({ orders: sum.orders + day.orders, reviews: sum.reviews + day.rxReviews }),
    { orders: 0, reviews: 0 },
  );
  return (
    <div className="console-page dashboard">
      <ul className="dashboard__figures" aria-label="今日概况">
        {data
          ? figuresOf(data).map((figure) => {
              const content = (
                <>
                  <span className="dashboard__label">{figure.label}</span>
                  <span className={figure.isText ? 'dashboard__value dashboard__value--text' : 'dashboard__value'}>
                    {figure.value}
                  </span>
                </>
              );
              const canOpen = figure.to && figure.permission && hasPermission(staff, figure.permission);
              return (
                <li key={figure.label}>
                  {canOpen ? (
                    <Link to={figure.to!} className="dashboard__figure dashboard__figure--link">
                      {content}
                    </Link>
                  ) : (
                    <div className="dashboard__figure">{content}</div>
                  )}
                </li>
              );
            })
          : Array.from({ length: 5 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, all alike
              <li key={index} className="dashboard__figure">
                <Skeleton active paragraph={false} />
              </li>
            ))}
      </ul>
      <section className="card" aria-labelledby="dashboard-chart-title">
        <h2 id="dashboard-chart-title" className="card__title dashboard__chart-title">
          近{DASHBOARD_DAYS}天订单与处方审核
        </h2>
        {data && totals ? (
          <figure
            className="dashboard__chart"
            aria-label={`近${DASHBOARD_DAYS}天共${totals.orders}单，处方审核${totals.reviews}次`}
          >
            <Suspense fallback={<Skeleton.Node active className="dashboard__chart-placeholder" />}>
              <OrdersChart days={data.days} height={isNarrow ? 240 : 320} />
            </Suspense>
            <figcaption className="console-muted">
              共 {totals.orders} 单，处方审核 {totals.reviews} 次
            </figcaption>
          </figure>
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )}
      </section>
    </div>
  );
}
