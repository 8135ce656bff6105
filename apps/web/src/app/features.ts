// The site's features with pages: one line each. A feature declares its pages and member menu entries in its own
// routes.ts (lib/feature-routes.ts); the route table (router.tsx) and the member centre's menu
// (shell/member-menu.ts) are built from this list. The guest link's pages are a build of their own
// (guest-router.tsx).
export { routes as accountDeletion } from '../features/account-deletion/routes.ts';
export { routes as addresses } from '../features/addresses/routes.ts';
export { routes as aftersale } from '../features/aftersale/routes.ts';
export { routes as agreement } from '../features/agreement/routes.ts';
export { routes as assets } from '../features/assets/routes.ts';
export { routes as auth } from '../features/auth/routes.ts';
export { routes as bindPhone } from '../features/bind-phone/routes.ts';
export { routes as cart } from '../features/cart/routes.ts';
export { routes as catalogue } from '../features/catalogue/routes.ts';
export { routes as checkout } from '../features/checkout/routes.ts';
export { routes as dev } from '../features/dev/routes.ts';
export { routes as favorites } from '../features/favorites/routes.ts';
export { routes as inquiry } from '../features/inquiry/routes.ts';
export { routes as invoices } from '../features/invoices/routes.ts';
export { routes as memberHome } from '../features/member-home/routes.ts';
export { routes as merchants } from '../features/merchants/routes.ts';
export { routes as orders } from '../features/orders/routes.ts';
export { routes as password } from '../features/password/routes.ts';
export { routes as patients } from '../features/patients/routes.ts';
export { routes as profile } from '../features/profile/routes.ts';
export { routes as qr } from '../features/qr/routes.ts';
export { routes as reservations } from '../features/reservations/routes.ts';
export { routes as safety } from '../features/safety/routes.ts';
export { routes as sandbox } from '../features/sandbox/routes.ts';
export { routes as sandboxOauth } from '../features/sandbox-oauth/routes.ts';
export { routes as storefront } from '../features/storefront/routes.ts';
