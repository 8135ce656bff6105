import { isPrescriptionProduct } from '@anxin/shared/catalogue/catalogue';
import { Button } from 'antd';
import { useAddLabel, type useProductActions } from '../../catalogue/index.ts';

type BuyOrListButtonProps = {
  product: { productCode: string; prescriptionType: number };
  actions: ReturnType<typeof useProductActions>;
};

/**
 * The action of a product in stock on the favourites and reservation lists: 立即购买 for an ordinary product,
 * 加入需求清单 (the mall's prescription label) for a prescription product (types 4 and 5), which is never
 * bought at once.
 */
export function BuyOrListButton({ product, actions }: BuyOrListButtonProps) {
  const addLabelFor = useAddLabel();
  if (isPrescriptionProduct(product.prescriptionType)) {
    return (
      <Button
        type="primary"
        ghost
        loading={actions.addingCode === product.productCode}
        onClick={() => actions.addToCart(product)}
      >
        {addLabelFor(product.prescriptionType)}
      </Button>
    );
  }
  return (
    <Button type="primary" loading={actions.isBuying} onClick={() => actions.buyNow(product.productCode)}>
      立即购买
    </Button>
  );
}
