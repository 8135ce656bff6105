import { isInStock } from '@anxin/shared/catalogue/catalogue';
import type { ProductView } from '@anxin/shared/catalogue/catalogue.contract';
import { Button } from 'antd';
import { Link } from 'react-router';
import { Price } from '../../../components/price.tsx';
import { ProductTag } from '../../../components/product-tags.tsx';
import { FavoriteHeart } from '../../favorites/index.ts';
import { useAddLabel } from '../lib/use-product-actions.tsx';

type ProductCardProps = {
  product: ProductView;
  /** The member's favourite of this product, if kept: the heart is filled. */
  favoriteId: number | undefined;
  onAdd: (product: ProductView) => void;
  isAdding: boolean;
};

/** One search result: image, price, name, packing and the add button. */
export function ProductCard({ product, favoriteId, onAdd, isAdding }: ProductCardProps) {
  const href = `/product/${product.productCode}`;
  const inStock = isInStock(product.stockStatus);
  const addLabelFor = useAddLabel();
  return (
    <li className={`product-card${inStock ? '' : ' product-card--out'}`} data-testid="product-card">
      <FavoriteHeart productCode={product.productCode} favoriteId={favoriteId} variant="icon" />
      <Link to={href} className="product-card__image">
        <img src={product.productImageUrl} alt={product.productName} width={200} height={200} loading="lazy" />
        {inStock ? null : <span className="product-card__stock">暂时缺货</span>}
      </Link>
      <div className="product-card__body">
        <Price cents={product.price} />
        <Link to={href} className="product-card__name" title={product.productName}>
          <ProductTag prescriptionType={product.prescriptionType} classCode={product.classCode} />
          {product.productName}
        </Link>
        <p className="product-card__packing">{product.packing}</p>
        <Button
          block
          className="product-card__action"
          type={inStock ? 'primary' : 'default'}
          ghost={inStock}
          disabled={!inStock}
          loading={isAdding}
          onClick={() => onAdd(product)}
        >
          {inStock ? addLabelFor(product.prescriptionType) : '暂时缺货'}
        </Button>
      </div>
    </li>
  );
}
