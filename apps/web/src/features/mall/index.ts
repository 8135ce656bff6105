// The public file of this feature: what other features import from it (docs/ARCHITECTURE.md, web boundaries).

export { useMallConfig } from './api/get-mall-config.ts';
export { requestCallback } from './api/request-callback.ts';
