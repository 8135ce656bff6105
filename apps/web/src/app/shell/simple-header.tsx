import { BrandLogo } from './brand-logo.tsx';

/** The header of the sign-in pages: logo and the page's title. */
export function SimpleHeader({ title }: { title?: string }) {
  return (
    <header className="simple-header">
      <div className="container simple-header__inner">
        <BrandLogo />
        {title ? <h1 className="simple-header__title">{title}</h1> : null}
        <span className="simple-header__hotline">客服热线：400-600-1212</span>
      </div>
    </header>
  );
}
