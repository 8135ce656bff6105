/** `GET /v2/products/{code}`: the product with its description (a file of its own, for the main script). */
export function productPath(productCode: string): string {
  return `/v2/products/${encodeURIComponent(productCode)}`;
}
