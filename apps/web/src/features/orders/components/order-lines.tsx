import { PRESCRIPTION_NOTICE } from '@anxin/shared/catalogue/catalogue';
import { linesForDisplay } from '@anxin/shared/orders/order-status';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { yuan } from '../../../lib/format.ts';
import { useMallConfig } from '../../mall/index.ts';
import type { OrderProduct } from '../api/get-orders.ts';

const isPrescription = (line: OrderProduct) => line.prescriptionType === 4 || line.prescriptionType === 5;

/** Stable keys for lines: a product may appear twice (a gift of the same product), so count repeats. */
export function withKeys<T extends { productCode: string; mark: number }>(lines: T[]): { key: string; line: T }[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const base = `${line.productCode}-${line.mark}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { key: `${base}-${count}`, line };
  });
}

/** The product lines of an order: mark 7 hidden, mark 3 first; prices in cents. */
export function OrderLines({ lines, limit }: { lines: OrderProduct[]; limit?: number }) {
  const shown = linesForDisplay(lines);
  const visible = withKeys(limit ? shown.slice(0, limit) : shown);
  const { isOrderShowRx } = useMallConfig();
  return (
    <ul className="order-lines">
      {visible.map(({ key, line }) => (
        <li key={key} className="order-line" data-testid="order-line">
          {line.productImageUrl ? (
            <img className="order-line__image" src={line.productImageUrl} alt={line.productName} loading="lazy" />
          ) : (
            <span className="order-line__image" />
          )}
          <div className="order-line__info">
            <Link className="order-line__name" to={`/product/${encodeURIComponent(line.productCode)}`}>
              {line.productName}
            </Link>
            {line.packing ? <p className="order-line__packing">规格：{line.packing}</p> : null}
            {isPrescription(line) || line.mark === 3 ? (
              <p className="order-line__tags">
                {isPrescription(line) && isOrderShowRx ? <Tag color="red">处方药</Tag> : null}
                {line.mark === 3 ? <Tag color="orange">赠品</Tag> : null}
              </p>
            ) : null}
            {isPrescription(line) ? <p className="order-line__rx-notice">{PRESCRIPTION_NOTICE}</p> : null}
          </div>
          <span className="order-line__price">{yuan(line.actualPrice)}</span>
          <span className="order-line__amount">×{line.amount}</span>
        </li>
      ))}
      {limit && shown.length > limit ? (
        <li className="order-line order-line--more">
          <span />
          <span className="order-line__packing">等共 {shown.length} 种商品</span>
        </li>
      ) : null}
    </ul>
  );
}
