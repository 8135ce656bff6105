import type { Favorite } from '@anxin/shared/favorites/favorites.contract';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import type { ProductRow } from '../catalogue/catalogue.module.ts';
import { findProduct, productImageUrl } from '../catalogue/catalogue.module.ts';
import { findMemberFavoriteByProduct, insertFavorite } from './favorites.repository.ts';
import type { FavoriteRow } from './favorites.schema.ts';

export function toFavorite(favorite: FavoriteRow, product: ProductRow): Favorite {
  return {
    id: favorite.id,
    productCode: product.productCode,
    productName: product.name,
    productImageUrl: productImageUrl(product.productCode),
    packing: product.packing,
    jkPrice: product.price,
    prescriptionType: product.prescriptionType,
    classCode: product.classCode,
    productStatusType: product.stockStatus,
    createdAt: favorite.createdAt.toISOString(),
  };
}

export function createFavoriteService({ db, clock }: { db: Database; clock: Clock }) {
  return {
    /**
     * Keeps a product among the member's favourites. A product already kept stays one favourite: the same row
     * is answered with `isNew` false (the unique key settles two parallel 收藏 the same way). Unknown product: 404.
     */
    async add(memberId: number, productCode: string) {
      const now = clock.now();
      const product = await findProduct(db, productCode);
      if (!product) throw notFound();
      const created = await insertFavorite(db, { memberId, productCode, createdAt: now });
      const favorite = created ?? (await findMemberFavoriteByProduct(db, memberId, productCode));
      if (!favorite) throw notFound();
      return { favorite: toFavorite(favorite, product), isNew: Boolean(created) };
    },
  };
}
