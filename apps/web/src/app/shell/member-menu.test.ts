import { describe, expect, it } from 'vitest';
import { findActiveMenuItem, MEMBER_MENU, MEMBER_MENU_GROUPS } from './member-menu.ts';

describe('member menu', () => {
  it('lists the ten member pages in the documented order', () => {
    expect(MEMBER_MENU.map((item) => item.label)).toEqual([
      '我的订单',
      '我的收藏',
      '药品登记',
      '我的健康补贴',
      '健康币',
      '用药人',
      '收货地址',
      '个人资料',
      '账户安全',
      '我的发票',
    ]);
    for (const item of MEMBER_MENU) expect(MEMBER_MENU_GROUPS).toContain(item.group);
  });

  it.each([
    ['/user/order/mine/waitPay', '我的订单'],
    ['/user/order/detail/A123', '我的订单'],
    ['/user/personal/addInfo/phone', '个人资料'],
    ['/user/account/delete', '账户安全'],
    ['/user/patientInfo/edit/3', '用药人'],
    ['/user/account/coupon', '我的健康补贴'],
  ])('lights up the entry of %s', (pathname, label) => {
    expect(findActiveMenuItem(pathname)?.label).toBe(label);
  });

  it('lights up nothing on the member home or a look-alike path', () => {
    expect(findActiveMenuItem('/user')).toBeUndefined();
    expect(findActiveMenuItem('/user/account/coinage')).toBeUndefined();
  });
});
