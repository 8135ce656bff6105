import { MSG } from '@anxin/shared/common/messages';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { findLogisticsEvents, findShipmentByOrderId } from './logistics.repository.ts';
import { findMemberOrder } from './orders.repository.ts';
import type { OrderRow } from './orders.schema.ts';

/** The progress bar of the order detail: each stage reached or not, with the time it was reached. */
function stagesOf(order: OrderRow) {
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  const stage = (name: string, time: Date | null) => ({ name, reach: time !== null, time: iso(time) });
  if (order.canceledAt && !order.paidAt) {
    return [stage('提交订单', order.creationDate), stage('订单取消', order.canceledAt)];
  }
  return [
    stage('提交订单', order.creationDate),
    stage(
      order.paymentType === 1 ? '货到付款' : '付款成功',
      order.paymentType === 1 ? order.creationDate : order.paidAt,
    ),
    stage('商品出库', order.shippingTime),
    stage('确认收货', order.receivedAt),
    stage('完成评价', order.completedAt),
  ];
}

export function createLogisticsService(db: Database) {
  return {
    /** The logistics of one of the member's (sub-)orders; tracking entries newest first. */
    async ofMemberOrder(memberId: number, ordersCode: string) {
      const order = await findMemberOrder(db, memberId, ordersCode);
      if (!order) throw notFound();
      const shipment = await findShipmentByOrderId(db, order.id);
      const events = shipment ? await findLogisticsEvents(db, shipment.id) : [];
      return {
        companeName: shipment?.companeName ?? '',
        shippingNo: shipment?.shippingNo ?? '',
        orderCode: order.ordersCode,
        stages: stagesOf(order),
        logisticsList: events.map((event) => ({ description: event.description, time: event.time.toISOString() })),
        msg: events.length ? '' : MSG.orderLogisticsEmpty,
      };
    },
  };
}
