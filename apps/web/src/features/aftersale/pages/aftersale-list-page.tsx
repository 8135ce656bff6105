import { AFTERSALE_PAGE_SIZE } from '@anxin/shared/aftersale/aftersale.contract';
import { Button, Empty } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { GroupPager } from '../../../components/group-pager.tsx';
import { QueryView } from '../../../components/query-view.tsx';
import { pageFromParam } from '../../../lib/format.ts';
import { useAfterSales } from '../api/get-aftersales.ts';
import { AftersaleCard } from '../components/aftersale-card.tsx';
import '../aftersale.css';

/** /user/aftersale (我的售后): the member's after-sales requests, newest first, 10 a page. */
export function AftersaleListPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const page = pageFromParam(searchParams.get('page'));
  const requests = useAfterSales({ page, size: AFTERSALE_PAGE_SIZE });

  return (
    <div className="card">
      <header className="card__header">
        <h3 className="card__title">我的售后</h3>
      </header>
      <QueryView query={requests}>
        {(data) =>
          data.content.length === 0 ? (
            <Empty description="暂无售后申请，可在订单详情中申请售后">
              <Link to="/user/order/mine/all">
                <Button>查看我的订单</Button>
              </Link>
            </Empty>
          ) : (
            <>
              <div className="aftersale-list">
                {data.content.map((request) => (
                  <AftersaleCard key={request.code} request={request} />
                ))}
              </div>
              <GroupPager
                unit="个售后申请"
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
    </div>
  );
}
