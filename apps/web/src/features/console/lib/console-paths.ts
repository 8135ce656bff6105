/** The console's page of an order. */
export const orderPath = (ordersCode: string) => `/admin/orders/${encodeURIComponent(ordersCode)}`;

/** The pharmacist's review screen of an order. */
export const reviewPath = (ordersCode: string) => `/admin/rx/${encodeURIComponent(ordersCode)}`;
