import { describe, expect, it } from 'vitest';
import { findActiveMenuItem, MEMBER_MENU, MEMBER_MENU_GROUPS } from './member-menu.ts';

describe('member menu', () => {
  it('lists the member pages that exist, in the documented order, and only groups that have entries', () => {
    expect(MEMBER_MENU.map((item) => item.label)).toEqual([
      '我的订单',
      '我的售后',
      '我的发票',
      '我的健康补贴',
      '健康币',
      '我的收藏',
      '缺货登记',
      '用药人管理',
      '收货地址',
      '个人资料',
      '账户安全',
    ]);
    expect(MEMBER_MENU_GROUPS).toEqual(['订单中心', '我的资产', '健康档案', '账户设置']);
  });

  it.each([
    ['/user/order/mine/waitPay', '我的订单'],
    ['/user/order/detail/A123', '我的订单'],
    ['/user/personal/addInfo/phone', '个人资料'],
    ['/user/account/delete', '账户安全'],
    ['/user/patientInfo', '用药人管理'],
    ['/user/patientInfo/edit/12', '用药人管理'],
    ['/user/account/coupon', '我的健康补贴'],
    ['/user/account/couponRule', '我的健康补贴'],
    ['/user/account/coin', '健康币'],
    ['/user/order/collect', '我的收藏'],
    ['/user/order/drug', '缺货登记'],
    ['/user/aftersale/SH2026112900000001', '我的售后'],
    ['/user/aftersale/apply/AX2026112900000001', '我的售后'],
  ])('lights up the entry of %s', (pathname, label) => {
    expect(findActiveMenuItem(pathname)?.label).toBe(label);
  });

  it('lights up nothing on the member home or a look-alike path', () => {
    expect(findActiveMenuItem('/user')).toBeUndefined();
    expect(findActiveMenuItem('/user/account/coinage')).toBeUndefined();
  });
});
