import { KeyOutlined } from '@ant-design/icons';
import { LOGIN_PASSWORD_MAX_LENGTH } from '@anxin/shared/account/account.constants';
import {
  oldPasswordSchema,
  PASSWORD_SCREEN_TITLES,
  type PasswordScreenType,
} from '@anxin/shared/auth/password.schemas';
import { MSG } from '@anxin/shared/common/messages';
import { phoneSchema } from '@anxin/shared/common/phone';
import { Alert, Button, Form, Input, Spin } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { buildLoginUrl, resolveBackUrl } from '../../../lib/safe-back-url.ts';
import { clearSession, saveLoginResult } from '../../../lib/token-store.ts';
import { useIsSignedIn } from '../../../lib/use-session.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useAccount } from '../../account/index.ts';
import {
  AuthFrame,
  AuthHotline,
  ImageCodeField,
  NewPasswordFields,
  SmsCodeField,
  useImageCode,
} from '../../auth/index.ts';
import { useChangePassword } from '../api/change-password.ts';
import { isCurrentPhone } from '../api/check-current-phone.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { showServerFieldErrors } from '../components/show-server-field-errors.ts';
import '../password.css';
import { PhoneInput } from '../../../components/phone-input.tsx';

/** /user/account/password/edit: change the password (signed in). */
export function EditPasswordPage() {
  return <PasswordPage type="edit" />;
}

/** /user/account/password/forget: reset by SMS code; every device is signed out, then go to login. */
export function ForgetPasswordPage() {
  return <PasswordPage type="forget" />;
}

/** /user/account/password/update: after MEM0010001; reset by SMS code and signed in at once. */
export function UpdatePasswordPage() {
  return <PasswordPage type="update" />;
}

/** The password screen: the header by type; type update shows the upgrade notice. */
function PasswordPage({ type }: { type: PasswordScreenType }) {
  const isSignedIn = useIsSignedIn();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  if (type === 'edit' && !isSignedIn) {
    return <Navigate to={buildLoginUrl(`${location.pathname}${location.search}`)} replace />;
  }
  const loginName = searchParams.get('loginName')?.trim() || undefined;

  return (
    <AuthFrame>
      <div className="auth-card__header">
        <h2 className="auth-card__title">{PASSWORD_SCREEN_TITLES[type]}</h2>
        {type === 'edit' ? (
          <Link to="/user/personal/safe" className="auth-card__switch">
            返回账户安全
          </Link>
        ) : (
          <Link to="/user/login" className="auth-card__switch">
            返回登录
          </Link>
        )}
      </div>
      {type === 'update' ? (
        <Alert
          className="password-notice"
          type="warning"
          showIcon
          title={MSG.passwordUpgradeNotice}
          description={loginName ? `账号：${loginName}` : undefined}
        />
      ) : null}
      {type === 'edit' ? <EditPasswordContent /> : <SmsPasswordForm type={type} loginName={loginName} />}
      <AuthHotline />
    </AuthFrame>
  );
}

/** Edit: with the current password, or by SMS code to the account's phone (no password yet, or forgotten). */
function EditPasswordContent() {
  const account = useAccount();
  const [isBySms, setIsBySms] = useState(false);
  if (account.isPending) {
    return (
      <div className="password-loading">
        <Spin />
      </div>
    );
  }
  const hasPassword = account.data?.hasPassword !== false;
  if (!hasPassword || isBySms) {
    return (
      <>
        {hasPassword ? null : <p className="password-tip">您还未设置登录密码，请通过短信验证码设置</p>}
        <SmsPasswordForm type="edit" phoneHint={account.data?.phoneStr ?? undefined} />
        {hasPassword ? (
          <button type="button" className="password-mode-link" onClick={() => setIsBySms(false)}>
            使用原密码修改
          </button>
        ) : null}
      </>
    );
  }
  return (
    <>
      <ChangePasswordForm />
      <button type="button" className="password-mode-link" onClick={() => setIsBySms(true)}>
        忘记原密码？通过短信验证码修改
      </button>
    </>
  );
}

type ChangeValues = { oldPwd: string; newPwd: string; newPwdConfirm: string; captchaCode?: string };

/** With the current password; wrong ones count with the password login, so the image code may be asked for. */
function ChangePasswordForm() {
  const [form] = Form.useForm<ChangeValues>();
  const { message } = useFeedback();
  const changePassword = useChangePassword();
  const imageCode = useImageCode(form);

  const handleFinish = async ({ oldPwd, newPwd, newPwdConfirm }: ChangeValues) => {
    try {
      await changePassword.mutateAsync({ oldPwd, newPwd, newPwdConfirm, ...imageCode.answer() });
      // Success clears the form.
      form.resetFields();
      message.success(MSG.passwordSet);
    } catch (error) {
      if (imageCode.handleRefusal(error)) return;
      showServerFieldErrors(form, error);
      message.error(getErrorMessage(error));
    }
  };

  return (
    <Form
      form={form}
      name="change-password"
      size="large"
      requiredMark={false}
      validateTrigger="onBlur"
      onFinish={handleFinish}
      className="auth-form password-form"
    >
      <Form.Item name="oldPwd" rules={[zodRule(oldPasswordSchema)]}>
        <Input.Password
          prefix={<KeyOutlined />}
          placeholder="请输入原密码"
          maxLength={LOGIN_PASSWORD_MAX_LENGTH}
          autoComplete="current-password"
        />
      </Form.Item>
      <NewPasswordFields name="newPwd" confirmName="newPwdConfirm" oldName="oldPwd" />
      {imageCode.fieldProps ? <ImageCodeField {...imageCode.fieldProps} /> : null}
      <Form.Item className="auth-form__submit">
        <Button type="primary" htmlType="submit" block loading={changePassword.isPending}>
          确定
        </Button>
      </Form.Item>
    </Form>
  );
}

type SmsValues = { userName: string; validCode: string; password: string; confirmPassword: string };

type SmsPasswordFormProps = {
  type: PasswordScreenType;
  /** Type update: the login name that was refused with MEM0010001. */
  loginName?: string;
  /** Type edit: the account's phone, masked, as a hint. */
  phoneHint?: string;
};

/** Phone, SMS code (purpose resetPassword), new password and confirmation. */
function SmsPasswordForm({ type, loginName, phoneHint }: SmsPasswordFormProps) {
  const [form] = Form.useForm<SmsValues>();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const resetPassword = useResetPassword();

  // Changing by SMS needs the current account's phone (checked before the code is sent).
  const phoneRules = [
    zodRule(phoneSchema),
    ...(type === 'edit'
      ? [
          {
            validator: async (_rule: unknown, value: unknown) => {
              const phone = String(value ?? '').trim();
              if (!phoneSchema.safeParse(phone).success) return;
              if (!(await isCurrentPhone(phone))) throw new Error(MSG.phoneNotCurrent);
            },
          },
        ]
      : []),
  ];

  const handleFinish = async (values: SmsValues) => {
    try {
      const result = await resetPassword.mutateAsync({
        userName: values.userName.trim(),
        validCode: values.validCode.trim(),
        password: values.password,
        type,
        loginName: type === 'update' ? loginName : undefined,
      });
      message.success(MSG.passwordSet);
      if (type === 'update' && result) {
        // After a reset of type update the member is signed in.
        saveLoginResult(result);
        navigate(resolveBackUrl(searchParams.get('backurl')), { replace: true });
      } else if (type === 'forget') {
        // Otherwise the member cookies are cleared and the shopper goes to login.
        clearSession('logout');
        navigate('/user/login', { replace: true });
      } else {
        form.resetFields();
      }
    } catch (error) {
      showServerFieldErrors(form, error);
      message.error(getErrorMessage(error));
    }
  };

  return (
    <Form
      form={form}
      name={`reset-password-${type}`}
      size="large"
      requiredMark={false}
      validateTrigger="onBlur"
      onFinish={handleFinish}
      className="auth-form password-form"
    >
      <Form.Item
        name="userName"
        rules={phoneRules}
        extra={phoneHint ? `请输入当前账号绑定的手机号 ${phoneHint}` : undefined}
      >
        <PhoneInput />
      </Form.Item>
      <SmsCodeField name="validCode" purpose="resetPassword" phoneField="userName" />
      <NewPasswordFields name="password" confirmName="confirmPassword" />
      <Form.Item className="auth-form__submit">
        <Button type="primary" htmlType="submit" block loading={resetPassword.isPending}>
          确定
        </Button>
      </Form.Item>
    </Form>
  );
}
