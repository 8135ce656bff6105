import { isDrugClass, isPrescriptionProduct, productClassName } from '@anxin/shared/catalogue/catalogue';
import type { ProductRow } from './catalogue.schema.ts';

// The product pictures are drawn by the project (no outside images): a box-shaped package in a colour
// derived from the product code, with its short name, its OTC / Rx mark and its packing.

const FONT = "'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif";

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);

/** FNV-1a, then a finaliser that spreads neighbouring codes apart: the same code always gives the same colour. */
export function hueOf(code: string): number {
  let hash = 0x811c9dc5;
  for (const char of code) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) % 360;
}

/** The name on the package: one line up to 7 characters, else two balanced lines (cut at 14 with '…'). */
export function nameLines(name: string): { lines: string[]; fontSize: number } {
  let chars = Array.from(name);
  if (chars.length > 14) chars = [...chars.slice(0, 13), '…'];
  if (chars.length <= 7) return { lines: [chars.join('')], fontSize: Math.min(21, Math.floor(118 / chars.length)) };
  const half = Math.ceil(chars.length / 2);
  const lines = [chars.slice(0, half).join(''), chars.slice(half).join('')];
  return { lines, fontSize: Math.min(17, Math.floor(118 / half)) };
}

function markSvg(product: Pick<ProductRow, 'prescriptionType' | 'classCode'>): string {
  if (isPrescriptionProduct(product.prescriptionType)) {
    return `<rect x="50" y="88" width="30" height="18" rx="3" fill="#e5484d"/><text x="65" y="101.5" font-size="12" font-weight="700" fill="#fff" text-anchor="middle" font-family="Arial,sans-serif">Rx</text>`;
  }
  if (isDrugClass(product.classCode)) {
    // OTC class A (type 2) is printed red, class B (type 3) green, as on real packages.
    const colour = product.prescriptionType === 2 ? '#e5484d' : '#12a05c';
    return `<ellipse cx="67" cy="97" rx="17" ry="9" fill="${colour}"/><text x="67" y="100.8" font-size="10" font-weight="700" fill="#fff" text-anchor="middle" font-family="Arial,sans-serif">OTC</text>`;
  }
  const label = escapeXml(productClassName(product.classCode) ?? '');
  return `<text x="50" y="101" font-size="11" fill="#fff" font-family="${FONT}">${label}</text>`;
}

export function renderProductImage(
  product: Pick<ProductRow, 'productCode' | 'name' | 'commonTitle' | 'packing' | 'prescriptionType' | 'classCode'>,
): string {
  const hue = hueOf(product.productCode);
  const front = `hsl(${hue},52%,44%)`;
  const side = `hsl(${hue},52%,33%)`;
  const top = `hsl(${hue},55%,62%)`;
  const ink = `hsl(${hue},60%,22%)`;
  const brand = product.name.includes(' ') ? product.name.split(' ')[0]! : '';
  const { lines, fontSize } = nameLines(product.commonTitle);
  const lineHeight = fontSize + 4;
  const firstBaseline = 142 - ((lines.length - 1) * lineHeight) / 2 + fontSize * 0.36;
  const nameText = lines
    .map(
      (line, index) =>
        `<text x="105" y="${(firstBaseline + index * lineHeight).toFixed(1)}" font-size="${fontSize}" font-weight="700" fill="${ink}" text-anchor="middle" font-family="${FONT}">${escapeXml(line)}</text>`,
    )
    .join('');
  const packing = Array.from(product.packing).slice(0, 16).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img" aria-label="${escapeXml(product.name)}">
<rect width="240" height="240" fill="#fff"/>
<ellipse cx="126" cy="209" rx="92" ry="9" fill="#000" opacity="0.07"/>
<path d="M40 80 L75 56 L205 56 L170 80 Z" fill="${top}"/>
<path d="M170 80 L205 56 L205 178 L170 202 Z" fill="${side}"/>
<rect x="40" y="80" width="130" height="122" fill="${front}"/>
<path d="M170 80 L205 56" stroke="#fff" stroke-opacity="0.35"/>
<rect x="40" y="112" width="130" height="60" fill="#fff" opacity="0.95"/>
<rect x="40" y="172" width="130" height="4" fill="#fff" opacity="0.35"/>
${markSvg(product)}
${brand ? `<text x="160" y="101" font-size="12" font-weight="700" fill="#fff" text-anchor="end" font-family="${FONT}">${escapeXml(brand)}</text>` : ''}
${nameText}
<text x="105" y="193" font-size="10.5" fill="#fff" text-anchor="middle" font-family="${FONT}">${escapeXml(packing)}</text>
<path d="M184 96 l6 -4 v14 l-6 4 Z" fill="#fff" opacity="0.25"/>
</svg>`;
}
