/**
 * The invoice as a PDF (pdfkit). Chinese text needs a CJK font: Noto Sans SC from npm
 * (@expo-google-fonts/noto-sans-sc, OFL), never one of the machine's fonts, so every machine renders the same
 * file. pdfkit embeds only the glyphs the invoice uses (a subset through fontkit): a page is a few tens of KB,
 * not the font's 10 MB.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { formatYuan } from '@anxin/shared/common/money';
import { INVOICE_KIND_NAME, invoiceKindOfType } from '@anxin/shared/invoices/invoice.contract';
import type { InvoiceRow } from './invoices.schema.ts';

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
};
/** The two font files, read once per process on the first invoice (about 20 MB kept in memory). */
let fontBytes: { regular: Buffer; bold: Buffer } | undefined;
const fonts = () => {
  fontBytes ??= { regular: readFileSync(FONT_FILES.regular), bold: readFileSync(FONT_FILES.bold) };
  return fontBytes;
};

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const SECTIONS = ['', '万', '亿', '万亿'];

/** An amount in the capitals printed as 价税合计（大写）, e.g. 12345 cents → 壹佰贰拾叁圆肆角伍分. */
export function yuanInCapitals(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`yuanInCapitals expects cents ≥ 0, got ${cents}`);
  const yuan = Math.floor(cents / 100);
  const jiao = Math.floor(cents / 10) % 10;
  const fen = cents % 10;
  if (cents === 0) return '零圆整';
  let text = '';
  const digits = String(yuan);
  let isZeroPending = false;
  for (let i = 0; yuan > 0 && i < digits.length; i += 1) {
    const digit = Number(digits[i]);
    const position = digits.length - 1 - i;
    if (digit === 0) isZeroPending = true;
    else {
      if (isZeroPending) text += '零';
      isZeroPending = false;
      text += DIGITS[digit] + UNITS[position % 4];
    }
    // The end of a group of four: its name (万, 亿) when the group holds a digit other than zero.
    if (position % 4 === 0 && position > 0 && Number(digits.slice(Math.max(0, i - 3), i + 1)) > 0) {
      text += SECTIONS[position / 4];
    }
  }
  if (yuan > 0) text += '圆';
  if (jiao === 0 && fen === 0) return `${text}整`;
  if (jiao > 0) text += `${DIGITS[jiao]}角`;
  else if (yuan > 0) text += '零';
  if (fen > 0) text += `${DIGITS[fen]}分`;
  else text += '整';
  return text;
}

const dateInChina = (date: Date) => {
  const china = new Date(date.getTime() + 8 * 3600_000);
  return `${china.getUTCFullYear()}年${String(china.getUTCMonth() + 1).padStart(2, '0')}月${String(china.getUTCDate()).padStart(2, '0')}日`;
};

const money = (cents: number) => formatYuan(cents);

/**
 * Renders the invoice; the same row always gives the same text (the creation date is the issue date). With
 * `redLetterOf` (the original's number) it is a red-letter invoice (红字): the row holds its negative lines and
 * amounts, the heading says 红字, the total reads （负数） and the remark names the original.
 */
export async function renderInvoicePdf(invoice: InvoiceRow, redLetterOf?: string): Promise<Buffer> {
  // Loaded on the first invoice, not at start-up: pdfkit and fontkit are about 20 MB of a server's memory.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: [842, 560],
    margin: 36,
    info: { Title: `发票 ${invoice.invoiceNumber}`, Author: invoice.sellerName, CreationDate: invoice.issuedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', fonts().regular);
  doc.registerFont('bold', fonts().bold);

  const brown = '#8b3a1a';
  const left = 36;
  const width = 770;
  const right = left + width;

  doc.font('bold').fontSize(20).fillColor(brown);
  const kindName = INVOICE_KIND_NAME[invoiceKindOfType(invoice.invoiceType)];
  doc.text(redLetterOf ? `${kindName}（红字）` : kindName, left, 36, { width, align: 'center' });
  doc.font('regular').fontSize(10).fillColor('#333');
  doc.text(`发票号码：${invoice.invoiceNumber}`, right - 260, 40, { width: 260 });
  doc.text(`开票日期：${dateInChina(invoice.issuedAt)}`, right - 260, 56, { width: 260 });

  // Buyer and seller, side by side.
  const partyTop = 86;
  const partyHeight = 76;
  const half = width / 2;
  doc.lineWidth(1).strokeColor(brown).rect(left, partyTop, width, partyHeight).stroke();
  doc
    .moveTo(left + half, partyTop)
    .lineTo(left + half, partyTop + partyHeight)
    .stroke();
  const party = (x: number, heading: string, name: string, taxNumber: string | null) => {
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(brown)
      .text(heading, x + 10, partyTop + 8);
    doc.font('regular').fontSize(10).fillColor('#222');
    doc.text(`名称：${name}`, x + 10, partyTop + 28, { width: half - 20 });
    doc.text(`统一社会信用代码/纳税人识别号：${taxNumber ?? ''}`, x + 10, partyTop + 50, { width: half - 20 });
  };
  party(left, '购买方信息', invoice.title, invoice.taxPayerNumber);
  party(left + half, '销售方信息', invoice.sellerName, invoice.sellerTaxPayerNumber);

  // The items: amounts without tax, the rate and the tax, as a VAT invoice prints them.
  const columns = [
    { title: '项目名称', width: 250, align: 'left' as const },
    { title: '规格型号', width: 110, align: 'left' as const },
    { title: '数量', width: 50, align: 'right' as const },
    { title: '单价', width: 80, align: 'right' as const },
    { title: '金额', width: 90, align: 'right' as const },
    { title: '税率', width: 60, align: 'right' as const },
    { title: '税额', width: 80, align: 'right' as const },
  ];
  const tableTop = partyTop + partyHeight + 10;
  const row = (cells: string[], y: number, font: 'regular' | 'bold') => {
    let x = left + 10;
    doc.font(font).fontSize(9).fillColor('#222');
    cells.forEach((cell, index) => {
      const column = columns[index];
      doc.text(cell, x, y, { width: column.width - 8, align: column.align, lineBreak: false, ellipsis: true });
      x += column.width;
    });
  };
  row(
    columns.map((column) => column.title),
    tableTop + 6,
    'bold',
  );
  let y = tableTop + 26;
  for (const item of invoice.lines) {
    const withoutTax = item.amount - item.taxAmount;
    row(
      [
        item.name,
        item.packing ?? '',
        String(item.quantity),
        money(Math.round(withoutTax / item.quantity)),
        money(withoutTax),
        `${item.taxRate}%`,
        money(item.taxAmount),
      ],
      y,
      'regular',
    );
    y += 18;
  }
  y += 6;
  row(['合计', '', '', '', `¥${money(invoice.amountWithoutTax)}`, '', `¥${money(invoice.taxAmount)}`], y, 'bold');
  const tableBottom = y + 22;
  doc.rect(left, tableTop, width, tableBottom - tableTop).stroke();

  const totalTop = tableBottom;
  doc.rect(left, totalTop, width, 28).stroke();
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(brown)
    .text('价税合计（大写）', left + 10, totalTop + 8);
  doc
    .font('regular')
    .fillColor('#222')
    .text(
      invoice.amount < 0 ? `（负数）${yuanInCapitals(-invoice.amount)}` : yuanInCapitals(invoice.amount),
      left + 120,
      totalTop + 8,
    );
  doc.text(`（小写）¥${money(invoice.amount)}`, right - 200, totalTop + 8, { width: 190, align: 'right' });

  const remarkTop = totalTop + 28;
  doc.rect(left, remarkTop, width, 44).stroke();
  doc
    .font('bold')
    .fillColor(brown)
    .text('备注', left + 10, remarkTop + 8);
  doc.font('regular').fillColor('#222');
  const original = redLetterOf ? `对应蓝字发票号码：${redLetterOf}    ` : '';
  doc.text(`${original}订单号：${invoice.ordersCode}    发票内容：${invoice.content}`, left + 60, remarkTop + 8, {
    width: 690,
  });
  doc.text(`开票人：${invoice.sellerName}`, left, remarkTop + 56);

  doc.end();
  return finished;
}
