// The public file of this feature: what other features import from it (docs/ARCHITECTURE.md, web boundaries).
export { GiftBanner } from './components/gift-banner.tsx';
export { SettleCoins } from './components/settle-coins.tsx';
export { SettleCouponPicker } from './components/settle-coupon-picker.tsx';
