// The public file of this feature: what other features import from it (docs/ARCHITECTURE.md, web boundaries).
export { ApplyAfterSaleButton, OrderAfterSales } from './components/order-aftersale.tsx';
