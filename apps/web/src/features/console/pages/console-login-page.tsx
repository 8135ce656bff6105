import { KeyOutlined, LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { MSG } from '@anxin/shared/common/messages';
import type { StaffLoginReply, StaffSignInReply } from '@anxin/shared/staff/staff.contract';
import { TOTP_CODE_LENGTH } from '@anxin/shared/staff/staff.contract';
import { useQueryClient } from '@tanstack/react-query';
import type { InputRef } from 'antd';
import { Button, Form, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { BrandMark } from '../../../app/shell/brand-logo.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { ImageCodeField, useImageCode } from '../../auth/index.ts';
import { CONSOLE_QUERY_KEY } from '../api/console-request.ts';
import { staffLogin, verifySecondFactor } from '../api/staff-sign-in.ts';
import { DemoStaffList } from '../components/demo-staff-list.tsx';
import { RecoveryCodes } from '../components/recovery-codes.tsx';
import { TotpSetupCard } from '../components/totp-setup-card.tsx';
import { consoleBackUrl } from '../lib/console-back-url.ts';
import { loginNameRules, passwordRules, totpCodeRules } from '../lib/sign-in-rules.ts';
import { saveStaffSession } from '../lib/staff-session.ts';
import { rememberStaff } from '../lib/use-staff.ts';
import '../console-login.css';

type SignInStep = StaffLoginReply['step'];
type Stage =
  | { kind: 'password' }
  | { kind: SignInStep; challenge: string; loginName: string }
  | { kind: 'recovery'; codes: string[] };

type PasswordValues = { loginName: string; password: string; captchaCode?: string };
type FactorValues = { code?: string; recoveryCode?: string };

/**
 * /admin/login: login name and password (the image code once the server asks for it), then the authenticator's
 * six digits or a recovery code; a first sign-in sets the authenticator up by QR and shows the recovery codes
 * once. Outside production the demo staff and their current codes are listed below (演示账号).
 */
export function ConsoleLoginPage() {
  const [stage, setStage] = useState<Stage>({ kind: 'password' });
  const [passwordForm] = Form.useForm<PasswordValues>();
  const [factorForm] = Form.useForm<FactorValues>();
  const imageCode = useImageCode(passwordForm);
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [usesRecoveryCode, setUsesRecoveryCode] = useState(false);
  const backUrl = consoleBackUrl(searchParams.get('back'));

  const handlePassword = async (values: PasswordValues) => {
    setIsSubmitting(true);
    try {
      const loginName = values.loginName.trim();
      const { challenge, step } = await staffLogin({ loginName, password: values.password, ...imageCode.answer() });
      factorForm.resetFields();
      setUsesRecoveryCode(false);
      setStage({ kind: step, challenge, loginName });
    } catch (error) {
      if (!imageCode.handleRefusal(error)) message.error(getErrorMessage(error));
    } finally {
      setIsSubmitting(false);
    }
  };

  const signedIn = (result: StaffSignInReply) => {
    // The console's queries of an earlier sign-in in this tab hold another staff member's data.
    queryClient.removeQueries({ queryKey: [CONSOLE_QUERY_KEY] });
    saveStaffSession(result);
    rememberStaff(queryClient, result.access_token, result.staff);
    if (result.recoveryCodes?.length) setStage({ kind: 'recovery', codes: result.recoveryCodes });
    else navigate(backUrl, { replace: true });
  };

  const handleFactor = async (values: FactorValues) => {
    if (stage.kind !== 'totp' && stage.kind !== 'setup') return;
    const factor = usesRecoveryCode ? { recoveryCode: (values.recoveryCode ?? '').trim() } : { code: values.code };
    setIsSubmitting(true);
    try {
      signedIn(await verifySecondFactor({ challenge: stage.challenge, ...factor }));
    } catch (error) {
      const text = getErrorMessage(error);
      // A spent or voided challenge (5 minutes, 5 wrong codes): start again from the password.
      if (text === MSG.staffChallengeExpired || (isApiError(error) && error.status === 401)) {
        message.error(text);
        setStage({ kind: 'password' });
        return;
      }
      factorForm.setFields([{ name: usesRecoveryCode ? 'recoveryCode' : 'code', errors: [text] }]);
    } finally {
      setIsSubmitting(false);
    }
  };

  const fillDemo = (loginName: string, password: string, code: string) => {
    if (stage.kind === 'password') passwordForm.setFieldsValue({ loginName, password });
    else if (stage.kind === 'totp' && stage.loginName === loginName) {
      setUsesRecoveryCode(false);
      factorForm.setFieldsValue({ code });
    }
  };

  return (
    <main className="console-login">
      <div className="console-login__card">
        <header className="console-login__brand">
          <BrandMark size={36} />
          <div>
            <h1 className="console-login__name">安心大药房</h1>
            <p className="console-login__subtitle">管理后台</p>
          </div>
        </header>

        {stage.kind === 'password' ? (
          <Form
            form={passwordForm}
            name="console-login"
            size="large"
            requiredMark={false}
            layout="vertical"
            onFinish={handlePassword}
          >
            <h2 className="console-login__title">员工登录</h2>
            <Form.Item name="loginName" label="登录名" rules={loginNameRules}>
              <Input prefix={<UserOutlined />} autoComplete="username" maxLength={32} spellCheck={false} />
            </Form.Item>
            <Form.Item name="password" label="密码" rules={passwordRules}>
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={64} />
            </Form.Item>
            {imageCode.fieldProps ? <ImageCodeField {...imageCode.fieldProps} /> : null}
            <Button type="primary" htmlType="submit" block loading={isSubmitting}>
              下一步
            </Button>
          </Form>
        ) : null}

        {stage.kind === 'totp' || stage.kind === 'setup' ? (
          <SecondFactorStep
            stage={stage}
            form={factorForm}
            usesRecoveryCode={usesRecoveryCode}
            onToggleRecovery={() => {
              factorForm.resetFields();
              setUsesRecoveryCode((uses) => !uses);
            }}
            isSubmitting={isSubmitting}
            onFinish={handleFactor}
            onBack={() => setStage({ kind: 'password' })}
          />
        ) : null}

        {stage.kind === 'recovery' ? (
          <RecoveryCodes codes={stage.codes} onDone={() => navigate(backUrl, { replace: true })} />
        ) : null}
      </div>

      {stage.kind === 'recovery' ? null : (
        <DemoStaffList onPick={fillDemo} signingInAs={stage.kind === 'password' ? undefined : stage.loginName} />
      )}
    </main>
  );
}

type SecondFactorStepProps = {
  stage: { kind: SignInStep; challenge: string; loginName: string };
  form: ReturnType<typeof Form.useForm<FactorValues>>[0];
  usesRecoveryCode: boolean;
  onToggleRecovery: () => void;
  isSubmitting: boolean;
  onFinish: (values: FactorValues) => void;
  onBack: () => void;
};

/** The second step: the QR first on a first sign-in, then the six digits (or, instead, a recovery code). */
function SecondFactorStep(props: SecondFactorStepProps) {
  const { stage, form, usesRecoveryCode } = props;
  const inputRef = useRef<InputRef>(null);
  // The step replaces the password form: the cursor goes where the next thing is typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs when the input shown changes
  useEffect(() => {
    inputRef.current?.focus();
  }, [usesRecoveryCode]);

  return (
    <Form form={form} name="console-totp" size="large" requiredMark={false} layout="vertical" onFinish={props.onFinish}>
      <h2 className="console-login__title">{stage.kind === 'setup' ? '绑定身份验证器' : '身份验证'}</h2>
      <p className="console-login__account">
        登录名：<strong>{stage.loginName}</strong>
      </p>
      {stage.kind === 'setup' ? <TotpSetupCard challenge={stage.challenge} /> : null}
      {usesRecoveryCode ? (
        <Form.Item
          name="recoveryCode"
          label="恢复码"
          rules={[{ required: true, whitespace: true, message: MSG.staffSecondFactorMissing }]}
        >
          <Input ref={inputRef} prefix={<KeyOutlined />} autoComplete="off" spellCheck={false} maxLength={32} />
        </Form.Item>
      ) : (
        <Form.Item
          name="code"
          label="动态验证码"
          extra="打开身份验证器应用，输入显示的6位数字"
          rules={totpCodeRules}
          normalize={(value: string) => value.replace(/\D/g, '')}
        >
          <Input
            ref={inputRef}
            prefix={<SafetyOutlined />}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={TOTP_CODE_LENGTH}
            placeholder="6位数字"
            className="console-login__code"
          />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block loading={props.isSubmitting}>
        登录
      </Button>
      <div className="console-login__links">
        <Button type="link" onClick={props.onBack}>
          返回上一步
        </Button>
        {stage.kind === 'totp' ? (
          <Button type="link" onClick={props.onToggleRecovery}>
            {usesRecoveryCode ? '使用动态验证码' : '使用恢复码'}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
