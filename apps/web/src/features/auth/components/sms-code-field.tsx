import { SafetyOutlined } from '@ant-design/icons';
import { SMS_CODE_LENGTH } from '@anxin/shared/account/account.constants';
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import type { SmsPurpose } from '../api/request-sms-ticket.ts';
import { smsCodeRule } from '../lib/sign-in-rules.ts';
import { SmsCodeButton, type SmsCodeButtonProps } from './sms-code-button.tsx';
import './sms-code-field.css';

export type SmsCodeFieldProps = {
  /** The form field of the code (the documents call it smsCode, validCode or captcha by call). */
  name: string;
  purpose: SmsPurpose;
  /** The form field holding the phone the code goes to. */
  phoneField?: string;
  label?: ReactNode;
  buttonSize?: SmsCodeButtonProps['size'];
};

/** The SMS code input with its 获取验证码 button, as every SMS form shows it (required, 6 digits). */
export function SmsCodeField({ name, purpose, phoneField, label, buttonSize }: SmsCodeFieldProps) {
  return (
    <Form.Item label={label} required={Boolean(label)}>
      <div className="sms-code-row">
        <Form.Item name={name} rules={[smsCodeRule]} noStyle>
          <Input
            prefix={<SafetyOutlined />}
            placeholder="请输入短信验证码"
            maxLength={SMS_CODE_LENGTH}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        </Form.Item>
        <SmsCodeButton purpose={purpose} phoneField={phoneField} size={buttonSize} />
      </div>
    </Form.Item>
  );
}
