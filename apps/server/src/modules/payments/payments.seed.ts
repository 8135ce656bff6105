// The demo member's orders paid online get the payment that paid them at the sandbox cashier (a trade number
// the sandbox knows), so a demo order's money goes back through the gateway like a real one's: the console's
// 退款, an after-sale request (docs/AFTERSALE.md).
import { randomUUID } from 'node:crypto';
import { PAYMENT_TYPE } from '@anxin/shared/orders/order-status';
import { and, count, eq, gt, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { DEMO_MEMBER, findMemberByPhone } from '../account/account.module.ts';
import { orders } from '../orders/orders.module.ts';
import { payments } from './payments.schema.ts';

export async function seedDemoPayments(db: Database, _clock: Clock) {
  const member = await findMemberByPhone(db, DEMO_MEMBER.phone);
  if (!member) return;
  const [existing] = await db.select({ value: count() }).from(payments).where(eq(payments.memberId, member.id));
  if ((existing?.value ?? 0) > 0) return;
  const paid = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.memberId, member.id),
        isNotNull(orders.paidAt),
        isNull(orders.parentOrderCode),
        ne(orders.paymentType, PAYMENT_TYPE.cashOnDelivery),
        gt(orders.sum, 0),
      ),
    );
  if (paid.length === 0) return;
  await db.insert(payments).values(
    paid.map((order) => {
      const paidAt = order.paidAt as Date;
      return {
        id: randomUUID(),
        orderCodes: [order.ordersCode],
        memberId: member.id,
        amount: order.sum,
        provider: 'sandbox',
        channel: 'alipay' as const,
        status: 'paid' as const,
        paySource: order.paySource,
        platform: 'PC',
        payUrl: '/pay',
        tradeNo: `SBX${paidAt.getTime()}${order.id}`,
        createdAt: paidAt,
        paidAt,
        notifiedAt: paidAt,
      };
    }),
  );
}
