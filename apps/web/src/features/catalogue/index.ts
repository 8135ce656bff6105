// The public file of this feature: what other features import from it (docs/ARCHITECTURE.md, web boundaries).
export { useAddLabel, useProductActions } from './lib/use-product-actions.tsx';
