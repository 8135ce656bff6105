import { Popover, Spin } from 'antd';
import { useOrderLogistics } from '../api/get-order-logistics.ts';
import { LogisticsTimeline } from './logistics-timeline.tsx';

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
        <LogisticsTimeline entries={entries} />
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
      // antd renders the popup on first open, so the call is made on the first hover only.
      content={<PreviewBody ordersCode={ordersCode} />}
    >
      <span className="logistics-trigger" data-testid="logistics-trigger">
        查看物流
      </span>
    </Popover>
  );
}
