import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages and member menu entries (lib/feature-routes.ts; registered in app/features.ts).
export const routes: FeatureRoutes = {
  pages: [
    {
      path: '/user/account/coupon',
      layout: 'member',
      title: '我的健康补贴',
      page: () => import('./pages/coupon-page.tsx').then((m) => m.CouponPage),
    },
    {
      path: '/user/account/couponRule',
      layout: 'member',
      title: '补贴使用规则',
      page: () => import('./pages/coupon-rule-page.tsx').then((m) => m.CouponRulePage),
    },
    {
      path: '/user/account/coin',
      layout: 'member',
      title: '健康币',
      page: () => import('./pages/coin-page.tsx').then((m) => m.CoinPage),
    },
  ],
  memberMenu: [
    {
      group: '我的资产',
      label: '我的健康补贴',
      path: '/user/account/coupon',
      order: 30,
      matches: ['/user/account/couponRule'],
    },
    { group: '我的资产', label: '健康币', path: '/user/account/coin', order: 40 },
  ],
};
