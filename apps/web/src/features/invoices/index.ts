// The public file of this feature: what other features import from it (docs/ARCHITECTURE.md, web boundaries).
export { SettleInvoice, useSettleInvoice } from './components/settle-invoice.tsx';
