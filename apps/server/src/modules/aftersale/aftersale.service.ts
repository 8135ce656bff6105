import { randomInt } from 'node:crypto';
import {
  AFTERSALE_MSG,
  AFTERSALE_ORDER_TYPES,
  type AfterSaleDetail,
  type AfterSaleForm,
  type AfterSaleLineInput,
  type AfterSaleQuote,
  type AfterSaleQuoteBody,
  type AfterSaleReturnShipmentBody,
  type AfterSaleSummary,
  type AfterSaleType,
  type afterSaleCreateBodySchema,
  afterSaleDeadline,
  isAfterSaleOpen,
  isMedicineLine,
  reasonsFor,
  typesFor,
  UNSHIPPED_ORDER_TYPES,
} from '@anxin/shared/aftersale/aftersale.contract';
import type { Paged } from '@anxin/shared/common/page';
import type { MallConfig } from '@anxin/shared/mall/mall-config';
import { isFreeLine, PAYMENT_TYPE } from '@anxin/shared/orders/order-status';
import type { z } from 'zod';
import type { AppServices } from '../../app-services.ts';
import type { Executor } from '../../db/client.ts';
import { toPage } from '../../platform/api-schemas.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { lockMember } from '../account/account.module.ts';
import { createMallConfigService } from '../mall/mall.module.ts';
import {
  findLinesOfOrders,
  findMemberOrder,
  holdAfterSaleLines,
  lockOrderByCode,
  type OrderLineRow,
  type OrderRow,
  refundableQuantityOf,
  releaseAfterSaleLines,
} from '../orders/orders.module.ts';
import { PRIVATE_UPLOAD_MODULE, privateUrlSigner, resolveOwnUpload } from '../uploads/uploads.module.ts';
import {
  findLinesOfAfterSales,
  findLiveAfterSalesOfOrder,
  findMemberAfterSale,
  insertAfterSale,
  listMemberAfterSales,
  moveAfterSale,
} from './aftersale.repository.ts';
import type { AfterSaleRow } from './aftersale.schema.ts';
import { linesOf, toDetail, toSummary } from './aftersale.view.ts';
import { quoteRefund } from './refund-amount.ts';

const CHINA_OFFSET_MS = 8 * 3600_000;

/** 'SH' + yyyyMMdd in China time + 8 random digits, e.g. SH2026112904718263. */
export function createAfterSaleCode(now: Date): string {
  const date = new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
  return `SH${date}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export type AfterSaleDeps = Pick<AppServices, 'db' | 'clock' | 'config' | 'secrets'>;

/** Why this order cannot ask now, or null: the status, an online payment, the window. */
function refusalOf(order: OrderRow, config: MallConfig, now: Date): string | null {
  if (order.isSplit || order.paidAt === null) return AFTERSALE_MSG.orderNotEligible;
  if (order.paymentType === PAYMENT_TYPE.cashOnDelivery) return AFTERSALE_MSG.cashOnDelivery;
  if (!AFTERSALE_ORDER_TYPES.includes(order.orderType)) return AFTERSALE_MSG.orderNotEligible;
  return isAfterSaleOpen(order, config.afterSaleDays, now) ? null : AFTERSALE_MSG.windowPassed;
}

/** The reply's lines and photo links of some requests, read in three queries. */
export async function loadRequestParts(db: Executor, requests: readonly AfterSaleRow[]) {
  const requestLines = await findLinesOfAfterSales(
    db,
    requests.map((request) => request.id),
  );
  const orderLines = await findLinesOfOrders(db, [...new Set(requests.map((request) => request.orderId))]);
  const byId = new Map(orderLines.map((line) => [line.id, line]));
  return (request: AfterSaleRow) => linesOf(request, requestLines, byId);
}

/**
 * Everything the member does (docs/AFTERSALE.md): the apply form, the quote, the request, its list and detail,
 * cancel while 审核中, the waybill of a return. Every write locks the member, then the order: the lines' held
 * counts, the earlier requests' amounts and the window are read and written under that lock, so two requests at
 * once for the same pieces give one, and the amounts are computed here, never taken from the page.
 */
export function createAfterSaleService(deps: AfterSaleDeps) {
  const { db, clock, config } = deps;
  const mallConfig = createMallConfigService({ db, clock });
  const signer = privateUrlSigner(deps.secrets.fieldKey);

  const photoUrls = (request: AfterSaleRow, now: Date) =>
    request.photos.map((name) => signer.sign(name, request.memberId, now));

  async function detailOf(executor: Executor, request: AfterSaleRow): Promise<AfterSaleDetail> {
    const lines = await loadRequestParts(executor, [request]);
    return toDetail(request, lines(request), photoUrls(request, clock.now()));
  }

  async function ownOrder(executor: Executor, memberId: number, ordersCode: string) {
    const order = await findMemberOrder(executor, memberId, ordersCode);
    if (!order) throw notFound();
    return order;
  }

  /**
   * The lines asked for, checked against the order: each a line of it, not a gift, no more pieces than are
   * left; the type fits the order's state; answers the quote.
   */
  async function quoteOf(
    executor: Executor,
    order: OrderRow,
    lines: OrderLineRow[],
    body: { type: AfterSaleType; lines: AfterSaleLineInput[] },
    settings: MallConfig,
  ): Promise<AfterSaleQuote> {
    const refusal = refusalOf(order, settings, clock.now());
    if (refusal) throw conflict(refusal);
    if (!typesFor(order.orderType).includes(body.type)) throw badRequest(AFTERSALE_MSG.typeNotShipped, 'type');
    const byId = new Map(lines.map((line) => [line.id, line]));
    const asked = new Map<number, number>();
    for (const [index, item] of body.lines.entries()) {
      const line = byId.get(item.lineId);
      if (!line || isFreeLine(line)) throw badRequest(AFTERSALE_MSG.lineUnknown, `lines.${index}.lineId`);
      if (item.quantity > refundableQuantityOf(line)) {
        throw badRequest(AFTERSALE_MSG.quantityTooLarge, `lines.${index}.quantity`);
      }
      asked.set(item.lineId, item.quantity);
    }
    const earlier = await findLiveAfterSalesOfOrder(executor, order.id);
    const quote = quoteRefund({
      order,
      lines: lines.map((line) => ({
        id: line.id,
        amount: line.amount,
        actualPrice: line.actualPrice,
        taken: line.afterSaleHeld + line.refundedQuantity,
        isFree: isFreeLine(line),
      })),
      asked,
      isUnshipped: UNSHIPPED_ORDER_TYPES.includes(order.orderType),
      earlier,
    });
    if (quote.refundAmount === 0 && quote.refundCoins === 0) throw conflict(AFTERSALE_MSG.nothingToRefund);
    const askedLines = lines.filter((line) => asked.has(line.id));
    return { ...quote, reasons: reasonsFor(askedLines, settings.afterSaleNoReason) };
  }

  return {
    /** The apply form of one of the member's orders: what may be asked, line by line, or why not. */
    async form(memberId: number, ordersCode: string): Promise<AfterSaleForm> {
      const order = await ownOrder(db, memberId, ordersCode);
      if (order.isSplit) throw notFound();
      const settings = await mallConfig.read();
      const lines = (await findLinesOfOrders(db, [order.id])).filter((line) => !isFreeLine(line));
      const open = (await findLiveAfterSalesOfOrder(db, order.id)).filter((request) => request.status !== 'refunded');
      const refusal =
        refusalOf(order, settings, clock.now()) ??
        (lines.some((line) => refundableQuantityOf(line) > 0) ? null : AFTERSALE_MSG.quantityTooLarge);
      const deadline = afterSaleDeadline(order.receivedAt, settings.afterSaleDays);
      return {
        ordersCode: order.ordersCode,
        canApply: refusal === null,
        refusal,
        deadline: deadline ? deadline.toISOString() : null,
        types: typesFor(order.orderType),
        lines: lines.map((line) => ({
          lineId: line.id,
          productCode: line.productCode,
          productName: line.productName,
          productImageUrl: line.productImageUrl,
          packing: line.packing,
          actualPrice: line.actualPrice,
          amount: line.amount,
          refundableQuantity: refundableQuantityOf(line),
          isMedicine: isMedicineLine(line),
          reasons: reasonsFor([line], settings.afterSaleNoReason),
        })),
        openRequests: open.map((request) => request.code),
      };
    },

    /** What the picked lines would give back (nothing is held or written). */
    async quote(memberId: number, body: AfterSaleQuoteBody): Promise<AfterSaleQuote> {
      const order = await ownOrder(db, memberId, body.ordersCode);
      const lines = await findLinesOfOrders(db, [order.id]);
      return quoteOf(db, order, lines, body, await mallConfig.read());
    },

    /**
     * Makes a request: the quote's checks again under the member's and the order's locks, the reason the goods
     * allow, the photos the member's own private uploads; holds the pieces on the order's lines (a conditional
     * update: the loser of a race finds them held, 400) and stores the request with its computed amounts.
     */
    async create(memberId: number, body: z.output<typeof afterSaleCreateBodySchema>): Promise<AfterSaleDetail> {
      return db.transaction(async (tx) => {
        await lockMember(tx, memberId);
        const unlocked = await ownOrder(tx, memberId, body.ordersCode);
        const order = await lockOrderByCode(tx, unlocked.ordersCode);
        if (!order) throw notFound();
        const settings = await mallConfig.read(tx);
        const lines = await findLinesOfOrders(tx, [order.id]);
        const quote = await quoteOf(tx, order, lines, body, settings);
        if (!quote.reasons.includes(body.reason)) throw badRequest(AFTERSALE_MSG.reasonNotAllowed, 'reason');
        if (body.reason === 'notReceived' && body.type !== 'refundOnly') {
          throw badRequest(AFTERSALE_MSG.notReceivedIsRefundOnly, 'reason');
        }
        const photos: string[] = [];
        for (const [index, sent] of body.photos.entries()) {
          const name = await resolveOwnUpload(tx, memberId, sent, {
            module: PRIVATE_UPLOAD_MODULE,
            filesPrefix: config.AVATAR_HOST,
          });
          if (!name) throw badRequest(AFTERSALE_MSG.photoNotOwn, `photos.${index}`);
          photos.push(name);
        }
        if (!(await holdAfterSaleLines(tx, order.id, body.lines))) {
          throw badRequest(AFTERSALE_MSG.quantityTooLarge, 'lines');
        }
        const now = clock.now();
        const request = await insertAfterSale(
          tx,
          {
            code: createAfterSaleCode(now),
            memberId,
            orderId: order.id,
            ordersCode: order.ordersCode,
            type: body.type,
            reason: body.reason,
            description: body.description,
            photos,
            status: 'pending',
            refundAmount: quote.refundAmount,
            refundCoins: quote.refundCoins,
            freightAmount: quote.freightAmount,
            isWholeOrder: quote.isWholeOrder,
            createdAt: now,
            updatedAt: now,
          },
          body.lines,
        );
        return detailOf(tx, request);
      });
    },

    async list(
      memberId: number,
      query: { page: number; size: number; ordersCode?: string },
    ): Promise<Paged<AfterSaleSummary>> {
      const { rows, total } = await listMemberAfterSales(db, memberId, query);
      const lines = await loadRequestParts(db, rows);
      return toPage(
        rows.map((row) => toSummary(row, lines(row))),
        total,
        query.page,
        query.size,
      );
    },

    async detail(memberId: number, code: string): Promise<AfterSaleDetail> {
      const request = await findMemberAfterSale(db, memberId, code);
      if (!request) throw notFound();
      return detailOf(db, request);
    },

    /** Cancel while 审核中: the pieces are free again. */
    async cancel(memberId: number, code: string): Promise<AfterSaleDetail> {
      return db.transaction(async (tx) => {
        const found = await findMemberAfterSale(tx, memberId, code);
        if (!found) throw notFound();
        await lockOrderByCode(tx, found.ordersCode);
        const now = clock.now();
        const moved = await moveAfterSale(tx, found.id, ['pending'], {
          status: 'cancelled',
          cancelledAt: now,
          updatedAt: now,
        });
        if (!moved) throw conflict(AFTERSALE_MSG.cannotCancel);
        await releaseAfterSaleLines(tx, moved.orderId, await linesHeldBy(tx, moved), 'closed');
        return detailOf(tx, moved);
      });
    },

    /** The carrier and waybill of the goods sent back, while 待寄回 (corrected as often as needed until they arrive). */
    async enterReturnShipment(
      memberId: number,
      code: string,
      body: AfterSaleReturnShipmentBody,
    ): Promise<AfterSaleDetail> {
      return db.transaction(async (tx) => {
        const found = await findMemberAfterSale(tx, memberId, code);
        if (!found) throw notFound();
        const now = clock.now();
        const moved = await moveAfterSale(tx, found.id, ['awaitingReturn'], {
          returnCarrier: body.carrier,
          returnWaybillNo: body.waybillNo.toUpperCase(),
          shippedBackAt: now,
          updatedAt: now,
        });
        if (!moved) throw conflict(AFTERSALE_MSG.cannotShip);
        return detailOf(tx, moved);
      });
    },
  };
}

/** The pieces a request holds on its order's lines. */
export async function linesHeldBy(executor: Executor, request: AfterSaleRow) {
  const rows = await findLinesOfAfterSales(executor, [request.id]);
  return rows.map((row) => ({ lineId: row.orderLineId, quantity: row.quantity }));
}

export type AfterSaleService = ReturnType<typeof createAfterSaleService>;
