import { PRESCRIPTION_NOTICE } from '@anxin/shared/catalogue/catalogue';
import { formatYuan } from '@anxin/shared/common/money';
import {
  GUEST_ITEMS_BEFORE_EXPAND,
  GUEST_LINE_KIND_TEXT,
  GUEST_PAY_TEXT,
  type GuestLineKind,
} from '@anxin/shared/guest-pay/guest-pay.constants';
import type { GuestOrderProduct } from '@anxin/shared/guest-pay/guest-pay.contract';
import { Tag } from 'antd';
import { useState } from 'react';
import { useMallConfig } from '../../mall/index.ts';
import { groupOrderLines } from '../lib/order-lines.ts';

const TAG_COLOR: Record<GuestLineKind, string> = {
  ordinary: 'default',
  comboParent: 'green',
  comboChild: 'default',
  gift: 'orange',
  prize: 'magenta',
};

/** Gifts and prizes come free with the order: their price is not what the shopper pays for them. */
const isFree = (kind: GuestLineKind) => kind === 'gift' || kind === 'prize';

function ItemRow({ line, isChild = false }: { line: GuestOrderProduct; isChild?: boolean }) {
  const tag = GUEST_LINE_KIND_TEXT[line.kind];
  // As on the member's order pages: the 处方药 tag when the shop shows it on orders, the notice always.
  const { isOrderShowRx } = useMallConfig();
  return (
    <div className={`guest-item${isChild ? ' guest-item--child' : ''}`} data-testid="guest-item" data-kind={line.kind}>
      {line.productImageUrl ? (
        <img className="guest-item__image" src={line.productImageUrl} alt={line.productName} loading="lazy" />
      ) : (
        <span className="guest-item__image" />
      )}
      <div className="guest-item__info">
        <p className="guest-item__name">
          {line.isPrescription && isOrderShowRx ? (
            <Tag className="guest-item__tag" color="red">
              处方药
            </Tag>
          ) : null}
          {tag ? (
            <Tag className="guest-item__tag" color={TAG_COLOR[line.kind]}>
              {tag}
            </Tag>
          ) : null}
          {line.productName}
        </p>
        {line.packing ? <p className="guest-item__packing">规格：{line.packing}</p> : null}
        {line.isPrescription ? <p className="guest-item__rx-notice">{PRESCRIPTION_NOTICE}</p> : null}
      </div>
      <div className="guest-item__figures">
        <span className={`guest-item__price${isFree(line.kind) ? ' guest-item__price--free' : ''}`}>
          {isFree(line.kind) ? '免费' : `¥${formatYuan(line.actualPrice)}`}
        </span>
        <span className="guest-item__amount">×{line.amount}</span>
      </div>
    </div>
  );
}

/** The order's items: the first 3, then 展开全部 / 收起; a combo shows its child lines under it. */
export function OrderItems({ lines }: { lines: readonly GuestOrderProduct[] }) {
  const [isExpanded, setIsExpanded] = useState(false);
  const entries = groupOrderLines(lines);
  const shown = isExpanded ? entries : entries.slice(0, GUEST_ITEMS_BEFORE_EXPAND);
  return (
    <div className="guest-items">
      <ul className="guest-items__list">
        {shown.map((entry) => (
          <li key={entry.position} className="guest-items__entry">
            <ItemRow line={entry.line} />
            {entry.children.length > 0 ? (
              <ul className="guest-items__children" aria-label="套餐内商品">
                {entry.children.map((child) => (
                  <li key={child.position}>
                    <ItemRow line={child.line} isChild />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      {entries.length > GUEST_ITEMS_BEFORE_EXPAND ? (
        <button
          type="button"
          className="guest-items__toggle"
          aria-expanded={isExpanded}
          onClick={() => setIsExpanded(!isExpanded)}
        >
          {isExpanded ? GUEST_PAY_TEXT.collapse : GUEST_PAY_TEXT.expand}
        </button>
      ) : null}
    </div>
  );
}
