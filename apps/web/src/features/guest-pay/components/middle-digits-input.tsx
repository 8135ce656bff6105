import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import {
  type DigitsChange,
  enterDigits,
  eraseDigit,
  MIDDLE_DIGIT_COUNT,
  type MiddleDigits,
  phoneEnds,
} from '../lib/middle-digits.ts';

type MiddleDigitsInputProps = {
  /** The masked phone of the order, such as 138****5678. */
  maskPhone: string;
  value: MiddleDigits;
  onChange: (digits: MiddleDigits) => void;
  isInvalid?: boolean;
};

/**
 * The masked phone with four boxes for its hidden middle digits. Each box takes one digit and moves on;
 * a paste fills the boxes from where it lands; backspace in an empty box goes back one. Phones show their
 * number keyboard (inputMode numeric).
 */
export function MiddleDigitsInput({ maskPhone, value, onChange, isInvalid = false }: MiddleDigitsInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const ends = phoneEnds(maskPhone) ?? { head: maskPhone.slice(0, 3), tail: maskPhone.slice(-4) };

  const apply = ({ digits, focus }: DigitsChange) => {
    onChange(digits);
    const box = boxes.current[focus];
    box?.focus();
    box?.select();
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      apply(eraseDigit(value, index));
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      boxes.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight' && index < MIDDLE_DIGIT_COUNT - 1) {
      event.preventDefault();
      boxes.current[index + 1]?.focus();
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    apply(enterDigits(value, index, event.clipboardData.getData('text'), maskPhone));
  };

  return (
    <div className={`middle-digits${isInvalid ? ' middle-digits--invalid' : ''}`}>
      <span className="middle-digits__end" aria-hidden="true">
        {ends.head}
      </span>
      {Array.from({ length: MIDDLE_DIGIT_COUNT }, (_, index) => (
        <input
          // The four boxes are fixed positions of one number.
          // biome-ignore lint/suspicious/noArrayIndexKey: a box is its position.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className="middle-digits__box"
          aria-label={`手机号第${index + 4}位`}
          aria-invalid={isInvalid || undefined}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          maxLength={MIDDLE_DIGIT_COUNT}
          value={value[index] ?? ''}
          onFocus={(event) => event.target.select()}
          onChange={(event) => {
            const text = event.target.value;
            // Some phone keyboards delete without a Backspace key event: the box is simply empty now.
            if (text === '') {
              apply(eraseDigit(value, index));
              return;
            }
            // The box holds one digit: what was typed is what differs from the digit already there.
            const typed = text.replace(value[index] ?? '', '') || text;
            apply(enterDigits(value, index, typed, maskPhone));
          }}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
        />
      ))}
      <span className="middle-digits__end" aria-hidden="true">
        {ends.tail}
      </span>
    </div>
  );
}
