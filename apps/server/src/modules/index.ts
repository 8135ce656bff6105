import type { ModuleDescriptor } from '../platform/module-descriptor.ts';
import { platformDescriptor } from '../platform/platform.module.ts';
import { accountDescriptor } from './account/account.module.ts';
import { accountClosureDescriptor } from './account-closure/account-closure.module.ts';
import { addressesDescriptor } from './addresses/addresses.module.ts';
import { afterSaleDescriptor } from './aftersale/aftersale.module.ts';
import { assetsDescriptor } from './assets/assets.module.ts';
import { auditDescriptor } from './audit/audit.module.ts';
import { authDescriptor } from './auth/auth.module.ts';
import { bindPhoneDescriptor } from './bind-phone/bind-phone.module.ts';
import { cartDescriptor } from './cart/cart.module.ts';
import { catalogueDescriptor } from './catalogue/catalogue.module.ts';
import { chatDescriptor } from './chat/chat.module.ts';
import { checkoutDescriptor } from './checkout/checkout.module.ts';
import { dashboardDescriptor } from './dashboard/dashboard.module.ts';
import { diseasesDescriptor } from './diseases/diseases.module.ts';
import { favoritesDescriptor } from './favorites/favorites.module.ts';
import { guestPayDescriptor } from './guest-pay/guest-pay.module.ts';
import { healthDescriptor } from './health/health.module.ts';
import { inquiryDescriptor } from './inquiry/inquiry.module.ts';
import { invoicesDescriptor } from './invoices/invoices.module.ts';
import { mallDescriptor } from './mall/mall.module.ts';
import { merchantsDescriptor } from './merchants/merchants.module.ts';
import { ordersDescriptor } from './orders/orders.module.ts';
import { passwordDescriptor } from './password/password.module.ts';
import { passwordCheckDescriptor } from './password-check/password-check.module.ts';
import { passwordLoginDescriptor } from './password-login/password-login.module.ts';
import { patientsDescriptor } from './patients/patients.module.ts';
import { paymentsDescriptor } from './payments/payments.module.ts';
import { profileDescriptor } from './profile/profile.module.ts';
import { protocolsDescriptor } from './protocols/protocols.module.ts';
import { qrLoginDescriptor } from './qr-login/qr-login.module.ts';
import { regionsDescriptor } from './regions/regions.module.ts';
import { reservationsDescriptor } from './reservations/reservations.module.ts';
import { sessionsDescriptor } from './sessions/sessions.module.ts';
import { staffDescriptor } from './staff/staff.module.ts';
import { thirdPartyDescriptor } from './third-party/third-party.module.ts';
import { uploadsDescriptor } from './uploads/uploads.module.ts';

/**
 * Every module of the server, the one line a new module adds: the app registers their routes, and seeds and
 * reference data run in this order (the demo member first). Only the app's edges (app.ts, db/, ops/) import
 * this file; a module reads the list through `AppServices.modules`.
 */
export function listModules(): readonly ModuleDescriptor[] {
  return [
    healthDescriptor,
    auditDescriptor,
    accountDescriptor,
    profileDescriptor,
    addressesDescriptor,
    passwordLoginDescriptor,
    passwordCheckDescriptor,
    protocolsDescriptor,
    regionsDescriptor,
    catalogueDescriptor,
    ordersDescriptor,
    diseasesDescriptor,
    patientsDescriptor,
    inquiryDescriptor,
    guestPayDescriptor,
    cartDescriptor,
    checkoutDescriptor,
    assetsDescriptor,
    invoicesDescriptor,
    favoritesDescriptor,
    reservationsDescriptor,
    paymentsDescriptor,
    authDescriptor,
    accountClosureDescriptor,
    qrLoginDescriptor,
    thirdPartyDescriptor,
    uploadsDescriptor,
    merchantsDescriptor,
    bindPhoneDescriptor,
    passwordDescriptor,
    sessionsDescriptor,
    staffDescriptor,
    dashboardDescriptor,
    mallDescriptor,
    chatDescriptor,
    afterSaleDescriptor,
    platformDescriptor,
  ];
}

/**
 * Subscribes every module to the events of the modules below it (the order's moves…). Called wherever orders
 * can move: the app as it is built, the demo seed and the command line on the database; again is harmless.
 */
export function subscribeModules() {
  for (const module of listModules()) module.subscribe?.();
}
