import { ReloadOutlined } from '@ant-design/icons';
import { PAYMENT_TYPE_NAME } from '@anxin/shared/orders/order-status';
import type { ConsoleInquiryItem } from '@anxin/shared/staff/console.contract';
import { Alert, Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime, yuan } from '../../../lib/format.ts';
import { useInquiryQueue } from '../api/inquiry-queue.ts';
import { CardLine, RowsView } from '../components/rows-view.tsx';
import { formatWaiting, LONG_WAIT_MINUTES } from '../lib/console-format.ts';
import { reviewPath } from '../lib/console-paths.ts';

function Waiting({ minutes }: { minutes: number }) {
  return minutes >= LONG_WAIT_MINUTES ? (
    <Tag color="error">{formatWaiting(minutes)}</Tag>
  ) : (
    <span>{formatWaiting(minutes)}</span>
  );
}

function Payment({ item }: { item: ConsoleInquiryItem }) {
  if (item.isPaid) return <Tag color="success">已支付</Tag>;
  return <span>{PAYMENT_TYPE_NAME[item.paymentType] ?? ''}</span>;
}

const COLUMNS: ColumnsType<ConsoleInquiryItem> = [
  { title: '订单号', dataIndex: 'ordersCode' },
  { title: '提交时间', dataIndex: 'submittedAt', render: (at: string) => formatDateTime(at, 'MM-DD HH:mm') },
  { title: '已等待', dataIndex: 'waitingMinutes', render: (minutes: number) => <Waiting minutes={minutes} /> },
  { title: '用药人', dataIndex: 'patientName' },
  { title: '药品', dataIndex: 'productNames', render: (names: string[]) => names.join('、') },
  { title: '金额', dataIndex: 'sum', align: 'right', render: (sum: number) => yuan(sum) },
  { title: '支付', key: 'payment', render: (_, item) => <Payment item={item} /> },
  {
    title: '操作',
    key: 'action',
    render: (_, item) => (
      <Link to={reviewPath(item.ordersCode)} className="console-link" aria-label={`审核订单${item.ordersCode}`}>
        审核
      </Link>
    ),
  },
];

/** 处方审核: the orders waiting for a pharmacist, oldest first, each with how long it has waited. */
export function RxQueuePage() {
  const queue = useInquiryQueue();
  return (
    <div className="console-page">
      <section className="card" aria-labelledby="rx-queue-title">
        <div className="card__header">
          <h2 id="rx-queue-title" className="card__title">
            待审核处方{queue.data ? `（${queue.data.length}）` : ''}
          </h2>
          <Button icon={<ReloadOutlined />} onClick={() => queue.refetch()} loading={queue.isFetching}>
            刷新
          </Button>
        </div>
        {queue.isError ? <Alert type="error" showIcon title={getErrorMessage(queue.error)} /> : null}
        <RowsView
          label="待审核处方"
          items={queue.data}
          rowKey={(item) => item.ordersCode}
          columns={COLUMNS}
          isLoading={queue.isLoading}
          emptyText="暂无待审核的处方"
          card={(item) => (
            <Link to={reviewPath(item.ordersCode)} className="console-card">
              <span className="console-card__head">
                <span>{item.ordersCode}</span>
                <Waiting minutes={item.waitingMinutes} />
              </span>
              <CardLine label="用药人">{item.patientName}</CardLine>
              <CardLine label="药品">{item.productNames.join('、')}</CardLine>
              <CardLine label="金额">
                {yuan(item.sum)} <Payment item={item} />
              </CardLine>
              <CardLine label="提交时间">{formatDateTime(item.submittedAt, 'MM-DD HH:mm')}</CardLine>
            </Link>
          )}
        />
      </section>
    </div>
  );
}
