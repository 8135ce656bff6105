import { formatYuan } from '@anxin/shared/common/money';
import './price.css';

/** ¥19.80 with the yuan large and the cents small, as malls print prices. */
export function Price({ cents, size = 'normal' }: { cents: number; size?: 'normal' | 'large' | 'small' }) {
  const [yuan, fen] = formatYuan(cents).split('.');
  return (
    <span className={`shop-price shop-price--${size}`}>
      <span className="shop-price__sign">¥</span>
      <span className="shop-price__yuan">{yuan}</span>
      <span className="shop-price__fen">.{fen}</span>
    </span>
  );
}
