import { Timeline } from 'antd';
import { formatDateTime } from '../../../lib/format.ts';
import type { OrderLogistics } from '../api/get-order-logistics.ts';

/** Logistics entries, newest first and highlighted (the order detail and the 查看物流 preview). */
export function LogisticsTimeline({ entries }: { entries: OrderLogistics['logisticsList'] }) {
  return (
    <Timeline
      items={entries.map((entry, index) => ({
        color: index === 0 ? 'green' : 'gray',
        content: (
          <span className={index === 0 ? 'logistics-entry--latest' : undefined} data-testid="logistics-entry">
            {entry.description}
            <span className="logistics-entry__time">{formatDateTime(entry.time)}</span>
          </span>
        ),
      }))}
    />
  );
}
