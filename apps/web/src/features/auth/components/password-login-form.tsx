import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LOGIN_NAME_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH } from '@anxin/shared/account/account.constants';
import { loginNameSchema, loginPasswordSchema } from '@anxin/shared/account/account.schemas';
import { ErrorCode } from '@anxin/shared/common/errors';
import { MSG } from '@anxin/shared/common/messages';
import { Button, Form, Input } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { isRsaOaepAvailable } from '../../../lib/rsa-oaep.ts';
import { isSafeBackUrl, resolveBackUrl } from '../../../lib/safe-back-url.ts';
import { saveLoginResult } from '../../../lib/token-store.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { usePasswordLogin } from '../api/password-login.ts';
import { useImageCode } from '../lib/use-image-code.ts';
import { AgreementCheckbox } from './agreement-checkbox.tsx';
import { ImageCodeField } from './image-code-field.tsx';
import './login-methods.css';

type PasswordLoginValues = { loginName: string; password: string; captchaCode?: string; agreement: boolean };

/** What the phone-binding page (type add) gets in history state: the password never goes into the URL. */
export type BindPhoneLoginState = { loginName: string; password: string; loginType: 1 };

/** The 密码登录 tab: login name or phone, password, the image code once the server asks for it. */
export function PasswordLoginForm() {
  const [form] = Form.useForm<PasswordLoginValues>();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const passwordLogin = usePasswordLogin();
  const imageCode = useImageCode(form);

  /** 1001000003 → bind a phone (type add, login type 1); MEM0010001 → the password screen, type update. */
  const followOutcome = (code: string, loginName: string, password: string) => {
    const backUrl = searchParams.get('backurl');
    const name = encodeURIComponent(loginName);
    if (code === ErrorCode.phoneNeedsBinding) {
      const state: BindPhoneLoginState = { loginName, password, loginType: 1 };
      const back = isSafeBackUrl(backUrl) ? `&backUrl=${encodeURIComponent(backUrl)}` : '';
      navigate(`/user/bind/phone/add?loginName=${name}&loginType=1${back}`, { state });
      return true;
    }
    if (code === ErrorCode.passwordMustUpdate) {
      const back = isSafeBackUrl(backUrl) ? `&backurl=${encodeURIComponent(backUrl)}` : '';
      navigate(`/user/account/password/update?loginName=${name}${back}`);
      return true;
    }
    return false;
  };

  const handleFinish = async (values: PasswordLoginValues) => {
    if (!isRsaOaepAvailable()) {
      message.error(MSG.secureContextRequired);
      return;
    }
    const loginName = values.loginName.trim();
    try {
      const result = await passwordLogin.mutateAsync({
        loginName,
        password: values.password,
        ...imageCode.answer(),
      });
      saveLoginResult(result);
      navigate(resolveBackUrl(searchParams.get('backurl')), { replace: true });
    } catch (error) {
      if (isApiError(error) && followOutcome(error.code, loginName, values.password)) return;
      if (imageCode.handleRefusal(error)) return;
      message.error(getErrorMessage(error));
    }
  };

  return (
    <Form
      form={form}
      name="password-login"
      size="large"
      requiredMark={false}
      validateTrigger="onBlur"
      initialValues={{ agreement: false }}
      onFinish={handleFinish}
      className="auth-form"
    >
      <Form.Item name="loginName" rules={[zodRule(loginNameSchema)]}>
        <Input
          prefix={<UserOutlined />}
          placeholder="请输入用户名/手机号"
          maxLength={LOGIN_NAME_MAX_LENGTH}
          autoComplete="username"
          spellCheck={false}
        />
      </Form.Item>
      <Form.Item name="password" rules={[zodRule(loginPasswordSchema)]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="请输入密码"
          maxLength={LOGIN_PASSWORD_MAX_LENGTH}
          autoComplete="current-password"
        />
      </Form.Item>
      {imageCode.fieldProps ? <ImageCodeField {...imageCode.fieldProps} /> : null}
      <AgreementCheckbox />
      <Form.Item className="auth-form__submit">
        <Button type="primary" htmlType="submit" block loading={passwordLogin.isPending}>
          登录
        </Button>
      </Form.Item>
    </Form>
  );
}
