import { BrandLogo } from './brand-logo.tsx';

/** The header of the sign-in pages: logo and the page's title. */
export function SimpleHeader({ title }: { title?: string }) {
  return (
    <header className="simple-header">
      <div className="container simple-header__inner">
        <BrandLogo />
        {title ? <h1 className="simple-header__title">{title}</h1> : null}
      </div>
    </header>
  );
}
