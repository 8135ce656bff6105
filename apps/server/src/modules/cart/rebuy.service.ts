import { MSG } from '@anxin/shared/common/messages';
import type { Database } from '../../db/client.ts';
import { conflict } from '../../platform/errors.ts';
import type { MemberOrderService } from '../orders/orders.module.ts';
import { addCartItems } from './cart.repository.ts';

export function createRebuyService(db: Database, memberOrders: Pick<MemberOrderService, 'linesToRebuy'>) {
  return {
    /**
     * Rebuy (再次购买 / 再次提交需求): the order's shown products, gifts and prizes left out, go back into the
     * member's cart with their amounts, through `addCartItems` (merges with lines already
     * there, at most 99 each, 100 lines). Products no longer in the catalogue are skipped; when none is left:
     * 409 加入购物车失败. An order whose page offers no rebuy: 409 当前订单状态不支持该操作 (see `linesToRebuy`).
     */
    async rebuy(memberId: number, ordersCode: string) {
      const { items } = await memberOrders.linesToRebuy(memberId, ordersCode);
      const added = await db.transaction((tx) =>
        addCartItems(
          tx,
          memberId,
          items.map((item) => ({ productCode: item.productCode, quantity: item.amount })),
        ),
      );
      if (added.length === 0) throw conflict(MSG.rebuyFailed);
      return { added: added.length };
    },
  };
}
