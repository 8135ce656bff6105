import { randomUUID } from 'node:crypto';
import { formatDeliveryAddress } from '@anxin/shared/addresses/address-format';
import { coinsToCents } from '@anxin/shared/assets/assets.contract';
import { isInStock, isPrescriptionProduct } from '@anxin/shared/catalogue/catalogue';
import {
  amountsFor,
  type PlacedOrder,
  type PlaceOrderBody,
  type SettlementLine,
  type SettlementView,
} from '@anxin/shared/checkout/checkout';
import { ErrorCode } from '@anxin/shared/common/errors';
import { MSG } from '@anxin/shared/common/messages';
import { PAYMENT_TYPE } from '@anxin/shared/orders/order-status';
import type { AppServices } from '../../app-services.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { lockMember } from '../account/account.module.ts';
import { findMemberAddress } from '../addresses/addresses.module.ts';
import { createCoinService, createCouponService } from '../assets/assets.module.ts';
import { listCartLines, removeCartItems } from '../cart/cart.module.ts';
import { findProduct, findProductsByCodes, productImageUrl } from '../catalogue/catalogue.module.ts';
import { orderInvoiceColumns, recordInvoiceRequest } from '../invoices/invoices.module.ts';
import { createMallConfigService } from '../mall/mall.module.ts';
import { createOrderService } from '../orders/orders.module.ts';
import { findMemberSettlement, insertSettlement, markSettlementPlaced } from './checkout.repository.ts';
import type { SettlementRow } from './checkout.schema.ts';

/** A settlement page stays valid this long (our choice); after that the member starts again. */
export const SETTLEMENT_TTL_MINUTES = 120;

const settlementExpired = () => new AppError(410, ErrorCode.linkExpired, MSG.settlementExpired);

type Deps = Pick<AppServices, 'db' | 'clock' | 'config'>;

export function createCheckoutService({ db, clock, config }: Deps) {
  const mallConfig = createMallConfigService({ db, clock });
  const coinService = createCoinService(db);
  const couponService = createCouponService(db);
  const orderService = createOrderService({ db, clock });

  async function linesOf(executor: Executor, items: SettlementRow['items']): Promise<SettlementLine[]> {
    const found = await findProductsByCodes(
      executor,
      items.map((item) => item.productCode),
    );
    return items.flatMap((item) => {
      const product = found.get(item.productCode);
      if (!product) return [];
      return [
        {
          productCode: product.productCode,
          productName: product.name,
          packing: product.packing,
          productImageUrl: productImageUrl(product.productCode),
          price: product.price,
          quantity: item.quantity,
          prescriptionType: product.prescriptionType,
          stockStatus: product.stockStatus,
          classCode: product.classCode,
          lineTotal: product.price * item.quantity,
        },
      ];
    });
  }

  async function toView(row: SettlementRow): Promise<SettlementView> {
    const items = await linesOf(db, row.items);
    const amounts = amountsFor(items);
    return {
      settlementId: row.id,
      source: row.source,
      items,
      ...amounts,
      isRxDrug: items.some((line) => isPrescriptionProduct(line.prescriptionType)),
      expiresAt: row.expiresAt.toISOString(),
      coupons: await couponService.listUsable(row.memberId, items, amounts.freight, clock.now()),
      coinBalance: await coinService.balance(row.memberId, clock.now()),
    };
  }

  async function createSettlement(memberId: number, source: SettlementRow['source'], items: SettlementRow['items']) {
    await mallConfig.assertCheckoutAllowed(db, source, await linesOf(db, items));
    const now = clock.now();
    const row = await insertSettlement(db, {
      id: randomUUID(),
      memberId,
      source,
      items,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SETTLEMENT_TTL_MINUTES * 60_000),
      ordersCode: null,
    });
    return toView(row);
  }

  return {
    /** 立即购买: one product straight to settlement. */
    async buyNow(memberId: number, skuCode: string, quantity: number) {
      const product = await findProduct(db, skuCode);
      if (!product) throw notFound();
      if (!isInStock(product.stockStatus)) throw conflict(MSG.productOutOfStock);
      return createSettlement(memberId, 'buyNow', [{ productCode: skuCode, quantity }]);
    },

    /** 去结算: the cart's ticked lines that are in stock. */
    async settleCart(memberId: number) {
      const lines = await listCartLines(db, memberId);
      const chosen = lines.filter(({ item, product }) => item.selected && isInStock(product.stockStatus));
      if (chosen.length === 0) throw badRequest(MSG.settleNothingSelected);
      return createSettlement(
        memberId,
        'cart',
        chosen.map(({ item }) => ({ productCode: item.productCode, quantity: item.quantity })),
      );
    },

    async getSettlement(memberId: number, id: string) {
      const row = await findMemberSettlement(db, memberId, id);
      if (!row) throw notFound();
      if (row.ordersCode) throw conflict(MSG.settlementUsed);
      if (row.expiresAt <= clock.now()) throw settlementExpired();
      return toView(row);
    },

    /**
     * 提交订单, in one transaction: the settlement (locked, so a double submit places one order), the address,
     * today's catalogue prices (never the page's), the order with its line snapshots in its first state, the
     * bought lines out of the cart. Any failure leaves nothing behind.
     */
    async placeOrder(memberId: number, body: PlaceOrderBody): Promise<PlacedOrder> {
      return db.transaction(async (tx) => {
        // Spending coins locks the member row; take it first, before the order's triggers lock it (same order
        // in every transaction, so parallel orders of one member queue instead of deadlocking).
        if (body.coins) await lockMember(tx, memberId);
        const settlement = await findMemberSettlement(tx, memberId, body.settlementId, true);
        if (!settlement) throw notFound();
        if (settlement.ordersCode) throw conflict(MSG.settlementUsed);
        if (settlement.expiresAt <= clock.now()) throw settlementExpired();
        const address = await findMemberAddress(tx, memberId, body.addressId);
        if (!address) throw badRequest(MSG.addressRequired, 'addressId');

        const found = await findProductsByCodes(
          tx,
          settlement.items.map((item) => item.productCode),
        );
        const lines = settlement.items.map((item) => {
          const product = found.get(item.productCode);
          if (!product || !isInStock(product.stockStatus)) throw conflict(MSG.productsUnavailable);
          return { product, quantity: item.quantity };
        });
        const priced = lines.map(({ product, quantity }) => ({
          productCode: product.productCode,
          classCode: product.classCode,
          price: product.price,
          quantity,
          lineTotal: product.price * quantity,
        }));
        // The mall configuration's rules again, on today's prices and configuration (docs/MALL-CONFIG.md).
        await mallConfig.assertCheckoutAllowed(
          tx,
          settlement.source,
          lines.map(({ product, quantity }) => ({ ...product, quantity })),
        );
        if (body.paymentType === PAYMENT_TYPE.online) {
          await mallConfig.assertOnlinePayOpen(tx, MSG.onlinePayUnavailable);
        }
        // The coupon is checked again here, on today's prices, under its row lock (at most one per order).
        const freight = amountsFor(priced).freight;
        const claimed = body.couponId
          ? await couponService.claim(tx, memberId, body.couponId, priced, freight, clock.now())
          : null;
        const amounts = amountsFor(priced, claimed?.discount ?? 0);
        // Coins pay at most the product money left after an ordinary coupon (never freight).
        const coins = body.coins ?? 0;
        const coinMoney = coinsToCents(coins);
        const isFreightCoupon = claimed?.coupon.couponType === 4;
        const productDiscount = claimed && !isFreightCoupon ? claimed.discount : 0;
        if (coinMoney > amounts.productMoney - productDiscount) throw conflict(MSG.coinsOverCap);

        const { order } = await orderService.placeOrder(
          tx,
          {
            memberId,
            paymentType: body.paymentType,
            paySource: 'PC',
            consignee: address.consignee,
            consigneePhone: address.consigneePhone2,
            deliveryAddress: formatDeliveryAddress(
              [address.provinceName, address.cityName, address.regionName, address.streetName],
              address.customArea,
            ),
            addressId: address.id,
            transportCosts: amounts.freight,
            couponValue: amounts.discount,
            isFreightCoupon,
            mallCoinMoney: coinMoney,
            invoice: body.invoice ? orderInvoiceColumns(body.invoice) : null,
            remark: body.remark || null,
            lines: lines.map(({ product, quantity }) => ({
              productCode: product.productCode,
              productName: product.name,
              productImageUrl: productImageUrl(product.productCode),
              packing: product.packing,
              amount: quantity,
              actualPrice: product.price,
              mark: 1,
              prescriptionType: product.prescriptionType,
              classCode: product.classCode,
            })),
          },
          { paymentTimeoutMinutes: config.ORDER_PAYMENT_TIMEOUT_MINUTES },
        );
        if (settlement.source === 'cart') {
          await removeCartItems(
            tx,
            memberId,
            lines.map(({ product }) => product.productCode),
          );
        }
        if (claimed) await couponService.markUsed(tx, claimed.coupon.id, order.ordersCode, clock.now());
        if (body.invoice) await recordInvoiceRequest(tx, order, body.invoice, clock.now());
        // Under the member lock: a balance that cannot cover them refuses the order (409 健康币余额不足).
        if (coins > 0) await coinService.spend(tx, memberId, coins, order.ordersCode, clock.now());
        await markSettlementPlaced(tx, settlement.id, order.ordersCode);
        return {
          ordersCode: order.ordersCode,
          orderType: order.orderType,
          orderStatus: order.orderStatus,
          sum: order.sum,
          paymentType: order.paymentType,
          paySource: order.paySource,
          isRxDrug: order.isRxDrug,
          payDeadline: order.payDeadline?.toISOString() ?? null,
        };
      });
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
