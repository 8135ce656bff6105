// Demo orders of the demo member: every order type, a split order, a prescription order waiting for audit,
// long logistics histories and more than 24 orders (so the order list pages and its page groups show).
// Lines take their products from the demo catalogue; the line snapshot keeps orders readable on their own.
import { isPrescriptionType, type OrderType } from '@anxin/shared/orders/order-status';
import { REVIEW_TAGS } from '@anxin/shared/orders/review.schemas';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { DEMO_MEMBER, findMemberByPhone } from '../account/account.module.ts';
import { CATALOGUE_PRODUCTS, productImageUrl } from '../catalogue/catalogue.module.ts';
import { fixedClock, type OrderInStateInput, placeOrderInState } from './orders.fixtures.ts';
import { orders } from './orders.schema.ts';
import { createOrderService } from './orders.service.ts';
import { insertReviews } from './reviews.repository.ts';

const DAY = 86_400_000;
const ADDRESS = {
  consignee: '李安心',
  consigneePhone: DEMO_MEMBER.phone,
  deliveryAddress: '北京市 北京市 朝阳区 望京街道 阜通东大街6号院3号楼1201室',
};
const OFFICE_ADDRESS = {
  consignee: '李安心',
  consigneePhone: DEMO_MEMBER.phone,
  deliveryAddress: '上海市 上海市 浦东新区 张江镇 科苑路88号德国中心2号楼5层',
};

/** A typical parcel's journey, after the first "out of the warehouse" entry; the last one is the signature. */
const JOURNEY = [
  '快件已到达【杭州萧山集散中心】',
  '快件已从【杭州萧山集散中心】发出，准备发往【北京顺义集散中心】',
  '快件在途中，预计明日送达',
  '快件已到达【北京顺义集散中心】',
  '快件已从【北京顺义集散中心】发出，准备发往【北京朝阳望京营业部】',
  '快件已到达【北京朝阳望京营业部】',
  '快递员王师傅（电话 138****6621）正在为您派送，请保持电话畅通',
  '快件已签收，签收人：本人。感谢您使用安心大药房，期待再次为您服务',
];

const CARRIERS = ['顺丰速运', '京东物流', '中通快递', 'EMS'];

type Product = (typeof CATALOGUE_PRODUCTS)[number];
const ordinary = CATALOGUE_PRODUCTS.filter((product) => !isPrescriptionType(product.prescriptionType));
const prescription = CATALOGUE_PRODUCTS.filter((product) => isPrescriptionType(product.prescriptionType));
const pick = (list: Product[], index: number) => list[index % list.length] as Product;

function lineOf(
  product: Product,
  amount: number,
  extra: { mark?: number; actualPrice?: number; combinationId?: string } = {},
) {
  return {
    productCode: product.productCode,
    productName: product.name,
    productImageUrl: productImageUrl(product.productCode),
    packing: product.packing,
    amount,
    actualPrice: extra.actualPrice ?? product.price,
    mark: extra.mark ?? 1,
    prescriptionType: product.prescriptionType,
    combinationId: extra.combinationId ?? null,
    classCode: product.classCode,
  };
}

type DemoOrder = {
  target: OrderType;
  daysAgo: number;
  products: number[];
  rx?: number;
  cod?: boolean;
  gift?: boolean;
  combo?: boolean;
  invoice?: boolean;
  office?: boolean;
  /** A prescription order waiting for the audit whose inquiry is already submitted (inquiry.seed.ts). */
  inquired?: boolean;
  /** Tracking entries after shipping (waitReceiving shows the parcel on its way). */
  journey?: number;
  review?: boolean;
};

/** Newest first, as the order list shows them. */
const DEMO_ORDERS: DemoOrder[] = [
  { target: 'waitAudit', daysAgo: 0.02, products: [3], rx: 0 },
  { target: 'waitAudit', daysAgo: 0.2, products: [], rx: 5, inquired: true },
  { target: 'waitPay', daysAgo: 0.05, products: [0, 7], gift: true },
  { target: 'waitPay', daysAgo: 0.3, products: [12] },
  { target: 'waitReceiving', daysAgo: 1.2, products: [5, 9], journey: 7, invoice: true },
  { target: 'waitPay', daysAgo: 1.6, products: [20], rx: 1 },
  { target: 'waitDelivery', daysAgo: 2.1, products: [14, 15], cod: true },
  { target: 'waitDelivery', daysAgo: 2.8, products: [30] },
  { target: 'waitReceiving', daysAgo: 3.5, products: [22], journey: 5, office: true },
  { target: 'waitEvaluate', daysAgo: 6, products: [1, 4], journey: 8, invoice: true },
  { target: 'waitReceiving', daysAgo: 4.2, products: [26, 27, 28], journey: 3 },
  { target: 'waitEvaluate', daysAgo: 9, products: [10], journey: 8 },
  { target: 'canceled', daysAgo: 11, products: [33] },
  { target: 'waitEvaluate', daysAgo: 15, products: [8, 19], journey: 8, rx: 2 },
  { target: 'refundOrder', daysAgo: 18, products: [35] },
  { target: 'completeTransaction', daysAgo: 24, products: [2, 6], journey: 8, review: true, invoice: true },
  { target: 'waitEvaluate', daysAgo: 33, products: [11], journey: 8, combo: true },
  { target: 'canceled', daysAgo: 41, products: [17, 18] },
  { target: 'completeTransaction', daysAgo: 52, products: [13], journey: 8, review: true },
  { target: 'refundCompleteTransaction', daysAgo: 67, products: [24] },
  { target: 'completeTransaction', daysAgo: 80, products: [16, 21], journey: 8, rx: 3, review: true },
  { target: 'completeTransaction', daysAgo: 120, products: [25], journey: 8, review: true, office: true },
  { target: 'canceled', daysAgo: 150, products: [29], rx: 4 },
  { target: 'completeTransaction', daysAgo: 210, products: [31, 32], journey: 8, review: true, invoice: true },
  { target: 'completeTransaction', daysAgo: 300, products: [34], journey: 8, review: true },
  { target: 'canceled', daysAgo: 420, products: [36, 37] },
  { target: 'completeTransaction', daysAgo: 540, products: [38], journey: 8, review: true },
];

const REVIEW_TEXTS = [
  '包装很严实，生产日期也很新鲜，用了几天效果不错，下次还会再来买。',
  '药师电话回访很耐心，讲解了用法用量，物流第二天就到了，非常满意。',
  '正品有保障，价格比线下药店实惠，说明书清晰，家里老人用着放心。',
];

export async function seedDemoOrders(db: Database, clock: Clock) {
  const member = await findMemberByPhone(db, DEMO_MEMBER.phone);
  if (!member) return;
  const [existing] = await db.select({ value: count() }).from(orders).where(eq(orders.memberId, member.id));
  if ((existing?.value ?? 0) > 0) return;
  const now = clock.now();

  await db.transaction(async (tx) => {
    for (const [index, demo] of DEMO_ORDERS.entries()) {
      const placedAt = new Date(now.getTime() - demo.daysAgo * DAY);
      const lines = demo.products.map((position, i) => lineOf(pick(ordinary, position), 1 + ((index + i) % 3)));
      if (demo.rx !== undefined) lines.push(lineOf(pick(prescription, demo.rx), 1));
      if (demo.gift) lines.push(lineOf(pick(ordinary, 40), 1, { mark: 3, actualPrice: 0 }));
      if (demo.combo) {
        const combinationId = `C${index}`;
        const parent = pick(ordinary, 44);
        lines.unshift({
          ...lineOf(parent, 1, { mark: 7, actualPrice: 0, combinationId }),
          productName: '感冒护理套餐',
        });
        lines.push(lineOf(pick(ordinary, 45), 1, { mark: 8, combinationId }));
      }
      const carrier = CARRIERS[index % CARRIERS.length] as string;
      const shipAt = placedAt.getTime() + 6 * 3600_000;
      const input: OrderInStateInput = {
        memberId: member.id,
        paymentType: demo.cod ? 1 : 99,
        ...(demo.office ? OFFICE_ADDRESS : ADDRESS),
        transportCosts: index % 3 === 0 ? 0 : 800,
        couponValue: index % 4 === 1 ? 500 : 0,
        invoice: demo.invoice
          ? { invoiceType: '1-1', consigneeType: '个人', taxPayerNumber: null, invoiceContent: '药品明细' }
          : null,
        lines,
        isPrescriptionComplete: demo.rx !== undefined && (demo.target !== 'waitAudit' || demo.inquired === true),
        target: demo.target,
        placedAt,
        shipment: demo.journey
          ? {
              companeName: carrier,
              shippingNo: `${carrier === '顺丰速运' ? 'SF' : carrier === '京东物流' ? 'JDV' : carrier === 'EMS' ? 'EM' : 'ZT'}${String(1_360_000_000 + index * 7919)}`,
              // Spread over the time since shipping; the signature only when the parcel was received.
              events: JOURNEY.slice(0, demo.journey).map((description, i) => ({
                description,
                minutesAfterShip: Math.round(
                  (Math.min(now.getTime() - shipAt, 40 * 3600_000) * (i + 1)) / (JOURNEY.length + 1) / 60_000,
                ),
              })),
            }
          : undefined,
      };
      const order = await placeOrderInState(tx, input, now);
      if (order.orderType === 'waitPay') {
        // Demo orders waiting for payment keep a long payment window, so a visitor finds them unpaid.
        await tx
          .update(orders)
          .set({ payDeadline: new Date(now.getTime() + 7 * DAY) })
          .where(eq(orders.id, order.id));
      }
      if (demo.review) {
        const reviewed = [...new Map(lines.filter((l) => l.mark !== 7).map((l) => [l.productCode, l])).values()];
        await insertReviews(
          tx,
          reviewed.map((line, i) => ({
            orderId: order.id,
            orderCode: order.ordersCode,
            productCode: line.productCode,
            memberId: member.id,
            score: 5 - ((index + i) % 2),
            content: REVIEW_TEXTS[(index + i) % REVIEW_TEXTS.length] as string,
            labels: [REVIEW_TAGS[(index + i) % 7], REVIEW_TAGS[(index + i + 2) % 7]] as string[],
            isAnonymity: index % 2 === 0,
            images: [],
            createdAt: order.completedAt ?? now,
          })),
        );
      }
    }

    // A split order: paid 5 days ago, shipped from two warehouses; one parcel on its way, one still packing.
    const placedAt = new Date(now.getTime() - 5 * DAY);
    const splitLines = [lineOf(pick(ordinary, 41), 2), lineOf(pick(ordinary, 42), 1), lineOf(pick(ordinary, 43), 3)];
    const parent = await placeOrderInState(
      tx,
      {
        memberId: member.id,
        paymentType: 99,
        ...ADDRESS,
        transportCosts: 1000,
        couponValue: 1000,
        lines: splitLines,
        target: 'waitDelivery',
        placedAt,
      },
      now,
    );
    const splitAt = new Date(placedAt.getTime() + 2 * 3600_000);
    const [first] = await createOrderService({ db: tx, clock: fixedClock(splitAt) }).splitOrder(tx, parent.ordersCode, [
      [splitLines[0]?.productCode as string, splitLines[2]?.productCode as string],
      [splitLines[1]?.productCode as string],
    ]);
    if (first) {
      const shippedAt = new Date(placedAt.getTime() + 8 * 3600_000);
      const shipping = createOrderService({ db: tx, clock: fixedClock(shippedAt) });
      await shipping.shipOrder(tx, first.ordersCode, { companeName: '顺丰速运', shippingNo: 'SF1360958823' });
      for (const [i, description] of JOURNEY.slice(0, 6).entries()) {
        await shipping.appendLogisticsEvent(
          tx,
          first.ordersCode,
          description,
          new Date(shippedAt.getTime() + (i + 1) * 5 * 3600_000),
        );
      }
    }
  });
}
