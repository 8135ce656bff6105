import {
  joinLandline,
  LANDLINE_AREA_CODE_MAX_LENGTH,
  LANDLINE_NUMBER_MAX_LENGTH,
  splitLandline,
} from '@anxin/shared/addresses/address.schemas';
import { Input } from 'antd';

type LandlineInputProps = { id?: string; value?: string; onChange?: (value: string) => void };

/** Area code and number in two inputs, joined with a dash as the API takes it ('-' when both are empty). */
export function LandlineInput({ id, value, onChange }: LandlineInputProps) {
  const { areaCode, number } = splitLandline(value);
  return (
    <div className="landline-input">
      <Input
        id={id}
        aria-label="区号"
        placeholder="区号"
        maxLength={LANDLINE_AREA_CODE_MAX_LENGTH}
        inputMode="numeric"
        value={areaCode}
        onChange={(event) => onChange?.(joinLandline(event.target.value, number))}
        className="landline-input__area"
      />
      <span className="landline-input__dash">-</span>
      <Input
        aria-label="电话号码"
        placeholder="电话号码"
        maxLength={LANDLINE_NUMBER_MAX_LENGTH}
        inputMode="numeric"
        value={number}
        onChange={(event) => onChange?.(joinLandline(areaCode, event.target.value))}
        className="landline-input__number"
      />
    </div>
  );
}
