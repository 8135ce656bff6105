import { productClassName } from '@anxin/shared/catalogue/catalogue';
import type { Executor } from '../../db/client.ts';
import { CATALOGUE_PRODUCTS } from './catalogue.data.ts';
import { products } from './catalogue.schema.ts';

/**
 * Loads the catalogue every install needs. Idempotent: a product already present is left as it is (an
 * operator's price or stock change survives a restart). The class name joins the search words, so the home
 * page's class shortcuts (感冒发烧, 维生素钙…) find their products.
 */
export async function loadCatalogue(db: Executor) {
  const rows = CATALOGUE_PRODUCTS.map((product) => ({
    ...product,
    keywords: [productClassName(product.classCode), product.keywords].filter(Boolean).join(' '),
  }));
  await db.insert(products).values(rows).onConflictDoNothing();
}
