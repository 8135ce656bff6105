import { isDrugClass, isPrescriptionProduct } from '@anxin/shared/catalogue/catalogue';
import './product-tags.css';

/** 处方药 for prescription types 4 and 5, OTC for the other drugs; devices and health products carry none. */
export function ProductTag({ prescriptionType, classCode }: { prescriptionType: number; classCode: string }) {
  if (isPrescriptionProduct(prescriptionType)) return <span className="shop-tag shop-tag--rx">处方药</span>;
  if (isDrugClass(classCode)) return <span className="shop-tag shop-tag--otc">OTC</span>;
  return null;
}
