// The operator console's pages (docs/CONSOLE.md): a script of their own (admin.html, admin-main.tsx), which the
// server sends for every address under /admin; the site's and the guest link's scripts hold none of them.

/** The sign-in page; a console call answered 401 comes back here. */
export const CONSOLE_LOGIN_PAGE = '/admin/login';

/** Whether a page address belongs to the console: /admin and everything under it. */
export function isConsolePage(pathname: string): boolean {
  return /^\/admin(\/|$)/.test(pathname);
}
