// The operator console's roles and permissions (docs/CONSOLE.md), shared by the console pages (which hide what a
// role cannot do) and the server (which decides, one check per console route). Zod-free: the pages read it
// before any form.

export const STAFF_ROLES = ['pharmacist', 'service', 'warehouse', 'operations', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_NAME: Record<StaffRole, string> = {
  pharmacist: '药师',
  service: '客服',
  warehouse: '仓库',
  operations: '运营',
  admin: '管理员',
};

export const STAFF_PERMISSIONS = [
  'rx.review',
  'rx.links',
  'rx.settings',
  'orders.read',
  'orders.refund',
  'orders.refund.unlimited',
  'orders.ship',
  'orders.logistics',
  'orders.deliver',
  'orders.split',
  'aftersale.review',
  'guest.links',
  'reservations.read',
  'chat.agent',
  'assets.coupons',
  'assets.coins',
  'mall.config',
  'merchants.review',
  'catalogue.stock',
  'staff.manage',
  'audit.read',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/** What each role may do; the admin may do everything. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  // chat.agent: a pharmacist answers the drug questions of the chat (its pharmacist queue, docs/CHAT.md).
  pharmacist: ['rx.review', 'rx.links', 'rx.settings', 'orders.read', 'chat.agent'],
  // aftersale.review: 客服 decides the members' after-sale requests (docs/AFTERSALE.md).
  service: ['orders.read', 'orders.refund', 'aftersale.review', 'guest.links', 'reservations.read', 'chat.agent'],
  warehouse: ['orders.read', 'orders.ship', 'orders.logistics', 'orders.deliver', 'orders.split'],
  operations: ['assets.coupons', 'assets.coins', 'mall.config', 'merchants.review', 'catalogue.stock', 'orders.read'],
  admin: STAFF_PERMISSIONS,
};

/** A refund above this many cents needs `orders.refund.unlimited` (the admin); `orders.refund` goes up to it. */
export const REFUND_LIMIT_CENTS = 50_000;

/** The permissions of someone holding these roles: their union, in the order of STAFF_PERMISSIONS. */
export function permissionsOf(roles: readonly StaffRole[]): StaffPermission[] {
  const granted = new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role]));
  return STAFF_PERMISSIONS.filter((permission) => granted.has(permission));
}

/** 药师、客服 for ['pharmacist', 'service']. */
export function roleNamesOf(roles: readonly StaffRole[]): string {
  return roles.map((role) => STAFF_ROLE_NAME[role]).join('、');
}
