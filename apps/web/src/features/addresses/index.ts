// The public file of this feature: what other features import from it (docs/ARCHITECTURE.md, web boundaries).
export { addressesQueryOptions } from './api/get-addresses.ts';
export { RegionCascader } from './components/region-cascader.tsx';
