import { CART_MAX_QUANTITY } from '@anxin/shared/cart/cart';
import { InputNumber } from 'antd';
import { useEffect, useState } from 'react';

type CartQuantityProps = {
  value: number;
  disabled?: boolean;
  onCommit: (quantity: number) => void;
};

/** The quantity stepper: the +/− buttons commit at once, typed digits on blur or Enter. */
export function CartQuantity({ value, disabled, onCommit }: CartQuantityProps) {
  const [draft, setDraft] = useState<number | null>(value);
  useEffect(() => setDraft(value), [value]);

  const commit = (next: number | null) => {
    const quantity = Math.min(CART_MAX_QUANTITY, Math.max(1, Math.round(next ?? value)));
    setDraft(quantity);
    if (quantity !== value) onCommit(quantity);
  };

  return (
    <InputNumber
      className="shop-cart__quantity"
      min={1}
      max={CART_MAX_QUANTITY}
      precision={0}
      value={draft}
      disabled={disabled}
      mode="spinner"
      inputMode="numeric"
      aria-label="数量"
      onChange={setDraft}
      onStep={(next) => commit(next)}
      onBlur={() => commit(draft)}
      onPressEnter={() => commit(draft)}
    />
  );
}
