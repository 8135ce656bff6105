import { MSG } from '@anxin/shared/common/messages';
import { RESERVATION_PAGE_SIZE, type Reservation } from '@anxin/shared/favorites/favorites.contract';
import { Button, Tag } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { GroupPager } from '../../../components/group-pager.tsx';
import { Price } from '../../../components/price.tsx';
import { ProductTag } from '../../../components/product-tags.tsx';
import { getFailureMessage } from '../../../lib/api-client.ts';
import { formatDay, pageFromParam } from '../../../lib/format.ts';
import { useProductActions } from '../../catalogue/index.ts';
import { ChatButton } from '../../chat/index.ts';
import { BuyOrListButton } from '../../favorites/index.ts';
import { useDeleteReservation } from '../api/delete-reservation.ts';
import { useReservations } from '../api/get-reservations.ts';
import '../../../components/member-list.css';
import { GoShoppingEmpty, QueryView } from '../../../components/query-view.tsx';

/**
 * /user/order/drug (缺货登记): the member's reservations, 4 a page. Purchasing (isArrival 0): 采购中 and 联系客服 (the chat);
 * arrived (1): 已到货 and 立即购买, or 加入需求清单 for a prescription product; 取消登记 always.
 */
export function DrugReservationPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const page = pageFromParam(searchParams.get('page'));
  const reservations = useReservations({ page, size: RESERVATION_PAGE_SIZE });
  const remove = useDeleteReservation();
  const actions = useProductActions();
  const { message } = useFeedback();

  const goToPage = (next: number) => {
    navigate({ search: next > 1 ? `?page=${next}` : '' });
    window.scrollTo({ top: 0 });
  };

  const cancel = async (reservation: Reservation) => {
    try {
      await remove.mutateAsync(reservation.id);
      message.success('已取消登记');
      if (reservations.data?.content.length === 1 && page > 1) goToPage(page - 1);
    } catch (error) {
      message.error(getFailureMessage(error, MSG.requestError));
    }
  };

  const body = (
    <QueryView query={reservations}>
      {(data) =>
        data.content.length === 0 ? (
          <GoShoppingEmpty description="暂无缺货登记" testId="reservations-empty" />
        ) : (
          <>
            <ul className="member-list" aria-label="缺货登记">
              {data.content.map((reservation) => {
                const isArrived = reservation.isArrival === 1;
                const href = `/product/${reservation.productCode}`;
                return (
                  <li key={reservation.id} className="member-list__item" data-testid="reservation-item">
                    <Link to={href}>
                      <img
                        className="member-list__image"
                        src={reservation.thumbnailUrl}
                        alt={reservation.productName}
                        width={96}
                        height={96}
                        loading="lazy"
                      />
                    </Link>
                    <div className="member-list__body">
                      <Link to={href} className="member-list__name" title={reservation.productName}>
                        <ProductTag prescriptionType={reservation.prescriptionType} classCode={reservation.classCode} />
                        {reservation.productName}
                      </Link>
                      <Price cents={reservation.jkPrice} />
                      <p className="member-list__meta">
                        登记时间：{formatDay(reservation.creationDate)} · 通知手机：{reservation.cellPhone}
                      </p>
                    </div>
                    <div className="member-list__state" data-testid="reservation-state">
                      {isArrived ? <Tag color="green">已到货</Tag> : <Tag color="orange">采购中</Tag>}
                    </div>
                    <div className="member-list__actions">
                      {isArrived ? (
                        <BuyOrListButton product={reservation} actions={actions} />
                      ) : (
                        <ChatButton context={{ productCode: reservation.productCode }} />
                      )}
                      <Button
                        type="link"
                        size="small"
                        className="member-list__cancel"
                        loading={remove.isPending && remove.variables === reservation.id}
                        onClick={() => cancel(reservation)}
                      >
                        取消登记
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
            <GroupPager
              unit="条登记"
              current={page}
              totalPages={data.totalPages}
              totalElements={data.totalElements}
              onChange={goToPage}
            />
          </>
        )
      }
    </QueryView>
  );

  return (
    <div className="card member-list-page">
      <header className="card__header">
        <h3 className="card__title">缺货登记</h3>
      </header>
      {body}
    </div>
  );
}
