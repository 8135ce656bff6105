import type { AfterSaleForm, AfterSaleLineInput } from '@anxin/shared/aftersale/aftersale.contract';
import { Checkbox, InputNumber } from 'antd';
import { YuanText } from '../../../components/price.tsx';

type FormLine = AfterSaleForm['lines'][number];

type LinePickerProps = {
  lines: FormLine[];
  value?: AfterSaleLineInput[];
  onChange?: (value: AfterSaleLineInput[]) => void;
  id?: string;
};

/**
 * The order's lines, each with a box to choose it and how many pieces (1 to what may still be asked for); a line
 * with nothing left shows why and cannot be chosen. The value is the request's `lines` as the contract has them.
 */
export function LinePicker({ lines, value = [], onChange, id }: LinePickerProps) {
  const chosen = new Map(value.map((line) => [line.lineId, line.quantity]));
  const update = (lineId: number, quantity: number | null) => {
    const next = lines.flatMap((line) => {
      const kept = line.lineId === lineId ? quantity : chosen.get(line.lineId);
      return kept ? [{ lineId: line.lineId, quantity: kept }] : [];
    });
    onChange?.(next);
  };

  return (
    <ul className="aftersale-picker" id={id}>
      {lines.map((line) => {
        const quantity = chosen.get(line.lineId);
        const isLeft = line.refundableQuantity > 0;
        return (
          <li key={line.lineId} className="aftersale-picker__line" data-testid="aftersale-pick-line">
            <Checkbox
              checked={quantity !== undefined}
              disabled={!isLeft}
              onChange={(event) => update(line.lineId, event.target.checked ? line.refundableQuantity : null)}
              aria-label={`选择${line.productName}`}
            />
            {line.productImageUrl ? (
              <img className="aftersale-line__image" src={line.productImageUrl} alt="" />
            ) : (
              <span className="aftersale-line__image" />
            )}
            <span className="aftersale-line__name">
              {line.productName}
              {line.packing ? <span className="aftersale-line__packing">{line.packing}</span> : null}
              <span className="aftersale-line__packing">
                <YuanText cents={line.actualPrice} /> × {line.amount}
                {isLeft ? `，可申请 ${line.refundableQuantity} 件` : '，已无可申请数量'}
              </span>
            </span>
            {quantity !== undefined ? (
              <InputNumber
                className="aftersale-picker__quantity"
                min={1}
                max={line.refundableQuantity}
                precision={0}
                value={quantity}
                inputMode="numeric"
                aria-label={`${line.productName}的申请数量`}
                onChange={(next) => update(line.lineId, next ?? 1)}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
