import { LockOutlined, MailOutlined, MobileOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useAccount } from '../../account/index.ts';
import { ActiveSessions, RecentSignIns } from '../components/sign-in-activity.tsx';
import { ThirdBindCallback } from '../components/third-bind-callback.tsx';
import { ThirdPartyBindings } from '../components/third-party-bindings.tsx';
import '../safety.css';

/** d***@anxin.example: the page shows no more of the address than it needs to. */
function maskEmail(email: string) {
  const [name, domain] = email.split('@');
  if (!domain) return '***';
  return `${name.slice(0, 1)}***@${domain}`;
}

type SafetyRow = { key: string; icon: ReactNode; label: string; state: ReactNode; isOk: boolean; action?: ReactNode };

/** /user/personal/safe: phone, e-mail, password and third-party bindings; devices; deletion. */
export function SafetyPage() {
  const account = useAccount();
  const data = account.data;

  const rows: SafetyRow[] = data
    ? [
        {
          key: 'phone',
          icon: <MobileOutlined />,
          label: '手机绑定',
          isOk: Boolean(data.phoneStr),
          state: data.phoneStr ? `已绑定手机 ${data.phoneStr}` : '未绑定手机号，绑定后可使用短信验证码登录',
          action: (
            <Link to="/user/bind/phone/edit">
              <Button>{data.phoneStr ? '修改手机' : '绑定手机'}</Button>
            </Link>
          ),
        },
        {
          key: 'email',
          icon: <MailOutlined />,
          label: '邮箱绑定',
          isOk: Boolean(data.email),
          state: data.email ? `已绑定邮箱 ${maskEmail(data.email)}` : '未绑定邮箱',
        },
        {
          key: 'password',
          icon: <LockOutlined />,
          label: '登录密码',
          isOk: data.hasPassword,
          state: data.hasPassword ? '已设置，建议定期更换密码' : '未设置密码，可使用短信验证码登录',
          action: (
            <Link to="/user/account/password/edit">
              <Button>修改密码</Button>
            </Link>
          ),
        },
      ]
    : [];

  return (
    <div className="safety-page">
      <section className="card safety-card">
        <div className="card__header">
          <h2 className="card__title">账户安全</h2>
        </div>
        {account.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : account.isError ? (
          <p className="card__empty">{getErrorMessage(account.error)}</p>
        ) : (
          <ul className="safety-rows">
            {rows.map((row) => (
              <li key={row.key} className="safety-rows__item" data-testid={`safety-${row.key}`}>
                <span className={`safety-rows__icon${row.isOk ? ' safety-rows__icon--ok' : ''}`}>{row.icon}</span>
                <strong className="safety-rows__label">{row.label}</strong>
                <span className="safety-rows__state">{row.state}</span>
                <span className="safety-rows__action">{row.action}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card safety-card">
        <div className="card__header">
          <h2 className="card__title">第三方账号绑定</h2>
          <span className="card__more">绑定后可使用第三方账号直接登录</span>
        </div>
        <ThirdPartyBindings />
        <ThirdBindCallback />
      </section>

      <ActiveSessions />
      <RecentSignIns />

      <section className="card safety-card safety-close">
        <span className="safety-rows__icon safety-close__icon">
          <UserDeleteOutlined />
        </span>
        <div className="safety-close__text">
          <strong>注销账号</strong>
          <span>注销后，账号的个人信息、收货地址和第三方绑定将被清除，且无法恢复。</span>
        </div>
        <Link to="/user/account/delete">
          <Button danger>注销账号</Button>
        </Link>
      </section>
    </div>
  );
}
