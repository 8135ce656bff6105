import { DesktopOutlined, QrcodeOutlined } from '@ant-design/icons';
import type { MouseEvent } from 'react';
import './login-methods.css';

export type LoginSwitchLinkProps = { isQrActive: boolean; onSwitch: () => void };

/** The link that switches between QR login and SMS/password login (扫码登录 · 短信/密码登录). */
export function LoginSwitchLink({ isQrActive, onSwitch }: LoginSwitchLinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onSwitch();
  };
  return (
    <a href={isQrActive ? '#sms' : '#qr'} className="login-switch-link" onClick={handleClick}>
      {isQrActive ? <DesktopOutlined /> : <QrcodeOutlined />}
      <span>{isQrActive ? '短信/密码登录' : '扫码登录'}</span>
    </a>
  );
}
