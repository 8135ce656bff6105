import { isPrescriptionType } from '@anxin/shared/orders/order-status';
import type { OrderLineRow } from '../orders/orders.module.ts';

/** The prescription lines of an order, one per product. */
export function prescriptionLines(lines: OrderLineRow[]): OrderLineRow[] {
  const seen = new Set<string>();
  return lines.filter((line) => {
    if (!isPrescriptionType(line.prescriptionType) || seen.has(line.productCode)) return false;
    seen.add(line.productCode);
    return true;
  });
}
