import { Tabs } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useSiteFlags } from '../api/get-site-flags.ts';
import { AuthFrame } from '../components/auth-frame.tsx';
import { LoginSwitchLink } from '../components/login-switch-link.tsx';
import { PasswordLoginForm } from '../components/password-login-form.tsx';
import { QrLoginPanel } from '../components/qr-login-panel.tsx';
import { SmsLoginForm } from '../components/sms-login-form.tsx';
import { ThirdPartyLogin } from '../components/third-party-login.tsx';

type LoginTab = { key: 'sms' | 'password' | 'qr'; label: string; render: () => ReactNode };

/**
 * The tabs of the login card (A §2), in this order: 短信登录 · 密码登录 · 扫码登录. The password tab is
 * shown only when the username-password flag equals 1 (GET /v2/mall/site-flags).
 */
const LOGIN_TABS: LoginTab[] = [
  { key: 'sms', label: '短信登录', render: () => <SmsLoginForm /> },
  { key: 'password', label: '密码登录', render: () => <PasswordLoginForm /> },
  { key: 'qr', label: '扫码登录', render: () => <QrLoginPanel /> },
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
      <Tabs
        className="login-tabs"
        size="large"
        activeKey={activeKey}
        onChange={(key) => setActiveKey(key as LoginTab['key'])}
        items={tabs.map((tab) => ({ key: tab.key, label: tab.label, children: tab.render() }))}
      />
      <ThirdPartyLogin />
      <div className="auth-card__links">
        <Link to="/user/register">免费注册</Link>
        <Link to="/user/account/password/forget">忘记密码</Link>
      </div>
      <p className="auth-card__hotline">客服热线：400-600-1212</p>
    </AuthFrame>
  );
}
