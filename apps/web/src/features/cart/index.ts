// The public file of this feature: what other features import from it (docs/ARCHITECTURE.md, web boundaries).
export { useAddCartItems } from './api/add-cart-items.ts';
export { useCart } from './api/get-cart.ts';
