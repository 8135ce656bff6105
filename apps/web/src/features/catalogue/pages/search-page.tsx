import { ShoppingCartOutlined } from '@ant-design/icons';
import { PRODUCT_CLASSES, PRODUCT_SEARCH_DEFAULT_PAGE_SIZE } from '@anxin/shared/catalogue/catalogue';
import { Button, Empty, Pagination, Result, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useIsSignedIn } from '../../../lib/use-session.ts';
import { useCart } from '../../cart/index.ts';
import { useFavoriteIds } from '../../favorites/index.ts';
import { useSearchProducts } from '../api/search-products.ts';
import { ProductCard } from '../components/product-card.tsx';
import { useProductActions } from '../lib/use-product-actions.tsx';
import '../catalogue.css';

const PAGE_SIZE = PRODUCT_SEARCH_DEFAULT_PAGE_SIZE;

/** The search the header box opens: results for the keyword, 20 a page. */
export function SearchPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const keyword = (searchParams.get('keyword') ?? '').trim();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const search = useSearchProducts({ keyword, page, size: PAGE_SIZE });
  const actions = useProductActions();
  const isSignedIn = useIsSignedIn();
  const cart = useCart({ isEnabled: isSignedIn });
  const favoriteIds = useFavoriteIds(search.data?.content.map((product) => product.productCode) ?? []);

  const goTo = (next: { keyword?: string; page?: number }) => {
    const params = new URLSearchParams();
    const nextKeyword = next.keyword ?? keyword;
    if (nextKeyword) params.set('keyword', nextKeyword);
    if ((next.page ?? 1) > 1) params.set('page', String(next.page));
    setSearchParams(params);
    window.scrollTo({ top: 0 });
  };

  const result = search.data;
  return (
    <div className="container shop-search">
      <section className="card shop-search__head">
        <div className="shop-search__title-row">
          <h1 className="shop-search__title">
            {keyword ? (
              <>
                搜索结果<span className="shop-search__sep">&gt;</span>
                <em>{keyword}</em>
              </>
            ) : (
              '全部商品'
            )}
            {result ? <span className="shop-search__count">共 {result.totalElements} 件商品</span> : null}
          </h1>
          <Link to="/cart" className="shop-cart-link">
            <ShoppingCartOutlined /> 我的购物车
            {cart.data?.totalQuantity ? <span className="shop-cart-link__count">{cart.data.totalQuantity}</span> : null}
          </Link>
        </div>
        <nav className="shop-search__classes" aria-label="商品分类">
          <span className="shop-search__classes-label">分类：</span>
          {PRODUCT_CLASSES.map((item) => (
            <button
              key={item.classCode}
              type="button"
              className={`shop-chip${keyword === item.name ? ' shop-chip--active' : ''}`}
              onClick={() => goTo({ keyword: item.name })}
            >
              {item.name}
            </button>
          ))}
        </nav>
      </section>

      {search.isPending ? (
        <section className="card">
          <Skeleton active paragraph={{ rows: 8 }} />
        </section>
      ) : search.isError ? (
        <section className="card">
          <Result
            status="error"
            title={getErrorMessage(search.error)}
            extra={
              <Button type="primary" onClick={() => search.refetch()}>
                重试
              </Button>
            }
          />
        </section>
      ) : result && result.content.length > 0 ? (
        <>
          <ul className="product-grid" aria-label="搜索结果">
            {result.content.map((product) => (
              <ProductCard
                key={product.productCode}
                product={product}
                favoriteId={favoriteIds.get(product.productCode)}
                isAdding={actions.addingCode === product.productCode}
                onAdd={(item) => actions.addToCart(item)}
              />
            ))}
          </ul>
          {result.totalPages > 1 ? (
            <Pagination
              className="shop-search__pager"
              align="center"
              current={page}
              pageSize={PAGE_SIZE}
              total={result.totalElements}
              showSizeChanger={false}
              onChange={(next) => goTo({ page: next })}
            />
          ) : null}
        </>
      ) : (
        <section className="card shop-search__empty">
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <>
                <p className="shop-search__empty-title">没有找到与“{keyword}”相关的商品</p>
                <p className="shop-search__empty-tip">换个关键词试试，或者看看下面的分类</p>
              </>
            }
          />
          <div className="shop-search__suggest">
            {PRODUCT_CLASSES.slice(0, 6).map((item) => (
              <Button key={item.classCode} onClick={() => goTo({ keyword: item.name })}>
                {item.name}
              </Button>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
