/** The pharmacist's review screen of an order. */
export const reviewPath = (ordersCode: string) => `/admin/rx/${encodeURIComponent(ordersCode)}`;
