import { productClassName } from '@anxin/shared/catalogue/catalogue';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { CATALOGUE_PRODUCTS } from './catalogue.data.ts';
import { products } from './catalogue.schema.ts';

type AgeBan = { forbiddenAgeLess: number | null; forbiddenAgeGreater: number | null };

/**
 * The age bans of the prescription products: the inquiry refuses a patient younger than
 * `forbiddenAgeLess` or older than `forbiddenAgeGreater` years. Taken from the usual package-insert limits
 * (adult-only drugs 18; aspirin under 16 for Reye's syndrome; metformin from 10; montelukast 10 mg tablets
 * from 15; oseltamivir from 1; mometasone cream from 2). Products not listed, and every ban not given, are
 * null: no ban. No product here has an upper limit.
 */
export const PRODUCT_AGE_BANS: Readonly<Record<string, AgeBan>> = {
  '1000203': { forbiddenAgeLess: 18, forbiddenAgeGreater: null }, // 奥美拉唑肠溶胶囊
  '1000401': { forbiddenAgeLess: 18, forbiddenAgeGreater: null }, // 苯磺酸氨氯地平片
  '1000402': { forbiddenAgeLess: 10, forbiddenAgeGreater: null }, // 盐酸二甲双胍片
  '1000403': { forbiddenAgeLess: 18, forbiddenAgeGreater: null }, // 阿托伐他汀钙片
  '1000404': { forbiddenAgeLess: 18, forbiddenAgeGreater: null }, // 厄贝沙坦片
  '1000405': { forbiddenAgeLess: 16, forbiddenAgeGreater: null }, // 阿司匹林肠溶片
  '1000406': { forbiddenAgeLess: 18, forbiddenAgeGreater: null }, // 格列美脲片
  '1000407': { forbiddenAgeLess: 18, forbiddenAgeGreater: null }, // 硝苯地平控释片
  '1000501': { forbiddenAgeLess: 2, forbiddenAgeGreater: null }, // 糠酸莫米松乳膏
  '1000604': { forbiddenAgeLess: 18, forbiddenAgeGreater: null }, // 左氧氟沙星片
  '1000701': { forbiddenAgeLess: 1, forbiddenAgeGreater: null }, // 磷酸奥司他韦胶囊
  '1000702': { forbiddenAgeLess: 15, forbiddenAgeGreater: null }, // 孟鲁司特钠片 10mg
};

/**
 * Loads the catalogue every install needs. Idempotent: a product already present is left as it is (an
 * operator's price or stock change survives a restart), except that an age ban it does not have yet (null,
 * as in a database from before the column) is filled in from PRODUCT_AGE_BANS. The class name joins the
 * search words, so the home page's class shortcuts (感冒发烧, 维生素钙…) find their products.
 */
export async function loadCatalogue(db: Executor) {
  const rows = CATALOGUE_PRODUCTS.map((product) => ({
    ...product,
    keywords: [productClassName(product.classCode), product.keywords].filter(Boolean).join(' '),
    forbiddenAgeLess: PRODUCT_AGE_BANS[product.productCode]?.forbiddenAgeLess ?? null,
    forbiddenAgeGreater: PRODUCT_AGE_BANS[product.productCode]?.forbiddenAgeGreater ?? null,
  }));
  await db
    .insert(products)
    .values(rows)
    .onConflictDoUpdate({
      target: products.productCode,
      set: {
        forbiddenAgeLess: sql`coalesce(${products.forbiddenAgeLess}, excluded.forbidden_age_less)`,
        forbiddenAgeGreater: sql`coalesce(${products.forbiddenAgeGreater}, excluded.forbidden_age_greater)`,
      },
      setWhere: sql`(${products.forbiddenAgeLess} is null and excluded.forbidden_age_less is not null)
        or (${products.forbiddenAgeGreater} is null and excluded.forbidden_age_greater is not null)`,
    });
}
