import { MobileOutlined } from '@ant-design/icons';
import { PHONE_MAX_LENGTH } from '@anxin/shared/common/phone.constants';
import { Input, type InputProps } from 'antd';

/** The mobile phone box of the sign-in, register and password forms: the phone keyboard and autofill. */
export function PhoneInput(props: InputProps) {
  return (
    <Input
      prefix={<MobileOutlined />}
      placeholder="请输入手机号"
      maxLength={PHONE_MAX_LENGTH}
      inputMode="tel"
      autoComplete="tel"
      {...props}
    />
  );
}
