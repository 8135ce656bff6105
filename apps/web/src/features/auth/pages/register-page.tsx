import { Button, Form } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { PhoneInput } from '../../../components/phone-input.tsx';
import { getFailureMessage } from '../../../lib/api-client.ts';
import { saveLoginResult } from '../../../lib/token-store.ts';
import { useRegister } from '../api/register.ts';
import { AgreementCheckbox } from '../components/agreement-checkbox.tsx';
import { AuthFrame } from '../components/auth-frame.tsx';
import { AuthHotline } from '../components/auth-hotline.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { SmsCodeField } from '../components/sms-code-field.tsx';
import { phoneRule } from '../lib/sign-in-rules.ts';

type RegisterValues = {
  phoneNum: string;
  smsCode: string;
  password: string;
  confirmPassword: string;
  agreement: boolean;
};

export function RegisterPage() {
  const [form] = Form.useForm<RegisterValues>();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const registerMember = useRegister();

  const handleFinish = async (values: RegisterValues) => {
    try {
      const result = await registerMember.mutateAsync({
        userName: values.phoneNum.trim(),
        validCode: values.smsCode.trim(),
        password: values.password,
      });
      // Success message, signed in with the tokens of the reply, then the member home.
      saveLoginResult(result);
      message.success('注册成功');
      navigate('/user', { replace: true });
    } catch (error) {
      message.error(getFailureMessage(error, '注册失败，请重试'));
    }
  };

  return (
    <AuthFrame>
      <div className="auth-card__header">
        <h2 className="auth-card__title">注册新会员</h2>
        <Link to="/user/login" className="auth-card__switch">
          已有账号，去登录
        </Link>
      </div>
      <Form
        form={form}
        name="register"
        size="large"
        requiredMark={false}
        validateTrigger="onBlur"
        initialValues={{ agreement: false }}
        onFinish={handleFinish}
        className="auth-form auth-form--register"
      >
        <Form.Item name="phoneNum" rules={[phoneRule]}>
          <PhoneInput />
        </Form.Item>
        <SmsCodeField name="smsCode" purpose="register" />
        <NewPasswordFields
          name="password"
          confirmName="confirmPassword"
          placeholders={{ password: '请设置8~16位密码', confirm: '请再次输入密码' }}
        />
        <AgreementCheckbox />
        <Form.Item className="auth-form__submit">
          <Button type="primary" htmlType="submit" block loading={registerMember.isPending}>
            注册
          </Button>
        </Form.Item>
      </Form>
      <AuthHotline />
    </AuthFrame>
  );
}
