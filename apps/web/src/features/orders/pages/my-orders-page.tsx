import { SearchOutlined } from '@ant-design/icons';
import {
  ORDER_LIST_TYPE_LABEL,
  ORDER_LIST_TYPES,
  ORDER_STATUS_NAME,
  ORDER_TYPES,
  type OrderListType,
  type OrderType,
} from '@anxin/shared/orders/order-status';
import { Button, Empty, Input, Skeleton, Tabs } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { GroupPager } from '../../../components/group-pager.tsx';
import { Result } from '../../../components/result.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useFilteredOrders } from '../api/filter-orders.ts';
import { useOrderCounts } from '../api/get-order-counts.ts';
import { useOrders } from '../api/get-orders.ts';
import { FilterSelect } from '../components/filter-select.tsx';
import { OrderCard } from '../components/order-card.tsx';
import '../orders.css';

/** Order lists show 4 a page. */
export const ORDERS_PAGE_SIZE = 4;

/** Time filter. */
const TIME_RANGES = [
  { value: '3m', label: '近三个月', months: 3 },
  { value: '1y', label: '近一年', months: 12 },
  { value: 'all', label: '全部时间', months: 0 },
] as const;
type TimeRange = (typeof TIME_RANGES)[number]['value'];
const DEFAULT_TIME_RANGE: TimeRange = 'all';

const PRODUCT_NAME_MAX = 50;

const isListType = (value: string | undefined): value is OrderListType =>
  (ORDER_LIST_TYPES as readonly string[]).includes(value ?? '');
const isOrderType = (value: string | null): value is OrderType =>
  (ORDER_TYPES as readonly string[]).includes(value ?? '');

/** /user/order/mine/{type}: five tabs, product-name search, time and status filters, 4 a page. */
export function MyOrdersPage() {
  const { type } = useParams();
  if (!isListType(type)) return <Navigate to="/user/order/mine/all" replace />;
  return <MyOrders type={type} />;
}

function MyOrders({ type }: { type: OrderListType }) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const productName = (searchParams.get('q') ?? '').slice(0, PRODUCT_NAME_MAX);
  const timeParam = searchParams.get('time');
  const time: TimeRange = TIME_RANGES.some((range) => range.value === timeParam)
    ? (timeParam as TimeRange)
    : DEFAULT_TIME_RANGE;
  const statusParam = searchParams.get('status');
  const status = isOrderType(statusParam) ? statusParam : undefined;
  const [searchText, setSearchText] = useState(productName);
  useEffect(() => setSearchText(productName), [productName]);

  const isFiltered = Boolean(productName || status || time !== 'all');
  const months = TIME_RANGES.find((range) => range.value === time)?.months ?? 0;
  // The tab alone: GET /v3/orders; with a filter: GET /v3/orders/filter.
  const plain = useOrders({ type, page, size: ORDERS_PAGE_SIZE }, { isEnabled: !isFiltered });
  const filtered = useFilteredOrders(
    {
      type,
      page,
      size: ORDERS_PAGE_SIZE,
      productName: productName || undefined,
      status,
      beginDate: months ? dayjs().subtract(months, 'month').format('YYYY-MM-DD') : undefined,
    },
    { isEnabled: isFiltered },
  );
  const query = isFiltered ? filtered : plain;
  const counts = useOrderCounts();

  /** Changes the filters; any change but the page goes back to page 1. */
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setSearchParams(next);
  };

  const data = query.data;
  // A page past the end (orders were deleted meanwhile): go to the last page.
  useEffect(() => {
    if (data && data.totalPages > 0 && page > data.totalPages) update({ page: String(data.totalPages) });
  });

  let body: ReactNode;
  if (query.isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (query.isError) {
    body = (
      <Result
        status="warning"
        title={getErrorMessage(query.error)}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            重试
          </Button>
        }
      />
    );
  } else if (!data || data.content.length === 0) {
    body = (
      <Empty
        className="orders-empty"
        description={isFiltered ? '没有找到符合条件的订单' : '暂无订单'}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
      >
        {isFiltered ? (
          <Button onClick={() => setSearchParams(new URLSearchParams())}>清除筛选条件</Button>
        ) : (
          <Link to="/">
            <Button type="primary">去首页逛逛</Button>
          </Link>
        )}
      </Empty>
    );
  } else {
    body = (
      <>
        <div className="orders-list" aria-busy={query.isFetching}>
          {data.content.map((order) => (
            <OrderCard key={order.ordersCode} order={order} />
          ))}
        </div>
        <GroupPager
          unit="个订单"
          current={page}
          totalPages={data.totalPages}
          totalElements={data.totalElements}
          onChange={(next) => {
            update({ page: next > 1 ? String(next) : undefined });
            window.scrollTo({ top: 0 });
          }}
        />
      </>
    );
  }

  return (
    <div className="card orders-page">
      <Tabs
        className="orders-tabs"
        activeKey={type}
        // A tab click, also on the open tab, shows that tab from page 1 without filters.
        onTabClick={(key) => navigate({ pathname: `/user/order/mine/${key}`, search: '' })}
        items={ORDER_LIST_TYPES.map((key) => {
          const count = key === 'all' ? undefined : counts.data?.[key];
          return {
            key,
            label: (
              <span data-testid={`orders-tab-${key}`}>
                {ORDER_LIST_TYPE_LABEL[key]}
                {count ? <span className="orders-tabs__count">{count > 99 ? '99+' : count}</span> : null}
              </span>
            ),
          };
        })}
      />
      <div className="orders-filters">
        <Input.Search
          className="orders-filters__search"
          placeholder="请输入商品名称"
          allowClear
          maxLength={PRODUCT_NAME_MAX}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          onSearch={(value) => update({ q: value.trim() || undefined })}
          enterButton={<SearchOutlined aria-label="搜索" />}
          data-testid="orders-search"
        />
        <span className="orders-filters__spacer" />
        <FilterSelect
          label="下单时间"
          value={time}
          options={TIME_RANGES.map((range) => ({ value: range.value, label: range.label }))}
          onChange={(value) => update({ time: value === DEFAULT_TIME_RANGE ? undefined : value })}
          testId="orders-time"
        />
        <FilterSelect
          label="订单状态"
          value={status ?? 'any'}
          options={[
            { value: 'any', label: '全部状态' },
            ...ORDER_TYPES.map((orderType) => ({ value: orderType, label: ORDER_STATUS_NAME[orderType] })),
          ]}
          onChange={(value) => update({ status: value === 'any' ? undefined : value })}
          testId="orders-status"
        />
      </div>
      <div className="orders-table-head" aria-hidden>
        <span>商品信息</span>
        <span>实付款</span>
        <span>订单状态</span>
        <span>操作</span>
      </div>
      {body}
    </div>
  );
}
