// The product catalogue's codes and rules. Pure data, without zod (catalogue.contract.ts holds the schemas):
// the server's catalogue and the pages read the same names, classes and badges.

/** Prescription type / drug class. 2 and 3 are non-prescription, 4 and 5 prescription. */
export const PRESCRIPTION_TYPES = [2, 3, 4, 5] as const;
export type PrescriptionType = (typeof PRESCRIPTION_TYPES)[number];

/** Prescription types 4 and 5 need a prescription: the page offers 加入需求清单 instead of 加入购物车. */
export function isPrescriptionProduct(prescriptionType: number | null | undefined): boolean {
  return prescriptionType === 4 || prescriptionType === 5;
}

/**
 * Where the server answers a product's package picture, below the API's prefix. The product page shows it
 * while the product's data is still on its way (the prerendered product page arrives with it).
 */
export const productImagePath = (productCode: string) => `/v2/products/${encodeURIComponent(productCode)}/image.svg`;

/** Stock status 2 is in stock; 4 is out of stock (favourites: 4 allows reserving). */
export const STOCK_STATUS = { inStock: 2, outOfStock: 4 } as const;
export type StockStatus = (typeof STOCK_STATUS)[keyof typeof STOCK_STATUS];
export const isInStock = (stockStatus: number) => stockStatus === STOCK_STATUS.inStock;

/** Class 200704 (consultation drugs) shows an app-only note. */
export const CONSULTATION_CLASS_CODE = '200704';
export const CONSULTATION_NOTE = '问诊类药品：下载安心大药房APP，医生在线问诊开方更便捷';

/**
 * The classes of the catalogue. Our own codes (the spec names only 200704): 2xxxxx drugs, 3xxxxx medical
 * devices, 4xxxxx health products. The names are also search words, the ones the home page's shortcuts use.
 */
export const PRODUCT_CLASSES = [
  { classCode: '200101', name: '感冒发烧' },
  { classCode: '200201', name: '肠胃用药' },
  { classCode: '200301', name: '维生素钙' },
  { classCode: '200401', name: '慢病用药' },
  { classCode: '200501', name: '皮肤用药' },
  { classCode: '200601', name: '抗菌消炎' },
  { classCode: CONSULTATION_CLASS_CODE, name: '问诊用药' },
  { classCode: '300101', name: '医疗器械' },
  { classCode: '300201', name: '母婴健康' },
  { classCode: '400101', name: '滋补保健' },
] as const;
export type ProductClassCode = (typeof PRODUCT_CLASSES)[number]['classCode'];

export function productClassName(classCode: string): string | undefined {
  return PRODUCT_CLASSES.find((item) => item.classCode === classCode)?.name;
}

/** A drug (the package shows its OTC or Rx mark) rather than a device or a health product. */
export const isDrugClass = (classCode: string) => classCode.startsWith('2');

/** The mark printed on a drug's package: Rx for prescription drugs, OTC otherwise. */
export function prescriptionMark(prescriptionType: number): 'Rx' | 'OTC' {
  return isPrescriptionProduct(prescriptionType) ? 'Rx' : 'OTC';
}

/** What the product page says under the price for a prescription product (ui-text, the issue). */
export const PRESCRIPTION_NOTICE = '处方药须凭处方在药师指导下购买和使用';

export const PRODUCT_SEARCH_MAX_PAGE_SIZE = 40;
export const PRODUCT_SEARCH_DEFAULT_PAGE_SIZE = 20;
