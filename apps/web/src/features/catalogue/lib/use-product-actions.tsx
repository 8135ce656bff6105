import { isPrescriptionProduct } from '@anxin/shared/catalogue/catalogue';
import { MSG } from '@anxin/shared/common/messages';
import { useLocation, useNavigate } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getFailureMessage } from '../../../lib/api-client.ts';
import { buildLoginUrl } from '../../../lib/safe-back-url.ts';
import { useIsSignedIn } from '../../../lib/use-session.ts';
import { useAddCartItems } from '../../cart/index.ts';
import { useBuyNow } from '../../checkout/index.ts';
import { useMallConfig } from '../../mall/index.ts';
import './product-actions.css';

/**
 * The label of the add button: prescription products go to the demand list, under the mall configuration's
 * prescription-compliance label (default 加入需求清单).
 */
export function useAddLabel() {
  const { rxCartButtonText } = useMallConfig();
  return (prescriptionType: number) => (isPrescriptionProduct(prescriptionType) ? rxCartButtonText : '加入购物车');
}

/**
 * 加入购物车 / 加入需求清单 and 立即购买 for the product pages. A visitor is sent to sign in and comes back here;
 * a failure shows the server's reason or 加入购物车失败.
 */
export function useProductActions() {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const location = useLocation();
  const isSignedIn = useIsSignedIn();
  const add = useAddCartItems();
  const buy = useBuyNow();

  const requireSignIn = () => {
    if (isSignedIn) return true;
    navigate(buildLoginUrl(`${location.pathname}${location.search}`));
    return false;
  };

  const addToCart = async (product: { productCode: string; prescriptionType: number }, quantity = 1) => {
    if (!requireSignIn()) return;
    try {
      await add.mutateAsync([{ productCode: product.productCode, num: quantity }]);
      const text = isPrescriptionProduct(product.prescriptionType) ? '已加入需求清单' : '已加入购物车';
      message.success({
        key: 'cart-added',
        content: (
          <span>
            {text}，
            <a
              href="/cart"
              className="shop-toast-link"
              onClick={(event) => {
                event.preventDefault();
                message.destroy('cart-added');
                navigate('/cart');
              }}
            >
              去购物车结算
            </a>
          </span>
        ),
      });
    } catch (error) {
      message.error(getFailureMessage(error, MSG.addToCartFailed));
    }
  };

  const buyNow = async (productCode: string, quantity = 1) => {
    if (!requireSignIn()) return;
    try {
      const settlement = await buy.mutateAsync({ skuCode: productCode, quantity });
      navigate(`/settle?id=${settlement.settlementId}`);
    } catch (error) {
      message.error(getFailureMessage(error, MSG.requestError));
    }
  };

  return {
    /** True when signed in; else sends the visitor to sign in and back (for actions of other features). */
    requireSignIn,
    addToCart,
    buyNow,
    addingCode: add.isPending ? add.variables?.[0]?.productCode : undefined,
    isBuying: buy.isPending,
  };
}
