import { Link } from 'react-router';

/** The green-cross mark of the pharmacy, drawn inline so it needs no request. */
export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <svg className="brand-mark" width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="brand-mark-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1bb56a" />
          <stop offset="1" stopColor="#0d8a4d" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="10" fill="url(#brand-mark-bg)" />
      <path d="M16 8h8v8h8v8h-8v8h-8v-8H8v-8h8z" fill="#fff" />
      <path d="M24 16h8v8h-8z" fill="#d9f5e6" />
    </svg>
  );
}

/**
 * Logo and name, linking to the storefront home; `isLink={false}` where the home is no way out (the guest link's
 * phone pages keep the shopper in the flow).
 */
export function BrandLogo({ isLink = true }: { isLink?: boolean }) {
  const content = (
    <>
      <BrandMark />
      <span className="brand-logo__text">
        <span className="brand-logo__name">安心大药房</span>
        <span className="brand-logo__tagline">ANXIN PHARMACY</span>
      </span>
      {isLink ? <span className="visually-hidden">首页</span> : null}
    </>
  );
  if (!isLink) return <span className="brand-logo">{content}</span>;
  return (
    <Link to="/" className="brand-logo">
      {content}
    </Link>
  );
}
