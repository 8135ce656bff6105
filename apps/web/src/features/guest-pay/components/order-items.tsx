import { PRESCRIPTION_NOTICE } from '@anxin/shared/catalogue/catalogue';
import { formatYuan } from '@anxin/shared/common/money';
import { Tag } from 'antd';
import { useState } from 'react';
import { groupOrderLines, ITEMS_SHOWN_FOLDED, LINE_KIND_TAG, type LineKind } from '../lib/order-lines.ts';

/** What the item list needs of a guest order line (the contract's line has these fields). */
type ItemLine = {
  productName: string;
  packing?: string | null;
  actualPrice: number;
  amount: number;
  productImageUrl?: string | null;
  mark: number | string | null;
  productCode: string;
  combinationId?: number | string | null;
  prescriptionType?: number | null;
};

const TAG_COLOR: Record<LineKind, string> = {
  ordinary: 'default',
  comboParent: 'green',
  comboChild: 'default',
  gift: 'orange',
  prize: 'magenta',
};

const isPrescription = (line: ItemLine) => line.prescriptionType === 4 || line.prescriptionType === 5;
/** Gifts and prizes come free with the order: their price is not what the shopper pays for them. */
const isFree = (kind: LineKind) => kind === 'gift' || kind === 'prize';

function ItemRow({ line, kind, isChild = false }: { line: ItemLine; kind: LineKind; isChild?: boolean }) {
  const tag = LINE_KIND_TAG[kind];
  return (
    <div className={`guest-item${isChild ? ' guest-item--child' : ''}`} data-testid="guest-item" data-kind={kind}>
      {line.productImageUrl ? (
        <img className="guest-item__image" src={line.productImageUrl} alt={line.productName} loading="lazy" />
      ) : (
        <span className="guest-item__image" />
      )}
      <div className="guest-item__info">
        <p className="guest-item__name">
          {tag ? (
            <Tag className="guest-item__tag" color={TAG_COLOR[kind]}>
              {tag}
            </Tag>
          ) : null}
          {isPrescription(line) ? (
            <Tag className="guest-item__tag" color="red">
              处方药
            </Tag>
          ) : null}
          {line.productName}
        </p>
        {line.packing ? <p className="guest-item__packing">规格：{line.packing}</p> : null}
        {isPrescription(line) ? <p className="guest-item__rx">{PRESCRIPTION_NOTICE}</p> : null}
      </div>
      <div className="guest-item__figures">
        <span className={`guest-item__price${isFree(kind) ? ' guest-item__price--free' : ''}`}>
          {isFree(kind) ? '免费' : `¥${formatYuan(line.actualPrice)}`}
        </span>
        <span className="guest-item__amount">×{line.amount}</span>
      </div>
    </div>
  );
}

/** The order's items: the first 3, then 展开全部 / 收起; combos show their child lines under them. */
export function OrderItems({ lines }: { lines: readonly ItemLine[] }) {
  const [isExpanded, setIsExpanded] = useState(false);
  const entries = groupOrderLines(lines);
  const shown = isExpanded ? entries : entries.slice(0, ITEMS_SHOWN_FOLDED);
  return (
    <div className="guest-items">
      <ul className="guest-items__list">
        {shown.map((entry) => (
          <li key={entry.position} className="guest-items__entry">
            <ItemRow line={entry.line} kind={entry.kind} />
            {entry.children.length > 0 ? (
              <ul className="guest-items__children" aria-label="套餐内商品">
                {entry.children.map((child) => (
                  <li key={child.position}>
                    <ItemRow line={child.line} kind="comboChild" isChild />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      {entries.length > ITEMS_SHOWN_FOLDED ? (
        <button
          type="button"
          className="guest-items__toggle"
          aria-expanded={isExpanded}
          onClick={() => setIsExpanded(!isExpanded)}
        >
          {isExpanded ? '收起' : '展开全部'}
        </button>
      ) : null}
    </div>
  );
}
