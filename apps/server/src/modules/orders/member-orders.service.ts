// What the member does with orders: lists, counts, detail, cancel, delete, confirm receipt, rebuy, review.
// Every query is scoped by the member id; another member's order is 404 like a missing one.

import { AFTERSALE_MSG } from '@anxin/shared/aftersale/aftersale.rules';
import { MSG } from '@anxin/shared/common/messages';
import type { Order } from '@anxin/shared/orders/order.contract';
import {
  canRebuy,
  isDeletableStatus,
  isFreeLine,
  type OrderListType,
  type OrderType,
} from '@anxin/shared/orders/order-status';
import {
  anonymityOf,
  checkEvaluationCoverage,
  type EvaluateOrderBody,
  REVIEW_TAGS,
} from '@anxin/shared/orders/review.schemas';
import { LRUCache } from 'lru-cache';
import type { AppServices } from '../../app-services.ts';
import type { Database } from '../../db/client.ts';
import { toPage } from '../../platform/api-schemas.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { isStorageName } from '../../platform/storage/file-storage.ts';
import { findMemberUploadNames } from '../uploads/uploads.module.ts';
import { orderAfterSaleOf } from './after-sale-lines.ts';
import { findMemberOrderStats } from './member-order-stats.ts';
import {
  findLinesOfOrders,
  findMemberOrder,
  findOrderPageWithLines,
  findSubOrders,
  lockOrderByCode,
  updateOrderVersioned,
} from './orders.repository.ts';
import type { OrderLineRow, OrderRow } from './orders.schema.ts';
import { createOrderService } from './orders.service.ts';
import { toOrderView } from './orders.view.ts';
import { findReviewsOfOrder, insertReviews } from './reviews.repository.ts';

async function withLines(db: Database, rows: OrderRow[]): Promise<Order[]> {
  const lines = await findLinesOfOrders(
    db,
    rows.map((row) => row.id),
  );
  const byOrder = new Map<number, OrderLineRow[]>();
  for (const line of lines) byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line]);
  return rows.map((row) => toOrderView(row, byOrder.get(row.id) ?? []));
}

export type OrderListQuery = {
  type: OrderListType;
  page: number;
  size: number;
  beginDate?: Date;
  endDate?: Date;
  productName?: string;
  status?: OrderType;
};

async function findMemberOrderPage(db: Database, memberId: number, query: OrderListQuery) {
  const tabType = query.type === 'all' ? undefined : query.type;
  if (tabType && query.status && tabType !== query.status) {
    return { page: toPage<Order>([], 0, query.page, query.size), version: undefined };
  }
  const type = query.status ?? tabType;
  const { rows, total, version } = await findOrderPageWithLines(
    db,
    {
      memberId,
      types: type ? [type] : undefined,
      beginDate: query.beginDate,
      endDate: query.endDate,
      productName: query.productName,
    },
    query.page,
    query.size,
  );
  const content = rows.map(({ lines, ...row }) => toOrderView(row, lines));
  return { page: toPage(content, total, query.page, query.size), version };
}

export type OrderPage = Awaited<ReturnType<typeof findMemberOrderPage>>['page'];

/**
 * The first page of a tab (the member home and MyOrder open with it) as the JSON sent, kept per app and sent
 * again while the member's order version (member-order-stats.ts) stays the same: a primary-key read instead of
 * the page query, the mapping and the rendering. The version is read from the database on every call, so a
 * change made by any process or the operator command line shows on the very next call. The version stored is
 * the one read with the rows, in the same statement.
 */
export function createFirstPageCache(db: Database) {
  const pages = new LRUCache<string, { version: number; json: string }>({
    max: 10_000,
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (entry) => entry.json.length,
  });
  return {
    async json(memberId: number, query: Pick<OrderListQuery, 'type' | 'size'>, serialize: (page: OrderPage) => string) {
      const key = `${memberId}:${query.type}:${query.size}`;
      const cached = pages.get(key);
      if (cached && cached.version === (await findMemberOrderStats(db, memberId)).version) return cached.json;
      const { page, version } = await findMemberOrderPage(db, memberId, { ...query, page: 1 });
      const json = serialize(page);
      if (version === undefined) pages.delete(key);
      else pages.set(key, { version, json });
      return json;
    },
  };
}

async function viewOf(db: Database, row: OrderRow) {
  return (await withLines(db, [row]))[0] as Order;
}

/**
 * The field of the first review image that is not one of this member's uploads, or null. An image must be a url
 * the upload endpoint answered this member (the files prefix and a stored name of theirs): reviews show on
 * product pages to anyone, so an outside address, a server path or another member's file never gets there.
 */
async function findForeignImage(
  db: Database,
  memberId: number,
  filesPrefix: string,
  forms: EvaluateOrderBody['productEvaVos'],
): Promise<string | null> {
  const images = forms.flatMap((form, formIndex) =>
    form.images.map((url, imageIndex) => ({
      field: `productEvaVos.${formIndex}.images.${imageIndex}`,
      name: url.startsWith(filesPrefix) ? url.slice(filesPrefix.length) : '',
    })),
  );
  const owned = await findMemberUploadNames(db, memberId, images.map((image) => image.name).filter(isStorageName));
  return images.find((image) => !owned.has(image.name))?.field ?? null;
}

/** What the member's order actions need: the database, the clock, and the log of the order's moves. */
export type MemberOrderDeps = Pick<AppServices, 'db' | 'clock' | 'log'>;

export function createMemberOrderService({ db, clock, log }: MemberOrderDeps) {
  const orderService = createOrderService({ db, clock, log });

  /** The products to review: every shown product of the order, once, with its review when written. */
  async function getEvaluationForm(memberId: number, ordersCode: string) {
    const row = await findMemberOrder(db, memberId, ordersCode);
    if (!row || row.isSplit) throw notFound();
    const [view] = await withLines(db, [row]);
    const reviews = new Map((await findReviewsOfOrder(db, row.id)).map((review) => [review.productCode, review]));
    const seen = new Set<string>();
    const products = (view?.orderProducts ?? []).filter(
      (line) => !seen.has(line.productCode) && seen.add(line.productCode),
    );
    return {
      ordersCode: row.ordersCode,
      orderType: row.orderType,
      orderStatusName: view?.orderStatusName ?? '',
      canEvaluate: row.orderType === 'waitEvaluate' && view?.afterSale?.hasOpenRequest !== true,
      tags: [...REVIEW_TAGS],
      products: products.map((line) => {
        const review = reviews.get(line.productCode);
        return {
          productCode: line.productCode,
          productName: line.productName,
          productImageUrl: line.productImageUrl,
          packing: line.packing,
          review: review
            ? {
                score: review.score,
                labels: review.labels,
                content: review.content,
                images: review.images,
                isAnonymity: review.isAnonymity,
                createdAt: review.createdAt.toISOString(),
              }
            : null,
        };
      }),
    };
  }

  return {
    async listMemberOrders(memberId: number, query: OrderListQuery): Promise<OrderPage> {
      return (await findMemberOrderPage(db, memberId, query)).page;
    },

    async countMemberOrders(memberId: number) {
      const { counts } = await findMemberOrderStats(db, memberId);
      return {
        waitPay: counts.waitPay ?? 0,
        waitDelivery: counts.waitDelivery ?? 0,
        waitReceiving: counts.waitReceiving ?? 0,
        waitEvaluate: counts.waitEvaluate ?? 0,
      };
    },

    /** One order, or every sub-order of a split order (the split order's code or any sub-order's code). */
    async getMemberOrderDetail(memberId: number, ordersCode: string) {
      const row = await findMemberOrder(db, memberId, ordersCode);
      if (!row) throw notFound();
      const parentCode = row.isSplit ? row.ordersCode : row.parentOrderCode;
      if (!parentCode) return (await withLines(db, [row]))[0] as Order;
      const subOrders = (await findSubOrders(db, parentCode)).filter((sub) => sub.memberId === memberId);
      return withLines(db, subOrders);
    },

    async cancelMemberOrder(memberId: number, ordersCode: string) {
      const row = await db.transaction((tx) => orderService.applyOrderEvent(tx, ordersCode, 'cancel', { memberId }));
      return viewOf(db, row);
    },

    async confirmMemberReceipt(memberId: number, ordersCode: string) {
      const row = await db.transaction((tx) =>
        orderService.applyOrderEvent(tx, ordersCode, 'confirmReceipt', { memberId }),
      );
      return viewOf(db, row);
    },

    /** Soft delete (statuses 50, 70, 150, 200): the order leaves the member's lists. */
    async deleteMemberOrder(memberId: number, ordersCode: string) {
      await db.transaction(async (tx) => {
        const row = await lockOrderByCode(tx, ordersCode);
        if (!row || row.memberId !== memberId || row.deletedAt) throw notFound();
        if (row.isSplit || !isDeletableStatus(row.orderStatus)) throw conflict(MSG.orderActionNotAllowed);
        const now = clock.now();
        await updateOrderVersioned(tx, row, { deletedAt: now, updatedAt: now });
      });
    },

    /**
     * The lines a rebuy puts back into the cart: the shown lines the member paid for (never a gift or a prize), one
     * entry per product with its amount. Only where the page offers rebuy (`canRebuy`); a split order's container
     * offers nothing (the page shows and rebuys its sub-orders): 409 当前订单状态不支持该操作.
     */
    async linesToRebuy(memberId: number, ordersCode: string) {
      const row = await findMemberOrder(db, memberId, ordersCode);
      if (!row) throw notFound();
      if (row.isSplit || !canRebuy(row.orderType)) throw conflict(MSG.orderActionNotAllowed);
      const [view] = await withLines(db, [row]);
      const amounts = new Map<string, number>();
      for (const line of view?.orderProducts ?? []) {
        if (isFreeLine(line)) continue;
        amounts.set(line.productCode, (amounts.get(line.productCode) ?? 0) + line.amount);
      }
      return { order: row, items: [...amounts].map(([productCode, amount]) => ({ productCode, amount })) };
    },

    getEvaluationForm,

    /**
     * Writes one review per product and moves the order to completeTransaction, in one transaction: every product
     * reviewed (请完成所有商品的评价), content 10-450 (the body schema), images only the member's own uploads (under
     * `filesPrefix`), order in waitEvaluate (else 409).
     */
    async evaluateMemberOrder(memberId: number, ordersCode: string, body: EvaluateOrderBody, filesPrefix: string) {
      const form = await getEvaluationForm(memberId, ordersCode);
      const coverage = checkEvaluationCoverage(
        form.products.map((product) => product.productCode),
        body.productEvaVos,
      );
      if (coverage) throw badRequest(coverage, 'productEvaVos');
      const foreignImage = await findForeignImage(db, memberId, filesPrefix, body.productEvaVos);
      if (foreignImage) throw badRequest(MSG.reviewImageInvalid, foreignImage);
      const isAnonymity = anonymityOf(body);
      const row = await db.transaction(async (tx) => {
        const moved = await orderService.applyOrderEvent(tx, ordersCode, 'evaluate', { memberId });
        // Checked under the order's row lock, which a new after-sale request takes too (docs/AFTERSALE.md).
        const lines = await findLinesOfOrders(tx, [moved.id]);
        if (orderAfterSaleOf(lines).hasOpenRequest) throw conflict(AFTERSALE_MSG.openRequest);
        const now = clock.now();
        await insertReviews(
          tx,
          body.productEvaVos.map((item) => ({
            orderId: moved.id,
            orderCode: moved.ordersCode,
            productCode: item.productCode,
            memberId,
            score: item.score,
            content: item.content,
            labels: item.labels,
            images: item.images,
            isAnonymity,
            createdAt: now,
          })),
        );
        return moved;
      });
      return viewOf(db, row);
    },
  };
}

export type MemberOrderService = ReturnType<typeof createMemberOrderService>;
