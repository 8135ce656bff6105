/**
 * Issuing an invoice: called by `applyOrderEvent` in the transaction that moves an order into an invoiced
 * status (70 waitEvaluate, 150 completeTransaction: the member has received the goods), so the status and the
 * invoice commit together. Everything printed on the invoice is fixed here; the PDF is rendered later from
 * this row (invoice-pdf.ts), when first opened or e-mailed.
 */
import { type InvoiceLine, type InvoiceRequest, invoiceTypeCode } from '@anxin/shared/invoices/invoice.contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { findLinesOfOrders, type OrderRow, orders } from '../orders/orders.module.ts';
import { invoiceRequests, invoices } from './invoices.schema.ts';

/** The seller printed on every invoice: the pharmacy's company and its unified social credit code. */
export const INVOICE_SELLER = { name: '安心大药房连锁有限公司', taxPayerNumber: '91320100MA1X0A2B3H' } as const;
/** VAT rates in percent: drugs and goods 13, the delivery (transport service) 9. */
export const GOODS_TAX_RATE = 13;
export const FREIGHT_TAX_RATE = 9;

const CHINA_OFFSET_MS = 8 * 3600_000;

/** The tax inside an amount that includes it, to the cent. */
export const taxIncluded = (amount: number, rate: number) => Math.round((amount * rate) / (100 + rate));

/** Records the invoice the member chose with a new order (in the order's transaction). */
export async function recordInvoiceRequest(
  tx: Executor,
  order: { id: number; memberId: number },
  request: InvoiceRequest,
  now: Date,
) {
  await tx.insert(invoiceRequests).values({
    orderId: order.id,
    memberId: order.memberId,
    kind: request.kind,
    titleType: request.titleType,
    title: request.title,
    taxPayerNumber: request.titleType === 'company' ? (request.taxPayerNumber ?? null) : null,
    content: request.content,
    email: request.email ?? null,
    createdAt: now,
  });
}

/** The columns an order keeps about its invoice (shown with the order). */
export function orderInvoiceColumns(request: InvoiceRequest) {
  return {
    invoiceType: invoiceTypeCode(request.kind, request.titleType),
    consigneeType: request.titleType === 'company' ? '单位' : '个人',
    taxPayerNumber: request.titleType === 'company' ? (request.taxPayerNumber ?? null) : null,
    invoiceContent: request.content,
  };
}

/** The request of an order, or of the order it was split from. */
async function findRequestFor(tx: Executor, order: OrderRow) {
  const [own] = await tx.select().from(invoiceRequests).where(eq(invoiceRequests.orderId, order.id));
  if (own || !order.parentOrderCode) return own;
  const [parent] = await tx
    .select({ request: invoiceRequests })
    .from(invoiceRequests)
    .innerJoin(orders, eq(orders.id, invoiceRequests.orderId))
    .where(eq(orders.ordersCode, order.parentOrderCode));
  return parent?.request;
}

/**
 * The lines printed: each product at the price paid (商品明细) or all of them as one line of their category
 * (商品类别), the freight, and the discounts; their sum is the order's sum (what the member paid). A discount is
 * taxed at the rate of what it paid for, so it has its own line under it: `freightSubsidy` (the part of the
 * coupon value a freight subsidy took off the freight) at the freight's 9 %, an ordinary subsidy and the coins
 * (which pay goods only) at the goods' 13 %.
 */
export function invoiceLinesOf(
  order: Pick<OrderRow, 'transportCosts' | 'couponValue' | 'mallCoinMoney'> & { freightSubsidy: number },
  content: string,
  lines: { productName: string; packing: string | null; amount: number; actualPrice: number }[],
): InvoiceLine[] {
  const line = (name: string, packing: string | null, quantity: number, unitPrice: number, rate: number) => {
    const amount = unitPrice * quantity;
    return { name, packing, quantity, unitPrice, amount, taxRate: rate, taxAmount: taxIncluded(amount, rate) };
  };
  const productMoney = lines.reduce((total, item) => total + item.actualPrice * item.amount, 0);
  // Lines without money (gifts, a combo's own line) are not printed: an invoice lists what was paid for.
  const paid = lines.filter((item) => item.actualPrice > 0);
  const printed =
    content === '商品类别'
      ? [line('*药品*药品', null, 1, productMoney, GOODS_TAX_RATE)]
      : paid.map((item) =>
          line(`*药品*${item.productName}`, item.packing, item.amount, item.actualPrice, GOODS_TAX_RATE),
        );
  if (order.transportCosts > 0) printed.push(line('*运输服务*运费', null, 1, order.transportCosts, FREIGHT_TAX_RATE));
  if (order.freightSubsidy > 0) printed.push(line('*运输服务*折扣', null, 1, -order.freightSubsidy, FREIGHT_TAX_RATE));
  const goodsDiscount = order.couponValue - order.freightSubsidy + order.mallCoinMoney;
  if (goodsDiscount > 0) printed.push(line('*药品*折扣', null, 1, -goodsDiscount, GOODS_TAX_RATE));
  return printed;
}

/** The invoice number: 20 digits, the year in China time and the order's id (one invoice per order). */
export function invoiceNumberFor(orderId: number, issuedAt: Date): string {
  const year = new Date(issuedAt.getTime() + CHINA_OFFSET_MS).getUTCFullYear();
  return `${year}${String(orderId).padStart(16, '0')}`;
}

/**
 * The part of the order's coupon value that a freight subsidy (运费补贴) took off its freight: all of it or
 * nothing, since an order uses one coupon. A sub-order keeps its parent's kind of coupon; a freight subsidy went
 * whole to the sub-order that carries the freight (`splitShares`), the others have no coupon value.
 */
const freightSubsidyOf = (order: OrderRow) => (order.isFreightCoupon ? order.couponValue : 0);

/** Issues the order's invoice if the member asked for one; a second call for the same order does nothing. */
export async function issueOrderInvoice(tx: Executor, order: OrderRow, now: Date): Promise<void> {
  const request = await findRequestFor(tx, order);
  if (!request) return;
  const freightSubsidy = freightSubsidyOf(order);
  const lines = invoiceLinesOf({ ...order, freightSubsidy }, request.content, await findLinesOfOrders(tx, [order.id]));
  const amount = lines.reduce((total, item) => total + item.amount, 0);
  const taxAmount = lines.reduce((total, item) => total + item.taxAmount, 0);
  await tx
    .insert(invoices)
    .values({
      orderId: order.id,
      ordersCode: order.ordersCode,
      memberId: order.memberId,
      invoiceNumber: invoiceNumberFor(order.id, now),
      invoiceType: invoiceTypeCode(request.kind, request.titleType),
      titleType: request.titleType,
      title: request.title,
      taxPayerNumber: request.taxPayerNumber,
      content: request.content,
      email: request.email,
      sellerName: INVOICE_SELLER.name,
      sellerTaxPayerNumber: INVOICE_SELLER.taxPayerNumber,
      lines,
      amount,
      amountWithoutTax: amount - taxAmount,
      taxAmount,
      issuedAt: now,
    })
    .onConflictDoNothing({ target: invoices.orderId });
}
