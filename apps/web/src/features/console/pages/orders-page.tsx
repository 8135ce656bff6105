import { SearchOutlined } from '@ant-design/icons';
import { isOrderType, ORDER_STATUS_NAME, ORDER_TYPES, PAYMENT_TYPE_NAME } from '@anxin/shared/orders/order-status';
import { CONSOLE_ORDER_PAGE_SIZE, type ConsoleOrderItem } from '@anxin/shared/staff/console.contract';
import { Alert, Button, DatePicker, Form, Input, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime, pageFromParam, yuan } from '../../../lib/format.ts';
import { type OrderSearch, useConsoleOrders } from '../api/order-list.ts';
import { OrderStatusTag } from '../components/order-status-tag.tsx';
import { orderPath } from '../lib/console-paths.ts';
import '../console-orders.css';
import { CardLine, RowsView } from '../components/rows-view.tsx';

type SearchValues = { code?: string; phone?: string; status?: string; days?: [Dayjs | null, Dayjs | null] | null };

const STATUS_OPTIONS = ORDER_TYPES.map((type) => ({ value: type, label: ORDER_STATUS_NAME[type] }));
const DAY_FORMAT = 'YYYY-MM-DD';

/** The search as the address bar holds it, so a search can be reloaded, shared and gone back to. */
function queryOf(params: URLSearchParams): OrderSearch {
  const status = params.get('status') ?? '';
  return {
    code: params.get('code') || undefined,
    phone: params.get('phone') || undefined,
    status: isOrderType(status) ? status : undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
    page: pageFromParam(params.get('page')),
  };
}

const COLUMNS: ColumnsType<ConsoleOrderItem> = [
  {
    title: '订单号',
    dataIndex: 'ordersCode',
    render: (code: string, order) => (
      <span className="orders-code">
        <Link to={orderPath(code)} className="console-link">
          {code}
        </Link>
        {order.isRxDrug ? <Tag color="error">Rx</Tag> : null}
      </span>
    ),
  },
  { title: '下单时间', dataIndex: 'creationDate', render: (at: string) => formatDateTime(at, 'YYYY-MM-DD HH:mm') },
  { title: '收货人', dataIndex: 'consignee' },
  { title: '会员手机', dataIndex: 'memberPhone', render: (phone: string | null) => phone ?? '' },
  { title: '件数', dataIndex: 'itemCount', align: 'right' },
  { title: '金额', dataIndex: 'sum', align: 'right', render: (sum: number) => yuan(sum) },
  { title: '支付方式', dataIndex: 'paymentType', render: (type: number) => PAYMENT_TYPE_NAME[type] ?? '' },
  { title: '状态', key: 'status', render: (_, order) => <OrderStatusTag orderType={order.orderType} /> },
];

/** 订单: search by order code, phone, status and placing day; each order opens its detail. */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const orders = useConsoleOrders(query);
  const [form] = Form.useForm<SearchValues>();

  const search = (values: SearchValues) => {
    const next = new URLSearchParams();
    const set = (key: string, value: string | undefined) => {
      if (value) next.set(key, value);
    };
    set('code', values.code?.trim());
    set('phone', values.phone?.trim());
    set('status', values.status);
    set('from', values.days?.[0]?.format(DAY_FORMAT));
    set('to', values.days?.[1]?.format(DAY_FORMAT));
    setParams(next);
  };

  const initialValues: SearchValues = {
    code: query.code,
    phone: query.phone,
    status: query.status,
    days: query.from || query.to ? [query.from ? dayjs(query.from) : null, query.to ? dayjs(query.to) : null] : null,
  };

  return (
    <div className="console-page">
      <section className="card" aria-label="搜索订单">
        <Form
          form={form}
          name="console-order-search"
          layout="vertical"
          className="console-toolbar console-search"
          initialValues={initialValues}
          onFinish={(values) => search(values)}
        >
          <Form.Item name="code" label="订单号">
            <Input allowClear maxLength={50} spellCheck={false} />
          </Form.Item>
          <Form.Item name="phone" label="手机号">
            <Input allowClear maxLength={11} inputMode="numeric" />
          </Form.Item>
          <Form.Item name="status" label="订单状态">
            <Select allowClear options={STATUS_OPTIONS} placeholder="全部" />
          </Form.Item>
          <Form.Item name="days" label="下单日期">
            <DatePicker.RangePicker allowEmpty={[true, true]} inputReadOnly />
          </Form.Item>
          <Form.Item label=" " className="console-search__actions">
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              搜索
            </Button>
            <Button
              onClick={() => {
                form.setFieldsValue({ code: undefined, phone: undefined, status: undefined, days: null });
                search({});
              }}
            >
              重置
            </Button>
          </Form.Item>
        </Form>
      </section>
      <section className="card" aria-labelledby="orders-title">
        <div className="card__header">
          <h2 id="orders-title" className="card__title">
            订单列表
          </h2>
          {orders.data ? (
            <span className="console-muted">
              共 {orders.data.totalElements}
              {orders.data.isTotalCapped ? '+' : ''} 单
            </span>
          ) : null}
        </div>
        {orders.isError ? <Alert type="error" showIcon title={getErrorMessage(orders.error)} /> : null}
        <RowsView
          label="订单列表"
          items={orders.data?.content}
          rowKey={(order) => order.ordersCode}
          columns={COLUMNS}
          isLoading={orders.isFetching}
          emptyText="没有符合条件的订单"
          paging={{
            page: query.page,
            pageSize: CONSOLE_ORDER_PAGE_SIZE,
            total: orders.data?.totalElements ?? 0,
            onChange: (page) => {
              const next = new URLSearchParams(params);
              next.set('page', String(page));
              setParams(next);
            },
          }}
          card={(order) => (
            <Link to={orderPath(order.ordersCode)} className="console-card">
              <span className="console-card__head">
                <span>
                  {order.ordersCode} {order.isRxDrug ? <Tag color="error">Rx</Tag> : null}
                </span>
                <OrderStatusTag orderType={order.orderType} />
              </span>
              <CardLine label="收货人">{order.consignee}</CardLine>
              {order.memberPhone ? <CardLine label="会员手机">{order.memberPhone}</CardLine> : null}
              <CardLine label="金额">
                {yuan(order.sum)} · {PAYMENT_TYPE_NAME[order.paymentType] ?? ''}
              </CardLine>
              <CardLine label="下单时间">{formatDateTime(order.creationDate, 'YYYY-MM-DD HH:mm')}</CardLine>
            </Link>
          )}
        />
      </section>
    </div>
  );
}
