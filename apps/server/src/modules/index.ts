import type { MemberTable, ModuleDescriptor } from '../platform/module-descriptor.ts';
import { platformDescriptor } from '../platform/platform.module.ts';
import { accountDescriptor } from './account/account.module.ts';
import { accountClosureDescriptor } from './account-closure/account-closure.module.ts';
import { addressesDescriptor } from './addresses/addresses.module.ts';
import { assetsDescriptor } from './assets/assets.module.ts';
import { authDescriptor } from './auth/auth.module.ts';
import { cartDescriptor } from './cart/cart.module.ts';
import { catalogueDescriptor } from './catalogue/catalogue.module.ts';
import { checkoutDescriptor } from './checkout/checkout.module.ts';
import { diseasesDescriptor } from './diseases/diseases.module.ts';
import { favoritesDescriptor } from './favorites/favorites.module.ts';
import { guestPayDescriptor } from './guest-pay/guest-pay.module.ts';
import { inquiryDescriptor } from './inquiry/inquiry.module.ts';
import { invoicesDescriptor } from './invoices/invoices.module.ts';
import { merchantsDescriptor } from './merchants/merchants.module.ts';
import { ordersDescriptor } from './orders/orders.module.ts';
import { passwordLoginDescriptor } from './password-login/password-login.module.ts';
import { patientsDescriptor } from './patients/patients.module.ts';
import { paymentsDescriptor } from './payments/payments.module.ts';
import { profileDescriptor } from './profile/profile.module.ts';
import { protocolsDescriptor } from './protocols/protocols.module.ts';
import { qrLoginDescriptor } from './qr-login/qr-login.module.ts';
import { regionsDescriptor } from './regions/regions.module.ts';
import { reservationsDescriptor } from './reservations/reservations.module.ts';
import { thirdPartyDescriptor } from './third-party/third-party.module.ts';
import { uploadsDescriptor } from './uploads/uploads.module.ts';

/**
 * Every module that owns tables, seeds demo data or loads reference data, in the order seeds and reference
 * data run (the demo member first). A new module with any of these adds its descriptor here.
 * A function, read when called: the closure job and the account merge import this file, and modules import
 * their doors, so in that import cycle a descriptor may not be initialised yet while this file loads.
 */
export function listModules(): readonly ModuleDescriptor[] {
  return [
    accountDescriptor,
    profileDescriptor,
    addressesDescriptor,
    passwordLoginDescriptor,
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
    platformDescriptor,
  ];
}

/** Every decision about a member-owned table, across modules. */
export function listMemberTables(): MemberTable[] {
  return listModules().flatMap((module) => module.memberTables ?? []);
}
