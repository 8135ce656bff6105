import { isInStock, STOCK_STATUS } from '@anxin/shared/catalogue/catalogue';
import { MSG } from '@anxin/shared/common/messages';
import { isMaskedPhone, maskPhone } from '@anxin/shared/common/phone';
import { RESERVATION_ARRIVAL, type Reservation } from '@anxin/shared/favorites/favorites.contract';
import type { Database, Transaction } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { SmsProvider } from '../../platform/sms/sms-provider.ts';
import { findMemberById, lockMember } from '../account/account.module.ts';
import { type AuditActor, recordAudit } from '../audit/audit.module.ts';
import type { ProductRow } from '../catalogue/catalogue.module.ts';
import {
  findProductForShare,
  findProductForUpdate,
  productImageUrl,
  updateProductStock,
} from '../catalogue/catalogue.module.ts';
import {
  findOpenReservation,
  insertReservation,
  markReservationsArrived,
  updateReservationPhone,
} from './reservations.repository.ts';
import type { ReservationRow } from './reservations.schema.ts';

export function toReservation(reservation: ReservationRow, product: ProductRow): Reservation {
  return {
    id: reservation.id,
    productCode: product.productCode,
    productName: product.name,
    packing: product.packing,
    jkPrice: product.price,
    cellPhone: maskPhone(reservation.contactPhone),
    creationDate: reservation.createdAt.toISOString(),
    isArrival: reservation.arrivedAt ? RESERVATION_ARRIVAL.arrived : RESERVATION_ARRIVAL.purchasing,
    arrivalDate: reservation.arrivedAt?.toISOString() ?? null,
    prescriptionType: product.prescriptionType,
    classCode: product.classCode,
    thumbnailUrl: productImageUrl(product.productCode),
    productStatusType: product.stockStatus,
  };
}

/**
 * The phone to text: a full mobile as typed, or the member's own phone when the dialog's prefilled masked
 * form (138****8000) comes back unchanged; any other masked value is refused.
 */
async function resolveContactPhone(tx: Transaction, memberId: number, contactMsg: string) {
  if (!isMaskedPhone(contactMsg)) return contactMsg;
  const member = await findMemberById(tx, memberId);
  if (!member?.phone || maskPhone(member.phone) !== contactMsg) {
    throw badRequest(MSG.contactPhoneMalformed, 'contactMsg');
  }
  return member.phone;
}

/** A stock status as the audit log shows it. */
const stockName = (stockStatus: number) => (isInStock(stockStatus) ? '有货' : '缺货');

/** The arrival SMS: the product and where to buy it. */
export const arrivalSmsContent = (productName: string, productUrl: string) =>
  `【安心大药房】您登记的商品“${productName}”已到货，欢迎选购：${productUrl}`;

export function createReservationService(deps: { db: Database; clock: Clock; sms: SmsProvider; publicOrigin: string }) {
  const { db, clock } = deps;
  return {
    /**
     * 到货通知: registers the phone to text when the out-of-stock product arrives. One open reservation per
     * member and product: asking again while one is open changes its phone (`isNew` false). Decided in one
     * transaction under the member's row lock, with the product share-locked so a restock at the same moment
     * either comes first (then the product is in stock: 409) or waits and marks this reservation arrived too.
     */
    async book(memberId: number, request: { productCode: string; contactPhone: string }) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        await lockMember(tx, memberId);
        const contactPhone = await resolveContactPhone(tx, memberId, request.contactPhone);
        const product = await findProductForShare(tx, request.productCode);
        if (!product) throw notFound();
        if (isInStock(product.stockStatus)) throw conflict(MSG.productInStock);
        const open = await findOpenReservation(tx, memberId, product.productCode);
        if (open) {
          const updated = await updateReservationPhone(tx, open.id, contactPhone);
          return { reservation: toReservation(updated ?? open, product), isNew: false };
        }
        const created = await insertReservation(tx, {
          memberId,
          productCode: product.productCode,
          contactPhone,
          createdAt: now,
        });
        if (!created) throw notFound();
        return { reservation: toReservation(created, product), isNew: true };
      });
    },

    /**
     * The operator's restock: the product goes back on sale, its open reservations become arrived and the act
     * is audited, in one transaction under the product's row lock; after the commit each phone those rows name
     * gets one SMS. Only the reservations this call's conditional update moved are texted, so two restocks at
     * the same time text each phone once. A failed send is reported to the operator, not retried (the
     * reservation already shows 已到货 on the member's page).
     */
    async restock(productCode: string, actor: AuditActor) {
      const now = clock.now();
      const { product, arrived } = await db.transaction(async (tx) => {
        const before = await findProductForUpdate(tx, productCode);
        if (!before) throw notFound();
        const product = await updateProductStock(tx, productCode, STOCK_STATUS.inStock);
        if (!product) throw notFound();
        const arrived = await markReservationsArrived(tx, productCode, now);
        await recordAudit(tx, {
          actor,
          at: now,
          action: 'stock.restock',
          objectType: 'product',
          objectId: productCode,
          before: { stock: stockName(before.stockStatus) },
          after: { stock: stockName(product.stockStatus), arrivedReservations: arrived.length },
        });
        return { product, arrived };
      });
      const content = arrivalSmsContent(product.name, `${deps.publicOrigin}/product/${product.productCode}`);
      const failed: number[] = [];
      for (const reservation of arrived) {
        try {
          await deps.sms.send({ phone: reservation.contactPhone, content });
        } catch {
          failed.push(reservation.id);
        }
      }
      return { product, texted: arrived.length - failed.length, failed };
    },

    /** The operator's stock-out, audited: the product can no longer be bought and its page offers 到货通知. */
    async markOutOfStock(productCode: string, actor: AuditActor) {
      return db.transaction(async (tx) => {
        const before = await findProductForUpdate(tx, productCode);
        if (!before) throw notFound();
        const product = await updateProductStock(tx, productCode, STOCK_STATUS.outOfStock);
        if (!product) throw notFound();
        await recordAudit(tx, {
          actor,
          at: clock.now(),
          action: 'stock.stockout',
          objectType: 'product',
          objectId: productCode,
          before: { stock: stockName(before.stockStatus) },
          after: { stock: stockName(product.stockStatus) },
        });
        return product;
      });
    },
  };
}
