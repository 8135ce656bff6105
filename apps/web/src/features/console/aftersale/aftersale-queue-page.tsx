import {
  AFTERSALE_STATUSES,
  type AfterSaleStatus,
  CONSOLE_AFTERSALE_PAGE_SIZE,
  type ConsoleAfterSaleItem,
} from '@anxin/shared/aftersale/aftersale.contract';
import { Alert, Segmented } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useSearchParams } from 'react-router';
import { YuanText } from '../../../components/price.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { pageFromParam } from '../../../lib/format.ts';
import { CardLine, RowsView } from '../components/rows-view.tsx';
import { useConsoleAfterSales } from './aftersale-api.ts';
import { AftersaleStateTag, aftersaleRequestPath, formatAge } from './aftersale-status.tsx';
import './aftersale.css';

/** The filter's choices; 'open' the requests still to handle (the address bar without `status`). */
const STATUS_OPTIONS: { value: AfterSaleStatus | 'open'; label: string }[] = [
  { value: 'open', label: '待处理' },
  { value: 'pending', label: '审核中' },
  { value: 'awaitingReturn', label: '待寄回' },
  { value: 'refunding', label: '退款中' },
  { value: 'refunded', label: '退款成功' },
  { value: 'rejected', label: '已驳回' },
  { value: 'cancelled', label: '已取消' },
];

const isStatus = (value: string | null): value is AfterSaleStatus =>
  (AFTERSALE_STATUSES as readonly (string | null)[]).includes(value);

const codeLink = (item: ConsoleAfterSaleItem) => (
  <Link to={aftersaleRequestPath(item.code)} className="console-link" aria-label={`处理售后申请${item.code}`}>
    {item.code}
  </Link>
);

const goods = (item: ConsoleAfterSaleItem) =>
  item.lines.map((line) => `${line.productName} ×${line.quantity}`).join('，');

const amount = (item: ConsoleAfterSaleItem) => (
  <span className="console-aftersale-amount">
    <YuanText cents={item.refundAmount} />
    {item.isAboveLimit ? <span className="console-aftersale-limit">需管理员</span> : null}
  </span>
);

const COLUMNS: ColumnsType<ConsoleAfterSaleItem> = [
  { title: '售后单号', key: 'code', render: (_, item) => codeLink(item) },
  { title: '等待', dataIndex: 'ageHours', render: (hours: number) => formatAge(hours) },
  { title: '类型', dataIndex: 'typeName' },
  { title: '原因', dataIndex: 'reasonName' },
  { title: '商品', key: 'goods', render: (_, item) => goods(item) },
  { title: '会员', dataIndex: 'memberPhone' },
  { title: '退款金额', key: 'amount', align: 'right', render: (_, item) => amount(item) },
  { title: '状态', dataIndex: 'status', render: (status: AfterSaleStatus) => <AftersaleStateTag status={status} /> },
];

/** 售后: the members' requests, the longest waiting first; each opens its request to decide. */
export function AftersaleQueuePage() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const page = pageFromParam(params.get('page'));
  const requests = useConsoleAfterSales({ status, page });

  return (
    <div className="console-page">
      <section className="card" aria-labelledby="aftersale-queue-title">
        <div className="card__header console-aftersale-header">
          <h2 id="aftersale-queue-title" className="card__title">
            售后申请
          </h2>
          <Segmented
            aria-label="售后状态"
            className="console-aftersale-filter"
            options={STATUS_OPTIONS}
            value={status ?? 'open'}
            onChange={(value) => setParams(value === 'open' ? new URLSearchParams() : { status: String(value) })}
          />
        </div>
        {requests.isError ? <Alert type="error" showIcon title={getErrorMessage(requests.error)} /> : null}
        <RowsView
          label="售后申请"
          items={requests.data?.content}
          rowKey={(item) => item.code}
          columns={COLUMNS}
          isLoading={requests.isFetching}
          emptyText={status ? '没有这个状态的售后申请' : '没有待处理的售后申请'}
          paging={{
            page,
            pageSize: CONSOLE_AFTERSALE_PAGE_SIZE,
            total: requests.data?.totalElements ?? 0,
            onChange: (next) => {
              const query = new URLSearchParams(params);
              query.set('page', String(next));
              setParams(query);
            },
          }}
          card={(item) => (
            <div className="console-card">
              <span className="console-card__head">
                {codeLink(item)}
                <AftersaleStateTag status={item.status} />
              </span>
              <CardLine label="等待">{formatAge(item.ageHours)}</CardLine>
              <CardLine label="类型">
                {item.typeName}，{item.reasonName}
              </CardLine>
              <CardLine label="商品">{goods(item)}</CardLine>
              <CardLine label="会员">{item.memberPhone}</CardLine>
              <CardLine label="退款金额">{amount(item)}</CardLine>
            </div>
          )}
        />
      </section>
    </div>
  );
}
