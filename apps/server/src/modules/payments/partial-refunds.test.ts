import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { placeOrderInState } from '../orders/orders.fixtures.ts';
import { lockOrderByCode, orderEvents } from '../orders/orders.module.ts';
import { payments, refunds } from './payments.schema.ts';
import { requestAfterSaleRefund } from './refunds.service.ts';

// Partial refunds of one order (docs/AFTERSALE.md): random sequences of after-sale refunds, each asked twice.
// The refunds of an order never add up to more than it paid, none is negative, each asked twice is one, and
// the gateway's success of each is told (partRefunded) exactly once.

let t: TestApp;
const told = new Map<string, number>();
beforeAll(async () => {
  t = await buildTestApp();
  orderEvents.subscribe('partial-refunds-test', {
    async partRefunded(_tx, { refund }) {
      told.set(refund.id, (told.get(refund.id) ?? 0) + 1);
    },
  });
});
afterAll(async () => {
  orderEvents.subscribe('partial-refunds-test', {});
  await t?.close();
});

async function paidOrder(price: number) {
  const member = await t.createMember();
  const now = t.clock.now();
  const order = await t.db.transaction((tx) =>
    placeOrderInState(
      tx,
      {
        memberId: member.id,
        paymentType: 99,
        consignee: '张三',
        consigneePhone: '13912345678',
        deliveryAddress: '北京市 北京市 朝阳区 建国路88号',
        lines: [{ productCode: 'P1', productName: '维生素C片', amount: 1, actualPrice: price, prescriptionType: 3 }],
        target: 'waitDelivery',
        placedAt: new Date(now.getTime() - 86_400_000),
      },
      now,
    ),
  );
  await t.db.insert(payments).values({
    id: randomUUID(),
    orderCodes: [order.ordersCode],
    memberId: member.id,
    amount: order.sum,
    provider: 'sandbox',
    status: 'paid',
    paySource: 'PC',
    platform: 'PC',
    payUrl: '/pay',
    tradeNo: `SBX${Date.now()}${order.id}`,
    createdAt: now,
    paidAt: now,
  });
  return order;
}

const refundsOf = (code: string) => t.db.select().from(refunds).where(eq(refunds.ordersCode, code));

describe('partial refunds of one order', () => {
  it('never add up to more than was paid, and each is given back and told exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100, max: 50_000 }),
        fc.array(fc.integer({ min: 1, max: 30_000 }), { minLength: 1, maxLength: 6 }),
        async (price, amounts) => {
          const order = await paidOrder(price);
          const codes = amounts.map(() => `SH${randomUUID().slice(0, 12)}`);
          // Each asked twice: the second finds the first.
          for (const [index, amount] of [...amounts.entries(), ...amounts.entries()]) {
            await t.db
              .transaction(async (tx) => {
                const locked = await lockOrderByCode(tx, order.ordersCode);
                if (!locked) throw new Error('order gone');
                await requestAfterSaleRefund(tx, {
                  order: locked,
                  afterSaleCode: codes[index] as string,
                  amount,
                  actor: null,
                  now: t.clock.now(),
                });
              })
              .catch((error: { statusCode?: number }) => expect(error.statusCode).toBe(409));
          }
          const written = await refundsOf(order.ordersCode);
          expect(written.length).toBeLessThanOrEqual(amounts.length);
          expect(written.every((row) => row.amount > 0)).toBe(true);
          expect(written.reduce((total, row) => total + row.amount, 0)).toBeLessThanOrEqual(order.sum);
          await vi.waitFor(
            async () =>
              expect((await refundsOf(order.ordersCode)).every((row) => row.status === 'succeeded')).toBe(true),
            { timeout: 10_000 },
          );
          const processed = await refundsOf(order.ordersCode);
          for (const row of processed) expect(told.get(row.id)).toBe(1);
        },
      ),
      { numRuns: 6 },
    );
  });
});
