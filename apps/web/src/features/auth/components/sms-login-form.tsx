import { MSG } from '@anxin/shared/common/messages';
import { Button, Form } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { PhoneInput } from '../../../components/phone-input.tsx';
import { getFailureMessage } from '../../../lib/api-client.ts';
import { resolveBackUrl } from '../../../lib/safe-back-url.ts';
import { clearSession, saveLoginResult } from '../../../lib/token-store.ts';
import { useWithdrawClosurePrompt } from '../../account-deletion/index.ts';
import { useSmsLogin } from '../api/sms-login.ts';
import { phoneRule } from '../lib/sign-in-rules.ts';
import { AgreementCheckbox } from './agreement-checkbox.tsx';
import { SmsCodeField } from './sms-code-field.tsx';

type SmsLoginValues = { phoneNum: string; smsCode: string; agreement: boolean };

export function SmsLoginForm() {
  const [form] = Form.useForm<SmsLoginValues>();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const smsLogin = useSmsLogin();
  const withdrawPrompt = useWithdrawClosurePrompt();
  const phone = Form.useWatch('phoneNum', form) ?? '';

  const handleFinish = async (values: SmsLoginValues) => {
    try {
      const result = await smsLogin.mutateAsync({ phoneNum: values.phoneNum.trim(), smsCode: values.smsCode.trim() });
      saveLoginResult(result);
      navigate(resolveBackUrl(searchParams.get('backurl')), { replace: true });
    } catch (error) {
      // An account in its deletion cooling-off period: offer to withdraw (account-deletion feature).
      if (withdrawPrompt.offer(error, { phoneNum: values.phoneNum.trim(), smsCode: values.smsCode.trim() })) return;
      // An SMS login failure removes the member cookies and says 请刷新重试 unless the server said more.
      clearSession();
      message.error(getFailureMessage(error, MSG.smsLoginFailed));
    }
  };

  return (
    <Form
      form={form}
      name="sms-login"
      size="large"
      requiredMark={false}
      validateTrigger="onBlur"
      initialValues={{ agreement: false }}
      onFinish={handleFinish}
      className="auth-form"
    >
      <Form.Item name="phoneNum" rules={[phoneRule]}>
        <PhoneInput />
      </Form.Item>
      <SmsCodeField name="smsCode" purpose="login" />
      <AgreementCheckbox />
      <Form.Item className="auth-form__submit">
        <Button type="primary" htmlType="submit" block loading={smsLogin.isPending}>
          登录
        </Button>
      </Form.Item>
      <div className="auth-form__demo">
        <Link to={`/dev/sms-outbox${phone ? `?phone=${encodeURIComponent(phone.trim())}` : ''}`} target="_blank">
          演示：查看短信发件箱
        </Link>
      </div>
      {withdrawPrompt.dialog}
    </Form>
  );
}
