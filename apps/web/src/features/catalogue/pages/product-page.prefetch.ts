import type { Params } from 'react-router';
import { startEarlyGet } from '../../../lib/api-client.ts';
import { productPath } from '../api/product-path.ts';

/**
 * The product page's data, asked for as the script starts (the route's `prefetch`, app/router.tsx), while the
 * page's parts download: its picture, the largest thing it paints, waits for it.
 */
export function prefetchProductPage({ code }: Params): void {
  if (code) startEarlyGet(productPath(code));
}
