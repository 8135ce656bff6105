import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import {
  checkConfirmPassword,
  NEW_PASSWORD_MAX_LENGTH,
  newPasswordSchema,
} from '@anxin/shared/account/account.schemas';
import { phoneSchema } from '@anxin/shared/common/phone';
import { App, Button, Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router';
import { getFailureMessage } from '../../../lib/api-client.ts';
import { saveLoginResult } from '../../../lib/token-store.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useRegister } from '../api/register.ts';
import { AgreementCheckbox } from '../components/agreement-checkbox.tsx';
import { AuthFrame } from '../components/auth-frame.tsx';
import { SmsCodeField } from '../components/sms-code-field.tsx';

type RegisterValues = {
  phoneNum: string;
  smsCode: string;
  password: string;
  confirmPassword: string;
  agreement: boolean;
};

const PHONE_MAX_LENGTH = 11;

export function RegisterPage() {
  const [form] = Form.useForm<RegisterValues>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const registerMember = useRegister();

  const handleFinish = async (values: RegisterValues) => {
    try {
      const result = await registerMember.mutateAsync({
        userName: values.phoneNum.trim(),
        validCode: values.smsCode.trim(),
        password: values.password,
      });
      // A §4: success message, signed in with the tokens of the reply, then the member home.
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
        <Form.Item name="phoneNum" rules={[zodRule(phoneSchema)]}>
          <Input
            prefix={<MobileOutlined />}
            placeholder="请输入手机号"
            maxLength={PHONE_MAX_LENGTH}
            inputMode="numeric"
            autoComplete="tel"
          />
        </Form.Item>
        <SmsCodeField name="smsCode" purpose="register" />
        <Form.Item
          name="password"
          rules={[zodRule(newPasswordSchema)]}
          extra="8~16位，包含大写字母、小写字母、数字、符号中的至少三种"
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="请设置8~16位密码"
            maxLength={NEW_PASSWORD_MAX_LENGTH}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                const problem = checkConfirmPassword(String(getFieldValue('password') ?? ''), String(value ?? ''));
                if (problem) throw new Error(problem);
              },
            }),
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="请再次输入密码"
            maxLength={NEW_PASSWORD_MAX_LENGTH}
            autoComplete="new-password"
          />
        </Form.Item>
        <AgreementCheckbox />
        <Form.Item className="auth-form__submit">
          <Button type="primary" htmlType="submit" block loading={registerMember.isPending}>
            注册
          </Button>
        </Form.Item>
      </Form>
      <p className="auth-card__hotline">客服热线：400-600-1212</p>
    </AuthFrame>
  );
}
