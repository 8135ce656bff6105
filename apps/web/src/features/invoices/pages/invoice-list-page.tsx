import { formatYuan } from '@anxin/shared/common/money';
import { INVOICE_PAGE_SIZE, type InvoiceSummary } from '@anxin/shared/invoices/invoice.contract';
import { Button, Empty } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { GroupPager } from '../../../components/group-pager.tsx';
import { formatDay, pageFromParam } from '../../../lib/format.ts';
import { useInvoices } from '../api/get-invoices.ts';
import '../invoices.css';
import { QueryView } from '../../../components/query-view.tsx';

function InvoiceCard({ invoice }: { invoice: InvoiceSummary }) {
  return (
    <Link
      to={`/user/personal/invoice/detail/${invoice.ordersCode}`}
      className="invoice-card"
      data-testid="invoice-card"
    >
      <div className="invoice-card__head">
        <span className="invoice-card__type">{invoice.invoiceTypeName}</span>
        <span>
          {invoice.consigneeType}：{invoice.title}
        </span>
      </div>
      <div className="invoice-card__meta">
        <span>订单编号：{invoice.ordersCode}</span>
        <span>发票号码：{invoice.invoiceNumber}</span>
        <span>开票日期：{formatDay(invoice.issuedAt)}</span>
      </div>
      {invoice.redLetters.map((red) => (
        <div className="invoice-card__red" key={red.invoiceNumber} data-testid="invoice-red-letter">
          <span className="invoice-card__red-mark">红字发票</span>
          <span>发票号码：{red.invoiceNumber}</span>
          <span>开票日期：{formatDay(red.issuedAt)}</span>
          <span>金额：-¥{formatYuan(-red.amount)}</span>
        </div>
      ))}
      <div className="invoice-card__amount">
        价税合计
        <strong>¥{formatYuan(invoice.amount)}</strong>
      </div>
    </Link>
  );
}

/** /user/personal/invoice: the member's issued invoices, newest first, 4 a page with the group pager. */
export function InvoiceListPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const page = pageFromParam(searchParams.get('page'));
  const invoices = useInvoices({ page, size: INVOICE_PAGE_SIZE });

  const body = (
    <QueryView query={invoices}>
      {(data) =>
        data.content.length === 0 ? (
          <Empty description="暂无发票，下单时选择开具发票，确认收货后即可在这里查看">
            <Link to="/user/order/mine/all">
              <Button>查看我的订单</Button>
            </Link>
          </Empty>
        ) : (
          <>
            <div className="invoice-list">
              {data.content.map((invoice) => (
                <InvoiceCard key={invoice.ordersCode} invoice={invoice} />
              ))}
            </div>
            <GroupPager
              unit="张发票"
              current={page}
              totalPages={data.totalPages}
              totalElements={data.totalElements}
              onChange={(next) => {
                navigate({ search: next > 1 ? `?page=${next}` : '' });
                window.scrollTo({ top: 0 });
              }}
            />
          </>
        )
      }
    </QueryView>
  );

  return (
    <div className="card">
      <header className="card__header">
        <h3 className="card__title">我的发票</h3>
      </header>
      {body}
    </div>
  );
}
