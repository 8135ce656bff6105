import { CustomerServiceOutlined, SafetyCertificateFilled } from '@ant-design/icons';
import { GUEST_PAY_TEXT } from '@anxin/shared/guest-pay/guest-pay.constants';
import { hotlineHref } from '@anxin/shared/mall/mall-config.rules';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../../app/shell/brand-logo.tsx';
import { GuestChatButton } from '../../chat/index.ts';
import { useMallConfig } from '../../mall/index.ts';
import { useGuestPayPaths } from '../lib/guest-pay-paths.ts';
import '../guest-pay.css';

/**
 * The 24-hour customer-service line (the order was placed by that service), as a link a phone can dial: the
 * site's one customer-service line, from the mall configuration.
 */
export function GuestHotline() {
  const { hotline } = useMallConfig();
  return (
    <span className="guest-hotline">
      <CustomerServiceOutlined />
      {GUEST_PAY_TEXT.hotline}
      <a href={hotlineHref(hotline)}>{hotline}</a>
    </span>
  );
}

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
          <BrandLogo isLink={!isMobile} />
          <h1 className="guest-pay__title">{title}</h1>
          <span className="guest-pay__trust">
            <SafetyCertificateFilled /> 正品药房 · 执业药师审核
          </span>
        </div>
      </header>
      <main className="guest-pay__main">{children}</main>
      <footer className="guest-pay__footer">
        <GuestHotline />
        <GuestChatButton />
      </footer>
    </div>
  );
}

type GuestOutcomeProps = {
  icon: ReactNode;
  tone?: 'brand' | 'muted' | 'canceled';
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  testId?: string;
};

/** A whole-card outcome: the link timed out or is unknown, the order is paid or cancelled, loading failed. */
export function GuestOutcome({ icon, tone = 'brand', title, text, action, testId }: GuestOutcomeProps) {
  return (
    <section className="guest-card guest-outcome" data-testid={testId}>
      <span className={`guest-outcome__icon guest-outcome__icon--${tone}`}>{icon}</span>
      <h2 className="guest-outcome__title">{title}</h2>
      {text ? <p className="guest-outcome__text">{text}</p> : null}
      {action ? <div className="guest-outcome__actions">{action}</div> : null}
    </section>
  );
}
