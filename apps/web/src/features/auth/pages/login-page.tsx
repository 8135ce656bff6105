import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AuthFrame } from '../components/auth-frame.tsx';
import { SmsLoginForm } from '../components/sms-login-form.tsx';

type LoginTab = { key: 'sms' | 'password' | 'qr'; label: string; render: () => ReactNode };

/**
 * The tabs of the login card (A §2), in this order: 短信登录 · 密码登录 · 扫码登录. Only the SMS tab
 * exists so far; the password tab (shown only when the username-password flag equals 1) and the QR
 * tab are added here as one entry each.
 */
const LOGIN_TABS: LoginTab[] = [{ key: 'sms', label: '短信登录', render: () => <SmsLoginForm /> }];

export function LoginPage() {
  return (
    <AuthFrame>
      <Tabs
        className="login-tabs"
        size="large"
        defaultActiveKey={LOGIN_TABS[0]?.key}
        items={LOGIN_TABS.map((tab) => ({ key: tab.key, label: tab.label, children: tab.render() }))}
      />
      <div className="auth-card__links">
        <Link to="/user/register">免费注册</Link>
        <Link to="/user/account/password/forget">忘记密码</Link>
      </div>
      <p className="auth-card__hotline">客服热线：400-600-1212</p>
    </AuthFrame>
  );
}
