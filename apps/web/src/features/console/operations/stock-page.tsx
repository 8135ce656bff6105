import { SearchOutlined } from '@ant-design/icons';
import {
  STOCK_PAGE_SIZE,
  STOCK_STATES,
  type StockItem,
  stockQuerySchema,
} from '@anxin/shared/staff/console-operations.contract';
import { Alert, Button, Form, Input, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { pageFromParam, yuan } from '../../../lib/format.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { CardLine, RowsView } from '../components/rows-view.tsx';
import { useCan } from '../lib/use-staff.ts';
import { useStock, useStockActs } from './operations-api.ts';
import './operations.css';

type StockFilter = (typeof STOCK_STATES)[number];
const STOCK_OPTIONS: { value: StockFilter; label: string }[] = [
  { value: 'outOfStock', label: '缺货' },
  { value: 'inStock', label: '有货' },
];
const isStockFilter = (value: string | null): value is StockFilter =>
  (STOCK_STATES as readonly (string | null)[]).includes(value);

/** What the last restock did, shown until the next act. */
type Outcome = { kind: 'success' | 'warning'; text: string };

function StockTag({ item }: { item: StockItem }) {
  return item.inStock ? <Tag color="success">有货</Tag> : <Tag color="warning">缺货</Tag>;
}

/** The waiting reservations; a link to them for whoever may read reservations (客服, 管理员). */
function WaitingCount({ item }: { item: StockItem }) {
  const canRead = useCan('reservations.read');
  if (!item.waitingReservations) return <span className="console-muted">无</span>;
  if (!canRead) return <span>{item.waitingReservations} 人等待</span>;
  return (
    <Link to={`/admin/reservations?productCode=${item.productCode}&state=waiting`} className="console-link">
      {item.waitingReservations} 人等待
    </Link>
  );
}

/**
 * 补货到货: the products with their waiting reservations (到货通知), the most awaited first; 到货 puts one back
 * on sale and texts each waiting phone once, 缺货 takes one off sale (its page then offers 到货通知).
 */
export function StockPage() {
  const [params, setParams] = useSearchParams();
  const stockParam = params.get('stock');
  const query = {
    q: params.get('q') || undefined,
    stock: isStockFilter(stockParam) ? stockParam : undefined,
    page: pageFromParam(params.get('page')),
  };
  const stock = useStock(query);
  const acts = useStockActs();
  const { modal } = useFeedback();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const handleRestock = (item: StockItem) => {
    modal.confirm({
      title: `确认“${item.name}”已到货？`,
      content: item.waitingReservations
        ? `商品将恢复销售，并向 ${item.waitingReservations} 位登记用户各发送一条到货短信。`
        : '商品将恢复销售，目前没有等待到货通知的用户。',
      okText: '确认到货',
      cancelText: '取消',
      onOk: async () => {
        try {
          const { product, texted, failed } = await acts.restock.mutateAsync(item.productCode);
          setOutcome({
            kind: failed ? 'warning' : 'success',
            text: `${product.name} 已到货，已发送 ${texted} 条短信${failed ? `，${failed} 条发送失败` : ''}`,
          });
        } catch (error) {
          setOutcome({ kind: 'warning', text: getErrorMessage(error) });
        }
      },
    });
  };

  const handleStockout = (item: StockItem) => {
    modal.confirm({
      title: `将“${item.name}”标记为缺货？`,
      content: '商品将停止销售，商品页改为提供“到货通知”登记。',
      okText: '标记缺货',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          const product = await acts.stockout.mutateAsync(item.productCode);
          setOutcome({ kind: 'success', text: `${product.name} 已标记为缺货` });
        } catch (error) {
          setOutcome({ kind: 'warning', text: getErrorMessage(error) });
        }
      },
    });
  };

  const actButton = (item: StockItem) =>
    item.inStock ? (
      <Button size="small" onClick={() => handleStockout(item)} aria-label={`将${item.name}标记为缺货`}>
        缺货
      </Button>
    ) : (
      <Button size="small" type="primary" onClick={() => handleRestock(item)} aria-label={`${item.name}到货`}>
        到货
      </Button>
    );

  const columns: ColumnsType<StockItem> = [
    { title: '商品编码', dataIndex: 'productCode' },
    { title: '商品名称', dataIndex: 'name' },
    { title: '规格', dataIndex: 'packing' },
    { title: '价格', dataIndex: 'price', align: 'right', render: (price: number) => yuan(price) },
    { title: '库存', key: 'stock', render: (_, item) => <StockTag item={item} /> },
    { title: '到货登记', key: 'waiting', render: (_, item) => <WaitingCount item={item} /> },
    { title: '操作', key: 'act', render: (_, item) => actButton(item) },
  ];

  return (
    <div className="console-page">
      <section className="card" aria-label="搜索商品">
        <Form
          name="console-stock-search"
          layout="vertical"
          className="console-toolbar console-search"
          initialValues={{ q: query.q, stock: query.stock }}
          onFinish={(values: { q?: string; stock?: StockFilter }) => {
            const next = new URLSearchParams();
            if (values.q?.trim()) next.set('q', values.q.trim());
            if (values.stock) next.set('stock', values.stock);
            setParams(next);
          }}
        >
          <Form.Item name="q" label="商品编码或名称" rules={[zodRule(stockQuerySchema.shape.q)]}>
            <Input allowClear maxLength={50} />
          </Form.Item>
          <Form.Item name="stock" label="库存">
            <Select allowClear options={STOCK_OPTIONS} placeholder="全部" />
          </Form.Item>
          <Form.Item label=" " className="console-search__actions">
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              搜索
            </Button>
          </Form.Item>
        </Form>
      </section>
      <section className="card" aria-labelledby="stock-title">
        <div className="card__header">
          <h2 id="stock-title" className="card__title">
            商品库存
          </h2>
          {stock.data ? <span className="console-muted">共 {stock.data.totalElements} 种</span> : null}
        </div>
        {outcome ? (
          <Alert
            type={outcome.kind}
            showIcon
            role="status"
            title={outcome.text}
            closable={{ 'aria-label': '关闭提示' }}
            onClose={() => setOutcome(null)}
            className="stock-outcome"
          />
        ) : null}
        {stock.isError ? <Alert type="error" showIcon title={getErrorMessage(stock.error)} /> : null}
        <RowsView
          label="商品库存"
          items={stock.data?.content}
          rowKey={(item) => item.productCode}
          columns={columns}
          isLoading={stock.isFetching}
          emptyText="没有符合条件的商品"
          paging={{
            page: query.page,
            pageSize: STOCK_PAGE_SIZE,
            total: stock.data?.totalElements ?? 0,
            onChange: (page) => {
              const next = new URLSearchParams(params);
              next.set('page', String(page));
              setParams(next);
            },
          }}
          card={(item) => (
            <div className="console-card">
              <span className="console-card__head">
                <span>{item.name}</span>
                <StockTag item={item} />
              </span>
              <CardLine label="商品编码">{item.productCode}</CardLine>
              <CardLine label="规格">
                {item.packing} · {yuan(item.price)}
              </CardLine>
              <CardLine label="到货登记">
                <WaitingCount item={item} />
              </CardLine>
              <div className="stock-card__act">{actButton(item)}</div>
            </div>
          )}
        />
      </section>
    </div>
  );
}
