import { isInStock } from '@anxin/shared/catalogue/catalogue';
import { MSG } from '@anxin/shared/common/messages';
import { FAVORITE_PAGE_SIZE, type Favorite } from '@anxin/shared/favorites/favorites.contract';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { GroupPager } from '../../../components/group-pager.tsx';
import { Price } from '../../../components/price.tsx';
import { ProductTag } from '../../../components/product-tags.tsx';
import { getFailureMessage } from '../../../lib/api-client.ts';
import { pageFromParam } from '../../../lib/format.ts';
import { useProductActions } from '../../catalogue/index.ts';
import { ReserveDialog } from '../../reservations/index.ts';
import { useDeleteFavorite } from '../api/delete-favorite.ts';
import { useFavorites } from '../api/get-favorites.ts';
import { BuyOrListButton } from '../components/buy-or-list-button.tsx';
import '../../../components/member-list.css';
import '../favorites.css';
import { GoShoppingEmpty, QueryView } from '../../../components/query-view.tsx';

/**
 * /user/order/collect (我的收藏): the member's favourites, 4 a page, each with the action its stock allows: in
 * stock (productStatusType 2) 立即购买 or 加入需求清单 for a prescription product; out of stock (4) 到货通知;
 * and 取消收藏 always.
 */
export function CollectPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const page = pageFromParam(searchParams.get('page'));
  const favorites = useFavorites({ page, size: FAVORITE_PAGE_SIZE });
  const remove = useDeleteFavorite();
  const actions = useProductActions();
  const { message } = useFeedback();
  const [reserving, setReserving] = useState<Favorite | null>(null);

  const goToPage = (next: number) => {
    navigate({ search: next > 1 ? `?page=${next}` : '' });
    window.scrollTo({ top: 0 });
  };

  const cancel = async (favorite: Favorite) => {
    try {
      await remove.mutateAsync(favorite.id);
      message.success('已取消收藏');
      // The last one of a later page: show the page before it.
      if (favorites.data?.content.length === 1 && page > 1) goToPage(page - 1);
    } catch (error) {
      message.error(getFailureMessage(error, MSG.requestError));
    }
  };

  const body = (
    <QueryView query={favorites}>
      {(data) =>
        data.content.length === 0 ? (
          <GoShoppingEmpty description="暂无收藏的商品" testId="favorites-empty" />
        ) : (
          <>
            <ul className="member-list" aria-label="收藏的商品">
              {data.content.map((favorite) => {
                const inStock = isInStock(favorite.productStatusType);
                const href = `/product/${favorite.productCode}`;
                return (
                  <li key={favorite.id} className="member-list__item" data-testid="favorite-item">
                    <Link to={href}>
                      <img
                        className="member-list__image"
                        src={favorite.productImageUrl}
                        alt={favorite.productName}
                        width={96}
                        height={96}
                        loading="lazy"
                      />
                    </Link>
                    <div className="member-list__body">
                      <Link to={href} className="member-list__name" title={favorite.productName}>
                        <ProductTag prescriptionType={favorite.prescriptionType} classCode={favorite.classCode} />
                        {favorite.productName}
                      </Link>
                      <Price cents={favorite.jkPrice} />
                      <p className="member-list__meta">{favorite.packing}</p>
                    </div>
                    <div className="member-list__state">
                      {inStock ? <Tag color="green">有货</Tag> : <Tag color="orange">暂时缺货</Tag>}
                    </div>
                    <div className="member-list__actions">
                      {inStock ? (
                        <BuyOrListButton product={favorite} actions={actions} />
                      ) : (
                        <Button type="primary" ghost onClick={() => setReserving(favorite)}>
                          到货通知
                        </Button>
                      )}
                      <Button
                        type="link"
                        size="small"
                        className="member-list__cancel"
                        loading={remove.isPending && remove.variables === favorite.id}
                        onClick={() => cancel(favorite)}
                      >
                        取消收藏
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
            <GroupPager
              unit="件商品"
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
        <h3 className="card__title">我的收藏</h3>
      </header>
      {body}
      <ReserveDialog product={reserving} onClose={() => setReserving(null)} />
    </div>
  );
}
