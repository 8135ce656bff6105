import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useSiteFlags } from '../api/get-site-flags.ts';
import { AuthFrame } from '../components/auth-frame.tsx';
import { AuthHotline } from '../components/auth-hotline.tsx';
import { LoginSwitchLink } from '../components/login-switch-link.tsx';
import { LoginTabs } from '../components/login-tabs.tsx';
import { SmsLoginForm } from '../components/sms-login-form.tsx';
import { ThirdPartyLogin } from '../components/third-party-login.tsx';

type LoginTab = { key: 'sms' | 'password' | 'qr'; label: string; render: () => ReactNode };

// The SMS tab opens first; the other two are their own script parts, fetched when the pointer or the
// keyboard first reaches the tabs (or when one is opened, e.g. by ?qr links).
const loadPasswordLoginForm = () => import('../components/password-login-form.tsx');
const loadQrLoginPanel = () => import('../components/qr-login-panel.tsx');
const PasswordLoginForm = lazy(async () => ({ default: (await loadPasswordLoginForm()).PasswordLoginForm }));
const QrLoginPanel = lazy(async () => ({ default: (await loadQrLoginPanel()).QrLoginPanel }));
const preloadOtherTabs = () => {
  void loadPasswordLoginForm();
  void loadQrLoginPanel();
};

/**
 * The tabs of the login card, in this order: 短信登录 · 密码登录 · 扫码登录. The password tab is
 * shown only when the username-password flag equals 1 (GET /v2/mall/site-flags).
 */
const LOGIN_TABS: LoginTab[] = [
  { key: 'sms', label: '短信登录', render: () => <SmsLoginForm /> },
  {
    key: 'password',
    label: '密码登录',
    render: () => (
      <Suspense fallback={null}>
        <PasswordLoginForm />
      </Suspense>
    ),
  },
  {
    key: 'qr',
    label: '扫码登录',
    render: () => (
      <Suspense fallback={null}>
        <QrLoginPanel />
      </Suspense>
    ),
  },
];

export function LoginPage() {
  const isPasswordLoginEnabled = useSiteFlags().data?.passwordLoginEnabled === true;
  const tabs = LOGIN_TABS.filter((tab) => tab.key !== 'password' || isPasswordLoginEnabled);
  const [activeKey, setActiveKey] = useState<LoginTab['key']>('sms');
  return (
    <AuthFrame>
      <LoginSwitchLink
        isQrActive={activeKey === 'qr'}
        onSwitch={() => setActiveKey(activeKey === 'qr' ? 'sms' : 'qr')}
      />
      <LoginTabs
        items={tabs.map((tab) => ({ key: tab.key, label: tab.label, children: tab.render() }))}
        activeKey={activeKey}
        onChange={setActiveKey}
        onApproach={preloadOtherTabs}
      />
      <ThirdPartyLogin />
      <div className="auth-card__links">
        <Link to="/user/register">免费注册</Link>
        <Link to="/user/account/password/forget">忘记密码</Link>
      </div>
      <AuthHotline />
    </AuthFrame>
  );
}
