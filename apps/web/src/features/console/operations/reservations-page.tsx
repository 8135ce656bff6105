import { SearchOutlined } from '@ant-design/icons';
import {
  CONSOLE_RESERVATION_PAGE_SIZE,
  type ConsoleReservation,
  consoleReservationQuerySchema,
  RESERVATION_STATE_NAME,
  RESERVATION_STATES,
  type ReservationState,
} from '@anxin/shared/staff/console-operations.contract';
import { Alert, Button, Form, Input, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useSearchParams } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime, pageFromParam } from '../../../lib/format.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { CardLine, RowsView } from '../components/rows-view.tsx';
import { useConsoleReservations } from './operations-api.ts';
import './operations.css';

type SearchValues = { productCode?: string; phone?: string; state?: ReservationState };

const STATE_OPTIONS = RESERVATION_STATES.map((state) => ({ value: state, label: RESERVATION_STATE_NAME[state] }));
const isState = (value: string | null): value is ReservationState =>
  (RESERVATION_STATES as readonly (string | null)[]).includes(value);
const shape = consoleReservationQuerySchema.shape;
const at = (iso: string | null) => (iso ? formatDateTime(iso, 'YYYY-MM-DD HH:mm') : '—');

function StateTag({ reservation }: { reservation: ConsoleReservation }) {
  return (
    <Tag color={reservation.state === 'arrived' ? 'success' : 'processing'}>
      {RESERVATION_STATE_NAME[reservation.state]}
    </Tag>
  );
}

const COLUMNS: ColumnsType<ConsoleReservation> = [
  { title: '登记时间', dataIndex: 'createdAt', render: (iso: string) => at(iso) },
  { title: '商品编码', dataIndex: 'productCode' },
  { title: '商品名称', dataIndex: 'productName' },
  { title: '通知手机', dataIndex: 'phone' },
  { title: '状态', key: 'state', render: (_, reservation) => <StateTag reservation={reservation} /> },
  { title: '到货时间', dataIndex: 'arrivedAt', render: (iso: string | null) => at(iso) },
];

/** 预约登记: the members' 到货通知 reservations, newest first, by product, phone and state; phones masked. */
export function ReservationsPage() {
  const [params, setParams] = useSearchParams();
  const stateParam = params.get('state');
  const query = {
    productCode: params.get('productCode') || undefined,
    phone: params.get('phone') || undefined,
    state: isState(stateParam) ? stateParam : undefined,
    page: pageFromParam(params.get('page')),
  };
  const reservations = useConsoleReservations(query);

  return (
    <div className="console-page">
      <section className="card" aria-label="搜索到货登记">
        <Form
          name="console-reservation-search"
          layout="vertical"
          className="console-toolbar console-search"
          initialValues={{ productCode: query.productCode, phone: query.phone, state: query.state }}
          onFinish={(values: SearchValues) => {
            const next = new URLSearchParams();
            if (values.productCode?.trim()) next.set('productCode', values.productCode.trim());
            if (values.phone?.trim()) next.set('phone', values.phone.trim());
            if (values.state) next.set('state', values.state);
            setParams(next);
          }}
        >
          <Form.Item name="productCode" label="商品编码" rules={[zodRule(shape.productCode)]}>
            <Input allowClear maxLength={7} inputMode="numeric" />
          </Form.Item>
          <Form.Item name="phone" label="手机号" rules={[zodRule(shape.phone)]}>
            <Input allowClear maxLength={11} inputMode="numeric" />
          </Form.Item>
          <Form.Item name="state" label="状态">
            <Select allowClear options={STATE_OPTIONS} placeholder="全部" />
          </Form.Item>
          <Form.Item label=" " className="console-search__actions">
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              搜索
            </Button>
          </Form.Item>
        </Form>
      </section>
      <section className="card" aria-labelledby="reservations-title">
        <div className="card__header">
          <h2 id="reservations-title" className="card__title">
            到货登记
          </h2>
          {reservations.data ? <span className="console-muted">共 {reservations.data.totalElements} 条</span> : null}
        </div>
        {reservations.isError ? <Alert type="error" showIcon title={getErrorMessage(reservations.error)} /> : null}
        <RowsView
          label="到货登记"
          items={reservations.data?.content}
          rowKey={(reservation) => String(reservation.id)}
          columns={COLUMNS}
          isLoading={reservations.isFetching}
          emptyText="没有符合条件的到货登记"
          paging={{
            page: query.page,
            pageSize: CONSOLE_RESERVATION_PAGE_SIZE,
            total: reservations.data?.totalElements ?? 0,
            onChange: (page) => {
              const next = new URLSearchParams(params);
              next.set('page', String(page));
              setParams(next);
            },
          }}
          card={(reservation) => (
            <div className="console-card">
              <span className="console-card__head">
                <span>{reservation.productName}</span>
                <StateTag reservation={reservation} />
              </span>
              <CardLine label="商品编码">{reservation.productCode}</CardLine>
              <CardLine label="通知手机">{reservation.phone}</CardLine>
              <CardLine label="登记时间">{at(reservation.createdAt)}</CardLine>
              {reservation.arrivedAt ? <CardLine label="到货时间">{at(reservation.arrivedAt)}</CardLine> : null}
            </div>
          )}
        />
      </section>
    </div>
  );
}
