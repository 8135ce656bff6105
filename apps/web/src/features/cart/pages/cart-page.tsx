import { ShoppingCartOutlined } from '@ant-design/icons';
import type { CartLine } from '@anxin/shared/cart/cart';
import { isDrugClass, isInStock, isPrescriptionProduct, PRESCRIPTION_NOTICE } from '@anxin/shared/catalogue/catalogue';
import { FREE_FREIGHT_THRESHOLD, freightFor } from '@anxin/shared/checkout/checkout';
import { MSG } from '@anxin/shared/common/messages';
import { formatYuan } from '@anxin/shared/common/money';
import { freightText, mallLimitMessages } from '@anxin/shared/mall/mall-config.rules';
import { Button, Checkbox, Empty, Popconfirm, Result, Skeleton } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { Price, YuanText } from '../../../components/price.tsx';
import { ProductTag } from '../../../components/product-tags.tsx';
import { getErrorMessage, getFailureMessage } from '../../../lib/api-client.ts';
import { useSettleCart } from '../../checkout/index.ts';
import { useMallConfig } from '../../mall/index.ts';
import { useCart } from '../api/get-cart.ts';
import { useRemoveCartItem } from '../api/remove-cart-item.ts';
import { useSelectAllCartItems } from '../api/select-all-cart-items.ts';
import { useUpdateCartItem } from '../api/update-cart-item.ts';
import { CartQuantity } from '../components/cart-quantity.tsx';
import '../cart.css';

/** The cart: tick lines, change quantities, remove lines, see the total, 去结算. */
export function CartPage() {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const cart = useCart();
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const selectAll = useSelectAllCartItems();
  const settle = useSettleCart();
  const mallConfig = useMallConfig();

  const showError = (error: unknown) => message.error(getFailureMessage(error, MSG.requestError));
  const change = (line: CartLine, changes: { quantity?: number; selected?: boolean }) =>
    update.mutate({ productCode: line.productCode, ...changes }, { onError: showError });

  if (cart.isPending) {
    return (
      <div className="container">
        <section className="card">
          <Skeleton active paragraph={{ rows: 6 }} />
        </section>
      </div>
    );
  }
  if (cart.isError) {
    return (
      <div className="container">
        <section className="card">
          <Result
            status="error"
            title={getErrorMessage(cart.error)}
            extra={<Button onClick={() => cart.refetch()}>重试</Button>}
          />
        </section>
      </div>
    );
  }

  const { items, selectedQuantity, productMoney, totalQuantity } = cart.data;
  const choosable = items.filter((line) => isInStock(line.stockStatus));
  const isAllSelected = choosable.length > 0 && choosable.every((line) => line.selected);
  const isSomeSelected = choosable.some((line) => line.selected);
  const hasRx = items.some((line) => isPrescriptionProduct(line.prescriptionType));
  const freight = freightFor(productMoney);
  const chosen = choosable.filter((line) => line.selected);
  const isChoosingRx = chosen.some((line) => isPrescriptionProduct(line.prescriptionType));
  // The server refuses such a settlement too; the note says why before the shopper tries.
  const isRxWithNonDrug =
    !mallConfig.isCartRxAndNotDrug && isChoosingRx && chosen.some((line) => !isDrugClass(line.classCode));

  const goSettle = async () => {
    try {
      const settlement = await settle.mutateAsync();
      navigate(`/settle?id=${settlement.settlementId}`);
    } catch (error) {
      showError(error);
    }
  };

  if (items.length === 0) {
    return (
      <div className="container">
        <section className="card shop-cart__empty">
          <Empty
            image={<ShoppingCartOutlined className="shop-cart__empty-icon" />}
            description={
              <>
                <p className="shop-cart__empty-title">购物车还是空的</p>
                <p className="shop-cart__empty-tip">去挑选几件需要的商品吧</p>
              </>
            }
          >
            <Link to="/search">
              <Button type="primary" size="large">
                去逛逛
              </Button>
            </Link>
          </Empty>
        </section>
      </div>
    );
  }

  const allBox = (
    <Checkbox
      checked={isAllSelected}
      indeterminate={!isAllSelected && isSomeSelected}
      disabled={choosable.length === 0}
      onChange={(event) => selectAll.mutate(event.target.checked, { onError: showError })}
    >
      全选
    </Checkbox>
  );

  return (
    <div className="container shop-cart">
      <section className="card">
        <header className="shop-cart__head">
          <h1 className="shop-cart__title">
            购物车<span className="shop-cart__title-count">共 {totalQuantity} 件</span>
          </h1>
          <span className="shop-cart__free">
            {freight === 0 && productMoney > 0
              ? mallConfig.freeFreight
              : `${freightText(mallConfig.freight, FREE_FREIGHT_THRESHOLD)}${productMoney > 0 ? `，还差 ¥${formatYuan(FREE_FREIGHT_THRESHOLD - productMoney)}` : ''}`}
          </span>
        </header>
        {hasRx ? <p className="shop-cart__rx-note">{mallConfig.rxCartNotice}</p> : null}
        {isRxWithNonDrug ? (
          <p className="shop-cart__rx-note" role="alert">
            {mallLimitMessages.rxWithNonDrug}
          </p>
        ) : null}
        <div className="shop-cart__table">
          <div className="shop-cart__row shop-cart__row--header">
            <span>{allBox}</span>
            <span>商品信息</span>
            <span>单价</span>
            <span>数量</span>
            <span>小计</span>
            <span>操作</span>
          </div>
          {items.map((line) => {
            const inStock = isInStock(line.stockStatus);
            return (
              <div
                key={line.productCode}
                className={`shop-cart__row${inStock ? '' : ' shop-cart__row--out'}${line.selected && inStock ? ' shop-cart__row--selected' : ''}`}
                data-testid="cart-line"
              >
                <span>
                  <Checkbox
                    checked={inStock && line.selected}
                    disabled={!inStock}
                    aria-label={`选择 ${line.productName}`}
                    onChange={(event) => change(line, { selected: event.target.checked })}
                  />
                </span>
                <span className="shop-cart__product">
                  <Link to={`/product/${line.productCode}`} className="shop-cart__image">
                    <img src={line.productImageUrl} alt={line.productName} width={80} height={80} />
                  </Link>
                  <span className="shop-cart__product-text">
                    <Link to={`/product/${line.productCode}`} className="shop-cart__name">
                      <ProductTag prescriptionType={line.prescriptionType} classCode={line.classCode} />
                      {line.productName}
                    </Link>
                    <span className="shop-cart__packing">规格：{line.packing}</span>
                    {isPrescriptionProduct(line.prescriptionType) ? (
                      <span className="shop-cart__rx-notice">{PRESCRIPTION_NOTICE}</span>
                    ) : null}
                    {inStock ? null : <span className="shop-cart__out">暂时缺货</span>}
                  </span>
                </span>
                <span className="shop-cart__unit">
                  <YuanText cents={line.price} />
                </span>
                <span>
                  <CartQuantity
                    value={line.quantity}
                    disabled={!inStock}
                    onCommit={(quantity) => change(line, { quantity })}
                  />
                </span>
                <span className="shop-cart__line-total">
                  <YuanText cents={line.lineTotal} />
                </span>
                <span>
                  <Popconfirm
                    title="确定要删除该商品吗？"
                    okText="删除"
                    cancelText="取消"
                    okButtonProps={{ danger: true }}
                    onConfirm={() =>
                      remove.mutateAsync(line.productCode).then(() => message.success('已删除'), showError)
                    }
                  >
                    <button type="button" className="link-button shop-cart__remove">
                      删除
                    </button>
                  </Popconfirm>
                </span>
              </div>
            );
          })}
        </div>
      </section>

      <div className="shop-cart__bar">
        <div className="shop-cart__bar-left">{allBox}</div>
        <div className="shop-cart__bar-right">
          <span className="shop-cart__chosen">
            已选 <strong>{selectedQuantity}</strong> 件商品
          </span>
          <span className="shop-cart__sum">
            合计（不含运费）：
            <Price cents={productMoney} label="" />
          </span>
          <Button
            type="primary"
            size="large"
            className="shop-cart__settle"
            disabled={selectedQuantity === 0}
            loading={settle.isPending}
            onClick={goSettle}
          >
            {isChoosingRx ? mallConfig.rxSettleButtonText : '去结算'}
          </Button>
        </div>
      </div>
    </div>
  );
}
