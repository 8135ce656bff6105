import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products } from '../catalogue/catalogue.module.ts';
import { orders } from '../orders/orders.module.ts';
import { type NewOrderInquiryRow, orderInquiries } from './inquiry.schema.ts';

export async function findInquiryOfOrder(db: Executor, orderId: number) {
  const [row] = await db.select().from(orderInquiries).where(eq(orderInquiries.orderId, orderId));
  return row;
}

/** The inquiries of these orders of one member, with their order codes. */
export async function findMemberInquiries(db: Executor, memberId: number, ordersCodes: string[]) {
  if (ordersCodes.length === 0) return [];
  return db
    .select({ inquiry: orderInquiries, ordersCode: orders.ordersCode })
    .from(orderInquiries)
    .innerJoin(orders, eq(orders.id, orderInquiries.orderId))
    .where(and(eq(orders.memberId, memberId), inArray(orders.ordersCode, ordersCodes)));
}

/** Writes the order's inquiry; a resubmission (after a rejection) replaces the earlier one. */
export async function saveInquiry(db: Executor, row: NewOrderInquiryRow) {
  const { orderId: _orderId, ...changes } = row;
  await db
    .insert(orderInquiries)
    .values(row)
    .onConflictDoUpdate({
      target: orderInquiries.orderId,
      set: { ...changes, pharmacistName: null, reviewedAt: null, rejectReason: null },
    });
}

/** The pharmacist's queue: inquiries waiting for review, oldest first, with their order codes. */
export async function findWaitingInquiries(db: Executor) {
  return db
    .select({ inquiry: orderInquiries, ordersCode: orders.ordersCode })
    .from(orderInquiries)
    .innerJoin(orders, eq(orders.id, orderInquiries.orderId))
    .where(eq(orderInquiries.status, 'reviewing'))
    .orderBy(asc(orderInquiries.submittedAt));
}

/** The console's queue: the `limit` oldest inquiries waiting for review, with their orders' money and payment. */
export async function findReviewQueue(db: Executor, limit: number) {
  return db
    .select({
      orderId: orders.id,
      ordersCode: orders.ordersCode,
      submittedAt: orderInquiries.submittedAt,
      patientName: orderInquiries.patientName,
      sum: orders.sum,
      paidAt: orders.paidAt,
      paymentType: orders.paymentType,
    })
    .from(orderInquiries)
    .innerJoin(orders, eq(orders.id, orderInquiries.orderId))
    .where(eq(orderInquiries.status, 'reviewing'))
    .orderBy(asc(orderInquiries.submittedAt), asc(orderInquiries.id))
    .limit(limit);
}

/** A member's other inquiries (their earlier prescriptions), newest first. */
export async function findOtherInquiriesOfMember(db: Executor, memberId: number, exceptOrderId: number, limit: number) {
  return db
    .select({ inquiry: orderInquiries, ordersCode: orders.ordersCode })
    .from(orderInquiries)
    .innerJoin(orders, eq(orders.id, orderInquiries.orderId))
    .where(and(eq(orderInquiries.memberId, memberId), ne(orderInquiries.orderId, exceptOrderId)))
    .orderBy(desc(orderInquiries.submittedAt))
    .limit(limit);
}

export async function updateInquiry(db: Executor, id: number, values: Partial<NewOrderInquiryRow>) {
  await db.update(orderInquiries).set(values).where(eq(orderInquiries.id, id));
}

/** Catalogue facts of the order's prescription products: common name and age bans. */
export async function findProductFacts(db: Executor, productCodes: string[]) {
  if (productCodes.length === 0) return [];
  return db
    .select({
      productCode: products.productCode,
      commonTitle: products.commonTitle,
      forbiddenAgeLess: products.forbiddenAgeLess,
      forbiddenAgeGreater: products.forbiddenAgeGreater,
    })
    .from(products)
    .where(inArray(products.productCode, productCodes));
}
