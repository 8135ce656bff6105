import { CustomerServiceOutlined, SafetyCertificateFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../../app/shell/brand-logo.tsx';
import { useGuestPayPaths } from '../lib/guest-pay-paths.ts';
import '../guest-pay.css';

/** The customer-service line printed on the guest pages (the order was placed by that service). */
export const GUEST_HOTLINE = '400-600-1212';

type GuestPayFrameProps = { title: string; children: ReactNode };

/**
 * The frame of the guest payment pages: the brand, the page's title, the page, and the 24-hour hotline. The
 * same pages serve desktop and phone: under /m/ (where the entry page sends a phone's browser) the frame is
 * the mobile one, full width with touch-sized controls; the desktop frame keeps the site's layout.
 */
export function GuestPayFrame({ title, children }: GuestPayFrameProps) {
  const { isMobile } = useGuestPayPaths();
  return (
    <div className={`guest-pay ${isMobile ? 'guest-pay--mobile' : 'guest-pay--desktop'}`}>
      <header className="guest-pay__header">
        <div className="guest-pay__header-inner">
          <BrandLogo />
          <h1 className="guest-pay__title">{title}</h1>
          <span className="guest-pay__trust">
            <SafetyCertificateFilled /> 正品药房 · 药师审核
          </span>
        </div>
      </header>
      <main className="guest-pay__main">{children}</main>
      <footer className="guest-pay__footer">
        <CustomerServiceOutlined />
        <span>
          24小时客服热线：<a href={`tel:${GUEST_HOTLINE.replaceAll('-', '')}`}>{GUEST_HOTLINE}</a>
        </span>
      </footer>
    </div>
  );
}
