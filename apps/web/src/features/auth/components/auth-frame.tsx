import { EyeInvisibleOutlined, MedicineBoxOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import './auth-frame.css';

const BANNER_POINTS = [
  { icon: <SafetyCertificateOutlined />, title: '正品保障', text: '正规药房直供，每一盒都可追溯' },
  { icon: <MedicineBoxOutlined />, title: '药师服务', text: '执业药师在线解答用药疑问' },
  { icon: <EyeInvisibleOutlined />, title: '隐私配送', text: '包装不显示药品信息，安心收货' },
];

/** Login and register: the brand banner on the left, the form card on the right. */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <div className="auth-frame">
      <div className="container auth-frame__inner">
        <section className="auth-banner" aria-label="安心大药房">
          <p className="auth-banner__eyebrow">安心大药房 · 网上药店</p>
          <h2 className="auth-banner__slogan">
            <span className="auth-banner__slogan-main">安心购药</span>
            <span className="auth-banner__slogan-sub">正品保障 · 药师服务</span>
          </h2>
          <ul className="auth-banner__points">
            {BANNER_POINTS.map((point) => (
              <li key={point.title}>
                <span className="auth-banner__icon">{point.icon}</span>
                <span>
                  <strong>{point.title}</strong>
                  <small>{point.text}</small>
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section className="auth-card">{children}</section>
      </div>
    </div>
  );
}
