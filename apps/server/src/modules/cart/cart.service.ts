import type { CartLine, CartView } from '@anxin/shared/cart/cart';
import { isInStock } from '@anxin/shared/catalogue/catalogue';
import { MSG } from '@anxin/shared/common/messages';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { ProductRow } from '../catalogue/catalogue.module.ts';
import { findProductsByCodes, productImageUrl } from '../catalogue/catalogue.module.ts';
import type { CartItemInput } from './cart.repository.ts';
import {
  addCartItems,
  listCartLines,
  removeCartItems,
  setAllCartItemsSelected,
  updateCartItem,
} from './cart.repository.ts';
import type { CartItemRow } from './cart.schema.ts';

function toCartLine(item: CartItemRow, product: ProductRow): CartLine {
  return {
    productCode: product.productCode,
    productName: product.name,
    commonTitle: product.commonTitle,
    packing: product.packing,
    productImageUrl: productImageUrl(product.productCode),
    price: product.price,
    quantity: item.quantity,
    selected: item.selected,
    prescriptionType: product.prescriptionType,
    stockStatus: product.stockStatus,
    classCode: product.classCode,
    lineTotal: product.price * item.quantity,
  };
}

export function createCartService(db: Database) {
  async function getCart(memberId: number): Promise<CartView> {
    const items = (await listCartLines(db, memberId)).map(({ item, product }) => toCartLine(item, product));
    const payable = items.filter((line) => line.selected && isInStock(line.stockStatus));
    return {
      items,
      totalQuantity: items.reduce((total, line) => total + line.quantity, 0),
      selectedQuantity: payable.reduce((total, line) => total + line.quantity, 0),
      productMoney: payable.reduce((total, line) => total + line.lineTotal, 0),
    };
  }

  return {
    getCart,

    /** Unknown products answer 404 and out-of-stock ones 409; nothing is added unless every product can be. */
    async addItems(memberId: number, items: CartItemInput[]): Promise<CartView> {
      const found = await findProductsByCodes(
        db,
        items.map((item) => item.productCode),
      );
      for (const item of items) {
        const product = found.get(item.productCode);
        if (!product) throw notFound();
        if (!isInStock(product.stockStatus)) throw conflict(MSG.productOutOfStock);
      }
      await db.transaction((tx) => addCartItems(tx, memberId, items));
      return getCart(memberId);
    },

    async updateItem(memberId: number, productCode: string, changes: { quantity?: number; selected?: boolean }) {
      if (!(await updateCartItem(db, memberId, productCode, changes))) throw notFound();
      return getCart(memberId);
    },

    async selectAll(memberId: number, selected: boolean) {
      await setAllCartItemsSelected(db, memberId, selected);
      return getCart(memberId);
    },

    async removeItem(memberId: number, productCode: string) {
      if ((await removeCartItems(db, memberId, [productCode])) === 0) throw notFound();
    },
  };
}
