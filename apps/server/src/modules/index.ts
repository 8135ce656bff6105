import type { MemberTable, ModuleDescriptor } from '../platform/module-descriptor.ts';
import { platformModule } from '../platform/platform.module.ts';
import { accountModule } from './account/account.module.ts';
import { accountClosureModule } from './account-closure/account-closure.module.ts';
import { addressesModule } from './addresses/addresses.module.ts';
import { authModule } from './auth/auth.module.ts';
import { cartModule } from './cart/cart.module.ts';
import { catalogueModule } from './catalogue/catalogue.module.ts';
import { checkoutModule } from './checkout/checkout.module.ts';
import { ordersModule } from './orders/orders.module.ts';
import { passwordLoginModule } from './password-login/password-login.module.ts';
import { paymentsModule } from './payments/payments.module.ts';
import { profileModule } from './profile/profile.module.ts';
import { protocolsModule } from './protocols/protocols.module.ts';
import { qrLoginModule } from './qr-login/qr-login.module.ts';
import { regionsModule } from './regions/regions.module.ts';
import { thirdPartyModule } from './third-party/third-party.module.ts';
import { uploadsModule } from './uploads/uploads.module.ts';

/**
 * Every module that owns tables, seeds demo data or loads reference data, in the order seeds and reference
 * data run (the demo member first). A new module with any of these adds its descriptor here.
 */
export const MODULES: readonly ModuleDescriptor[] = [
  accountModule,
  profileModule,
  addressesModule,
  passwordLoginModule,
  protocolsModule,
  regionsModule,
  catalogueModule,
  ordersModule,
  cartModule,
  checkoutModule,
  paymentsModule,
  authModule,
  accountClosureModule,
  qrLoginModule,
  thirdPartyModule,
  uploadsModule,
  platformModule,
];

/** Every decision about a member-owned table, across modules. */
export function listMemberTables(): MemberTable[] {
  return MODULES.flatMap((module) => module.memberTables ?? []);
}
