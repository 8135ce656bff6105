import { isInStock, STOCK_STATUS } from '@anxin/shared/catalogue/catalogue';
import type { Paged } from '@anxin/shared/common/page';
import { maskPhone } from '@anxin/shared/common/phone';
import {
  CONSOLE_RESERVATION_PAGE_SIZE,
  type ConsoleReservation,
  type ConsoleReservationQuery,
  type RestockReply,
  STOCK_PAGE_SIZE,
  type StockItem,
  type StockQuery,
} from '@anxin/shared/staff/console-operations.contract';
import type { AppServices } from '../../app-services.ts';
import type { StaffPrincipal } from '../../platform/staff-auth.ts';
import type { ProductRow } from '../catalogue/catalogue.module.ts';
import { listProductStock, listReservationsForConsole } from './reservations.repository.ts';
import { createReservationService } from './reservations.service.ts';

const toStockItem = (product: ProductRow, waitingReservations: number): StockItem => ({
  productCode: product.productCode,
  name: product.name,
  packing: product.packing,
  price: product.price,
  inStock: isInStock(product.stockStatus),
  waitingReservations,
});

const paged = <T>(content: T[], total: number, page: number, size: number): Paged<T> => ({
  content,
  totalElements: total,
  totalPages: Math.ceil(total / size),
  page,
  size,
});

/**
 * 补货到货 and 预约登记 in the console (docs/CONSOLE.md): the products with their waiting reservations, restock
 * and stock-out through the service `npm run ops -- restock|stockout` uses, and the reservations, phones masked.
 */
export function createStockDesk(services: AppServices) {
  const { db } = services;
  const reservations = createReservationService({ ...services, publicOrigin: services.config.PUBLIC_ORIGIN });

  /** The product as listed, its waiting reservations counted now. */
  async function stockItemOf(productCode: string): Promise<StockItem> {
    const { rows } = await listProductStock(db, { text: productCode, page: 1, size: STOCK_PAGE_SIZE });
    const row = rows.find((item) => item.product.productCode === productCode);
    if (!row) throw new Error(`stockItemOf: no product ${productCode}`);
    return toStockItem(row.product, row.waiting);
  }

  return {
    async listStock(query: StockQuery & { page: number }): Promise<Paged<StockItem>> {
      const stockStatus = query.stock ? STOCK_STATUS[query.stock] : undefined;
      const { rows, total } = await listProductStock(db, {
        text: query.q || undefined,
        stockStatus,
        page: query.page,
        size: STOCK_PAGE_SIZE,
      });
      const items = rows.map((row) => toStockItem(row.product, row.waiting));
      return paged(items, total, query.page, STOCK_PAGE_SIZE);
    },

    async restock(productCode: string, staff: StaffPrincipal): Promise<RestockReply> {
      const { product, texted, failed } = await reservations.restock(productCode, staff);
      return { product: await stockItemOf(product.productCode), texted, failed: failed.length };
    },

    async markOutOfStock(productCode: string, staff: StaffPrincipal): Promise<StockItem> {
      const product = await reservations.markOutOfStock(productCode, staff);
      return stockItemOf(product.productCode);
    },

    async listReservations(query: ConsoleReservationQuery & { page: number }): Promise<Paged<ConsoleReservation>> {
      const { rows, total } = await listReservationsForConsole(db, {
        productCode: query.productCode,
        phone: query.phone || undefined,
        arrived: query.state === undefined ? undefined : query.state === 'arrived',
        page: query.page,
        size: CONSOLE_RESERVATION_PAGE_SIZE,
      });
      const items = rows.map(({ reservation, productName }) => ({
        id: reservation.id,
        productCode: reservation.productCode,
        productName,
        phone: maskPhone(reservation.contactPhone),
        state: reservation.arrivedAt ? ('arrived' as const) : ('waiting' as const),
        createdAt: reservation.createdAt.toISOString(),
        arrivedAt: reservation.arrivedAt?.toISOString() ?? null,
      }));
      return paged(items, total, query.page, CONSOLE_RESERVATION_PAGE_SIZE);
    },
  };
}
