import { Checkbox, Form } from 'antd';
import { agreementRule } from '../lib/sign-in-rules.ts';
import './agreement-checkbox.css';

/** 我已阅读并同意《用户服务协议》《隐私政策》: must be ticked; the links open the texts in a new tab. */
export function AgreementCheckbox({ name = 'agreement' }: { name?: string }) {
  return (
    <Form.Item
      name={name}
      valuePropName="checked"
      rules={[agreementRule]}
      validateTrigger="onChange"
      className="agreement-item"
    >
      <Checkbox className="agreement-checkbox">
        我已阅读并同意
        <a href="/agreement/user-service" target="_blank" rel="noopener noreferrer">
          《用户服务协议》
        </a>
        <a href="/agreement/privacy" target="_blank" rel="noopener noreferrer">
          《隐私政策》
        </a>
      </Checkbox>
    </Form.Item>
  );
}
