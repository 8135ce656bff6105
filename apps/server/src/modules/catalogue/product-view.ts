import { productClassName, productImagePath } from '@anxin/shared/catalogue/catalogue';
import type { ProductDetail, ProductView } from '@anxin/shared/catalogue/catalogue.contract';
import { API_PREFIX } from '../../platform/http.ts';
import type { ProductRow } from './catalogue.schema.ts';

/** The package image the project draws for a product (product-image.ts); order lines keep this URL too. */
export const productImageUrl = (productCode: string) => `${API_PREFIX}${productImagePath(productCode)}`;

export function toProductView(row: ProductRow): ProductView {
  return {
    productCode: row.productCode,
    productName: row.name,
    commonTitle: row.commonTitle,
    packing: row.packing,
    price: row.price,
    prescriptionType: row.prescriptionType,
    stockStatus: row.stockStatus,
    classCode: row.classCode,
    className: productClassName(row.classCode) ?? '',
    manufacturer: row.manufacturer,
    productImageUrl: productImageUrl(row.productCode),
  };
}

export function toProductDetail(row: ProductRow): ProductDetail {
  return { ...toProductView(row), description: row.description };
}
