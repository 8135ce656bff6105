/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import { eq } from 'drizzle-orm';
import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { memberOrderStats } from './member-order-stats.ts';
import { ordersCommands } from './orders.commands.ts';
import { ordersConsoleModule } from './orders.console.routes.ts';
import { ordersModule } from './orders.routes.ts';
import { logistics, logisticsEvents, orderLines, orders, reviews } from './orders.schema.ts';
import { seedDemoOrders } from './orders.seed.ts';
import { productReviewsModule } from './reviews.routes.ts';

export const ordersDescriptor: ModuleDescriptor = {
  name: 'orders',
  routes: [ordersModule, productReviewsModule, ordersConsoleModule],
  commands: ordersCommands,
  tables: [orders, orderLines, logistics, logisticsEvents, reviews, memberOrderStats],
  memberTables: [
    {
      table: orders,
      onClosure: 'keep-for-law',
      onMerge: 'move',
      why: 'drug sales records (with consignee and prescription) must be kept for years after the sale',
    },
    {
      table: reviews,
      onClosure: 'anonymise',
      onMerge: 'move',
      why: 'the text stays on the product page under 已注销用户 (orders count on it being there); its photos go with the uploads, since a photo of a parcel shows a name and an address',
    },
    {
      table: memberOrderStats,
      onClosure: 'keep-for-law',
      onMerge: 'derived',
      why: 'counts of the kept orders, written only by the database triggers (migration 0010)',
    },
  ],
  async closeMember(tx, memberId) {
    await tx.update(reviews).set({ images: [] }).where(eq(reviews.memberId, memberId));
    return undefined;
  },
  seed: seedDemoOrders,
};

export {
  type AfterSaleLineCount,
  holdAfterSaleLines,
  orderAfterSaleOf,
  refundableQuantityOf,
  releaseAfterSaleLines,
} from './after-sale-lines.ts';
export { createMemberOrderService, type MemberOrderService } from './member-orders.service.ts';
export { type OrderEvents, orderEvents } from './order-events.ts';
export { orderFigures } from './order-figures.ts';
export { orderMovedLine } from './orders.commands.ts';
export {
  findLinesOfOrders,
  findMemberOrder,
  findOrderByCode,
  lockOrderByCode,
  updateOrderVersioned,
} from './orders.repository.ts';
export { type OrderLineRow, type OrderRow, orderLines, orders } from './orders.schema.ts';
export { createOrderService, type OrderLog, type OrderService } from './orders.service.ts';
