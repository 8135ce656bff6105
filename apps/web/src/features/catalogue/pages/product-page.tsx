import {
  BellOutlined,
  CarOutlined,
  ExclamationCircleFilled,
  MobileOutlined,
  SafetyCertificateOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons';
import { CART_MAX_QUANTITY } from '@anxin/shared/cart/cart.constants';
import {
  CONSULTATION_CLASS_CODE,
  CONSULTATION_NOTE,
  isInStock,
  isPrescriptionProduct,
  PRESCRIPTION_NOTICE,
  productImagePath,
} from '@anxin/shared/catalogue/catalogue';
import type { ProductView } from '@anxin/shared/catalogue/catalogue.contract';
import { FREE_FREIGHT_THRESHOLD } from '@anxin/shared/checkout/checkout.rules';
import { freightText } from '@anxin/shared/mall/mall-config.rules';
import { Button, InputNumber, Skeleton } from 'antd';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Price } from '../../../components/price.tsx';
import { ProductTag } from '../../../components/product-tags.tsx';
import { Result } from '../../../components/result.tsx';
import { API_BASE_PATH, getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { useIsNearViewport } from '../../../lib/use-is-near-viewport.ts';
import { ChatButton } from '../../chat/index.ts';
import { FavoriteHeart, useFavoriteIds } from '../../favorites/index.ts';
import { useMallConfig } from '../../mall/index.ts';
import { useProduct } from '../api/get-product.ts';
import { useAddLabel, useProductActions } from '../lib/use-product-actions.tsx';
import '../../../components/shop-notice.css';
import '../catalogue.css';

// The reviews (pagination, rating stars, dates) sit below the fold: their own script part, fetched when
// the shopper scrolls towards them.
const ProductReviews = lazy(async () => ({
  default: (await import('../components/product-reviews.tsx')).ProductReviews,
}));
// 到货通知's dialog (a form in a modal) is fetched when the shopper first asks for it.
const ReserveDialog = lazy(async () => ({ default: (await import('../../reservations/index.ts')).ReserveDialog }));

/** 首页 / the product's class / the product; 首页 alone while the product is on its way. */
function ProductBreadcrumb({ product }: { product?: Pick<ProductView, 'className' | 'productName'> }) {
  return (
    <nav className="shop-breadcrumb" aria-label="当前位置">
      <ol>
        <li>
          <Link to="/">首页</Link>
        </li>
        {product ? (
          <>
            <li>
              <Link to={`/search?keyword=${encodeURIComponent(product.className)}`}>{product.className}</Link>
            </li>
            <li aria-current="page">{product.productName}</li>
          </>
        ) : null}
      </ol>
    </nav>
  );
}

/** A product: picture, price, the prescription notice where it applies, 立即购买 and the add button. */
export function ProductPage() {
  const { code = '' } = useParams();
  const product = useProduct(code);
  const actions = useProductActions();
  const addLabelFor = useAddLabel();
  const mallConfig = useMallConfig();
  const [quantity, setQuantity] = useState(1);
  const favoriteIds = useFavoriteIds(code ? [code] : []);
  const [isReserving, setIsReserving] = useState(false);
  // Stays true once the dialog is fetched, so that closing it plays antd's closing animation.
  const [hasAskedToReserve, setHasAskedToReserve] = useState(false);
  const [reviewsRef, isReviewsNear] = useIsNearViewport<HTMLDivElement>();

  // react-query's answer re-renders the page at once, in one task. The product is drawn from a deferred copy
  // instead: React renders it in the background and yields to the browser between components. The copy can
  // still be the previous product's for a moment after going to another.
  const shownProduct = useDeferredValue(product.data);
  const item = shownProduct?.productCode === code ? shownProduct : undefined;

  if (product.isError) {
    const isMissing = isApiError(product.error) && (product.error.status === 404 || product.error.status === 400);
    return (
      <div className="container">
        <section className="card">
          <Result
            status={isMissing ? '404' : 'error'}
            title={isMissing ? '商品不存在或已下架' : getErrorMessage(product.error)}
            extra={
              <Link to="/search">
                <Button type="primary">去看看其他商品</Button>
              </Link>
            }
          />
        </section>
      </div>
    );
  }

  // The picture needs only the product's code: it shows (and in the prerendered page, loads with the page)
  // while the rest of the product is on its way, where it will stay.
  if (!item) {
    return (
      <div className="container shop-product">
        <ProductBreadcrumb />
        <section className="card shop-product__main" aria-busy="true">
          <div className="shop-product__gallery">
            <img src={`${API_BASE_PATH}${productImagePath(code)}`} alt="" width={360} height={360} />
          </div>
          <div className="shop-product__info">
            <Skeleton active paragraph={{ rows: 8 }} />
          </div>
        </section>
      </div>
    );
  }

  const isRx = isPrescriptionProduct(item.prescriptionType);
  const inStock = isInStock(item.stockStatus);
  return (
    <div className="container shop-product">
      <ProductBreadcrumb product={item} />
      <section className="card shop-product__main">
        <div className="shop-product__gallery">
          <img src={item.productImageUrl} alt={item.productName} width={360} height={360} />
        </div>
        <div className="shop-product__info">
          <h1 className="shop-product__name">
            <ProductTag prescriptionType={item.prescriptionType} classCode={item.classCode} />
            {item.productName}
          </h1>
          <p className="shop-product__subtitle">
            {item.commonTitle} · {item.packing}
          </p>

          <div className="shop-product__price-panel">
            <span className="shop-product__price-label">安心价</span>
            <Price cents={item.price} size="large" />
            <span className="shop-product__freight">
              <CarOutlined /> {freightText(mallConfig.freight, FREE_FREIGHT_THRESHOLD)}
            </span>
          </div>

          {isRx ? (
            <p className="shop-notice shop-notice--rx" role="note">
              <ExclamationCircleFilled /> {PRESCRIPTION_NOTICE}
            </p>
          ) : null}
          {item.classCode === CONSULTATION_CLASS_CODE ? (
            <p className="shop-notice shop-notice--app" role="note">
              <MobileOutlined /> {CONSULTATION_NOTE}
            </p>
          ) : null}

          <dl className="shop-product__specs">
            <dt>通用名称</dt>
            <dd>{item.commonTitle}</dd>
            <dt>规格</dt>
            <dd>{item.packing}</dd>
            <dt>生产企业</dt>
            <dd>{item.manufacturer}</dd>
            <dt>商品编码</dt>
            <dd>{item.productCode}</dd>
          </dl>

          <div className="shop-product__buy">
            <span className="shop-product__buy-label">数量</span>
            <InputNumber
              min={1}
              max={CART_MAX_QUANTITY}
              precision={0}
              value={quantity}
              disabled={!inStock}
              onChange={(value) => setQuantity(value ?? 1)}
              inputMode="numeric"
              aria-label="购买数量"
            />
            {inStock ? null : <span className="shop-product__out">暂时缺货</span>}
          </div>
          <div className="shop-product__actions">
            {inStock ? null : (
              <Button
                size="large"
                type="primary"
                className="shop-product__buy-now"
                icon={<BellOutlined />}
                onClick={() => {
                  if (!actions.requireSignIn()) return;
                  setHasAskedToReserve(true);
                  setIsReserving(true);
                }}
              >
                到货通知
              </Button>
            )}
            {inStock ? null : <ChatButton size="large" context={{ productCode: item.productCode }} />}
            {!inStock || (isRx && mallConfig.onlyBuyRxFromDocter) ? null : (
              <Button
                size="large"
                type="primary"
                className="shop-product__buy-now"
                disabled={!inStock}
                loading={actions.isBuying}
                onClick={() => actions.buyNow(item.productCode, quantity)}
              >
                立即购买
              </Button>
            )}
            <Button
              size="large"
              className="shop-product__add"
              icon={<ShoppingCartOutlined />}
              disabled={!inStock}
              loading={actions.addingCode === item.productCode}
              onClick={() => actions.addToCart(item, quantity)}
            >
              {addLabelFor(item.prescriptionType)}
            </Button>
            <FavoriteHeart
              productCode={item.productCode}
              favoriteId={favoriteIds.get(item.productCode)}
              variant="labelled"
            />
          </div>
          {hasAskedToReserve ? (
            <Suspense fallback={null}>
              <ReserveDialog product={isReserving ? item : null} onClose={() => setIsReserving(false)} />
            </Suspense>
          ) : null}
          <ul className="shop-product__promises">
            <li>
              <SafetyCertificateOutlined /> 正品保障
            </li>
            <li>
              <SafetyCertificateOutlined /> 药师审核
            </li>
            <li>
              <SafetyCertificateOutlined /> 隐私包装
            </li>
          </ul>
        </div>
      </section>

      <section className="card shop-product__detail">
        <header className="card__header">
          <h2 className="card__title">商品详情</h2>
        </header>
        <dl className="shop-product__detail-list">
          <dt>商品名称</dt>
          <dd>{item.productName}</dd>
          <dt>通用名称</dt>
          <dd>{item.commonTitle}</dd>
          <dt>规格</dt>
          <dd>{item.packing}</dd>
          <dt>生产企业</dt>
          <dd>{item.manufacturer}</dd>
          <dt>{isRx || item.classCode.startsWith('2') ? '功能主治' : '产品说明'}</dt>
          <dd>{item.description}</dd>
          <dt>温馨提示</dt>
          <dd>
            {isRx
              ? '本品为处方药，请凭医生处方，在执业药师指导下购买和使用。'
              : '请仔细阅读说明书并按说明使用，或在药师指导下购买和使用。'}
          </dd>
        </dl>
      </section>

      <div ref={reviewsRef}>
        {isReviewsNear ? (
          <Suspense fallback={null}>
            <ProductReviews productCode={item.productCode} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
