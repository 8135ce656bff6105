// The public file of this feature: what other features import from it (docs/ARCHITECTURE.md, web boundaries).
export { inquiryUrlFor, usePayNow } from './api/pay-now.ts';
