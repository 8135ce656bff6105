import { formatYuan, formatYuanWithSign, spokenYuan } from '@anxin/shared/common/money';
import './price.css';

/**
 * ¥19.80 with the yuan large and the cents small, as malls print prices. A screen reader hears "价格 19 元 8 角"
 * (`label` and the spoken amount) instead of the printed figures; `label=""` where the text before it names the
 * amount (合计, 应付金额).
 */
export function Price({
  cents,
  size = 'normal',
  label = '价格',
}: {
  cents: number;
  size?: 'normal' | 'large' | 'small';
  label?: string;
}) {
  const [yuan, fen] = formatYuan(cents).split('.');
  return (
    <span className={`shop-price shop-price--${size}`}>
      <span className="visually-hidden">{[label, spokenYuan(cents)].filter(Boolean).join(' ')}</span>
      <span aria-hidden="true">
        <span className="shop-price__sign">¥</span>
        <span className="shop-price__yuan">{yuan}</span>
        <span className="shop-price__fen">.{fen}</span>
      </span>
    </span>
  );
}

/** An amount in running text, printed ¥12.50 and read "12 元 5 角". */
export function YuanText({ cents }: { cents: number }) {
  return (
    <>
      <span aria-hidden="true">{formatYuanWithSign(cents)}</span>
      <span className="visually-hidden">{spokenYuan(cents)}</span>
    </>
  );
}
