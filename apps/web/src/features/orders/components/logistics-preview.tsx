import { Popover, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useOrderLogistics } from '../api/get-order-logistics.ts';

// antd's Timeline (about 9 KB) shows in the order list only when 查看物流 is hovered: fetched then, with the entries.
const loadTimeline = () => import('./logistics-timeline.tsx');
const LogisticsTimeline = lazy(async () => ({ default: (await loadTimeline()).LogisticsTimeline }));

/** The hover preview shows the last 2 logistics entries. */
export const LOGISTICS_PREVIEW_ENTRIES = 2;

function PreviewBody({ ordersCode }: { ordersCode: string }) {
  const { data, isPending, isError } = useOrderLogistics(ordersCode);
  if (isPending) return <Spin size="small" />;
  if (isError) return <p className="order-detail-logistics__empty">物流信息暂时无法获取，请稍后再试</p>;
  const entries = data.logisticsList.slice(0, LOGISTICS_PREVIEW_ENTRIES);
  return (
    <div className="logistics-preview" data-testid="logistics-preview">
      <p className="logistics-preview__title">
        {data.companeName ? `${data.companeName}　运单号：${data.shippingNo}` : '物流信息'}
      </p>
      {entries.length ? (
        <Suspense fallback={<Spin size="small" />}>
          <LogisticsTimeline entries={entries} />
        </Suspense>
      ) : (
        <p className="order-detail-logistics__empty">{data.msg || '暂无物流信息'}</p>
      )}
    </div>
  );
}

/** 查看物流: hovering shows the latest 2 entries; only for orders with a shipping time. */
export function LogisticsPreview({
  ordersCode,
  shippingTime,
  placement = 'bottom',
}: {
  ordersCode: string;
  shippingTime: string | null;
  placement?: 'bottom' | 'bottomRight';
}) {
  if (!shippingTime) return null;
  return (
    <Popover
      trigger="hover"
      placement={placement}
      // The timeline's script comes while the entries are fetched.
      onOpenChange={(isOpen) => {
        if (isOpen) void loadTimeline();
      }}
      // antd renders the popup on first open, so the call is made on the first hover only.
      content={<PreviewBody ordersCode={ordersCode} />}
    >
      <span className="logistics-trigger" data-testid="logistics-trigger">
        查看物流
      </span>
    </Popover>
  );
}
