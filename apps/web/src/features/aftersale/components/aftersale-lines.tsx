import type { AfterSaleLine } from '@anxin/shared/aftersale/aftersale.contract';
import { YuanText } from '../../../components/price.tsx';

/** The goods of a request: picture, name and packing, unit price, how many go back. */
export function AftersaleLines({ lines }: { lines: AfterSaleLine[] }) {
  return (
    <ul className="aftersale-lines">
      {lines.map((line) => (
        <li key={line.lineId} className="aftersale-line">
          {line.productImageUrl ? (
            <img className="aftersale-line__image" src={line.productImageUrl} alt="" />
          ) : (
            <span className="aftersale-line__image" />
          )}
          <span className="aftersale-line__name">
            {line.productName}
            {line.packing ? <span className="aftersale-line__packing">{line.packing}</span> : null}
          </span>
          <span className="aftersale-line__price">
            <YuanText cents={line.actualPrice} />
          </span>
          <span className="aftersale-line__quantity">×{line.quantity}</span>
        </li>
      ))}
    </ul>
  );
}
