// The member centre's left menu: one entry per page, in the order shown. Adding a page is one line here
// (and its route in router.tsx). `matches` lists further path prefixes that light the entry up.
// Only pages that exist are listed; a group without entries is not shown.

export type MemberMenuItem = { label: string; path: string; group: MemberMenuGroup; matches?: string[] };
export type MemberMenuGroup = '订单中心' | '我的资产' | '健康档案' | '账户设置';

const GROUP_ORDER: MemberMenuGroup[] = ['订单中心', '我的资产', '健康档案', '账户设置'];

export const MEMBER_MENU: MemberMenuItem[] = [
  {
    group: '订单中心',
    label: '我的订单',
    path: '/user/order/mine/all',
    matches: ['/user/order/mine', '/user/order/detail', '/user/order/evaluate'],
  },
  { group: '订单中心', label: '我的发票', path: '/user/personal/invoice' },
  {
    group: '我的资产',
    label: '我的健康补贴',
    path: '/user/account/coupon',
    matches: ['/user/account/couponRule'],
  },
  { group: '我的资产', label: '健康币', path: '/user/account/coin' },
  { group: '我的资产', label: '我的收藏', path: '/user/order/collect' },
  { group: '我的资产', label: '缺货登记', path: '/user/order/drug' },
  { group: '健康档案', label: '用药人管理', path: '/user/patientInfo' },
  { group: '账户设置', label: '收货地址', path: '/user/personal/address' },
  { group: '账户设置', label: '个人资料', path: '/user/personal/addInfo/info', matches: ['/user/personal/addInfo'] },
  { group: '账户设置', label: '账户安全', path: '/user/personal/safe', matches: ['/user/account/delete'] },
];

/** The groups that have entries, in their order. */
export const MEMBER_MENU_GROUPS = GROUP_ORDER.filter((group) => MEMBER_MENU.some((item) => item.group === group));

/** The entry whose page (or one of its sub-pages) is open. */
export function findActiveMenuItem(pathname: string): MemberMenuItem | undefined {
  const isUnder = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  return MEMBER_MENU.find((item) => isUnder(item.path) || (item.matches ?? []).some(isUnder));
}
