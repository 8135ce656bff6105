// The public file of this feature: what other features import from it (docs/ARCHITECTURE.md, web boundaries).
export { useBuyNow } from './api/buy-now.ts';
export { useSettleCart } from './api/settle-cart.ts';
