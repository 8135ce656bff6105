import { randomBytes } from 'node:crypto';
import { MSG } from '@anxin/shared/common/messages';
import { formatYuan } from '@anxin/shared/common/money';
import {
  INVOICE_KIND_NAME,
  type InvoiceDetail,
  type InvoiceSummary,
  invoiceKindOfType,
} from '@anxin/shared/invoices/invoice.contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { BlobCipher, deriveKey } from '../../platform/crypto.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { MailProvider } from '../../platform/mail/mail-provider.ts';
import { hitLimits } from '../../platform/rate-limit.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { invoiceUrlSigner } from './invoice-urls.ts';
import {
  findInvoiceByOrderCode,
  findMemberInvoice,
  findRedLetter,
  findRedLettersOf,
  listMemberInvoices,
  setInvoicePdfName,
  setRedLetterPdfName,
} from './invoices.repository.ts';
import type { InvoiceRow, RedLetterInvoiceRow } from './invoices.schema.ts';

/** E-mails of one member's invoices: at most this many requests an hour (each to at most 5 addresses). */
export const INVOICE_EMAILS_PER_HOUR = 10;

type Deps = {
  db: Executor;
  clock: Clock;
  storage: FileStorage;
  mail: MailProvider;
  fieldKey: Buffer;
  log: Pick<FastifyBaseLogger, 'error'>;
};

function toSummary(
  invoice: InvoiceRow,
  orderCreationDate: Date,
  redLetters: readonly RedLetterInvoiceRow[],
): InvoiceSummary {
  return {
    ordersCode: invoice.ordersCode,
    invoiceNumber: invoice.invoiceNumber,
    invoiceType: invoice.invoiceType,
    invoiceTypeName: INVOICE_KIND_NAME[invoiceKindOfType(invoice.invoiceType)],
    consigneeType: invoice.titleType === 'company' ? '单位' : '个人',
    title: invoice.title,
    amount: invoice.amount,
    issuedAt: invoice.issuedAt.toISOString(),
    orderCreationDate: orderCreationDate.toISOString(),
    redLetters: redLetters
      .filter((row) => row.invoiceId === invoice.id)
      .map((row) => ({ invoiceNumber: row.invoiceNumber, amount: row.amount, issuedAt: row.issuedAt.toISOString() })),
  };
}

/** Sending failed at the mail service: the member may try again later (nothing was recorded as sent). */
const mailFailed = () => new AppError(502, 'MAIL_FAILED', MSG.invoiceEmailFailed);

export function createInvoiceService({ db, clock, storage, mail, fieldKey, log }: Deps) {
  // The PDF names the buyer and what was bought: kept encrypted at rest, like private uploads (own key).
  const pdfCipher = new BlobCipher(deriveKey(fieldKey, 'anxin-invoice-pdf-bytes-v1'));
  const signer = invoiceUrlSigner(fieldKey);

  async function ownInvoice(memberId: number, ordersCode: string) {
    const found = await findMemberInvoice(db, memberId, ordersCode);
    if (!found) throw notFound();
    return found;
  }

  /**
   * The PDF bytes: rendered from the row the first time and stored; later calls read the stored file. Two
   * first calls at once both render, one name is recorded and the other file is removed.
   */
  async function pdfOf(invoice: InvoiceRow): Promise<Buffer> {
    return storedPdf(
      invoice.pdfName,
      () => renderInvoicePdf(invoice),
      (name) => setInvoicePdfName(db, invoice.id, name, invoice.pdfName),
    );
  }

  /** A red-letter invoice's PDF: the original's buyer and seller with its own number, lines and amounts. */
  async function redLetterPdfOf(invoice: InvoiceRow, redLetter: RedLetterInvoiceRow): Promise<Buffer> {
    const { invoiceNumber, lines, amount, amountWithoutTax, taxAmount, issuedAt } = redLetter;
    const printed = { ...invoice, invoiceNumber, lines, amount, amountWithoutTax, taxAmount, issuedAt };
    return storedPdf(
      redLetter.pdfName,
      () => renderInvoicePdf(printed, invoice.invoiceNumber),
      (name) => setRedLetterPdfName(db, redLetter.id, name, redLetter.pdfName),
    );
  }

  /** The stored PDF, or `render` it, store it and `record` its name (a loser of a race removes its file). */
  async function storedPdf(
    pdfName: string | null,
    render: () => Promise<Buffer>,
    record: (name: string) => Promise<boolean>,
  ): Promise<Buffer> {
    if (pdfName) {
      const stored = await storage.get(pdfName);
      if (stored) return pdfCipher.decrypt(stored);
    }
    const bytes = await render();
    const name = `${randomBytes(18).toString('base64url')}.pdf`;
    await storage.put(name, pdfCipher.encrypt(bytes), 'application/pdf');
    if (!(await record(name))) await storage.delete(name);
    return bytes;
  }

  async function ownRedLetter(memberId: number, ordersCode: string, invoiceNumber: string) {
    const { invoice } = await ownInvoice(memberId, ordersCode);
    const redLetter = await findRedLetter(db, invoice.id, invoiceNumber);
    if (!redLetter) throw notFound();
    return { invoice, redLetter };
  }

  return {
    async list(memberId: number, page: number, size: number) {
      const { rows, total } = await listMemberInvoices(db, memberId, page, size);
      const redLetters = await findRedLettersOf(
        db,
        rows.map((row) => row.invoice.id),
      );
      return {
        content: rows.map((row) => toSummary(row.invoice, row.orderCreationDate, redLetters)),
        totalElements: total,
        totalPages: Math.ceil(total / size),
        page,
        size,
      };
    },

    async detail(memberId: number, ordersCode: string): Promise<InvoiceDetail> {
      const { invoice, orderCreationDate } = await ownInvoice(memberId, ordersCode);
      return {
        ...toSummary(invoice, orderCreationDate, await findRedLettersOf(db, [invoice.id])),
        invoiceContent: invoice.content,
        taxPayerNumber: invoice.taxPayerNumber,
        email: invoice.email,
        sellerName: invoice.sellerName,
        sellerTaxPayerNumber: invoice.sellerTaxPayerNumber,
        lines: invoice.lines,
        amountWithoutTax: invoice.amountWithoutTax,
        taxAmount: invoice.taxAmount,
      };
    },

    /** Signed links to the PDF (rendered now if it never was, so the link opens at once). */
    async urls(memberId: number, ordersCode: string) {
      const { invoice } = await ownInvoice(memberId, ordersCode);
      await pdfOf(invoice);
      const { url, expiresAt } = signer.sign(invoice.ordersCode, invoice.memberId, clock.now());
      return { urls: [url], expiresAt: expiresAt.toISOString() };
    },

    /** The PDF a signed link opens; anything but a live link of the invoice's owner is 404. */
    async pdfByLink(ordersCode: string, exp: string | undefined, sig: string | undefined) {
      const invoice = await findInvoiceByOrderCode(db, ordersCode);
      if (!invoice || !signer.verify(invoice.ordersCode, exp, sig, invoice.memberId, clock.now())) throw notFound();
      return { bytes: await pdfOf(invoice), filename: `发票-${invoice.ordersCode}.pdf` };
    },

    /** Signed links to a red-letter invoice's PDF (docs/AFTERSALE.md). */
    async redLetterUrls(memberId: number, ordersCode: string, invoiceNumber: string) {
      const { invoice, redLetter } = await ownRedLetter(memberId, ordersCode, invoiceNumber);
      await redLetterPdfOf(invoice, redLetter);
      const { url, expiresAt } = signer.signRedLetter(invoice.ordersCode, invoiceNumber, invoice.memberId, clock.now());
      return { urls: [url], expiresAt: expiresAt.toISOString() };
    },

    /** The red-letter PDF a signed link opens; anything but a live link of its owner is 404. */
    async redLetterPdfByLink(ordersCode: string, invoiceNumber: string, link: { exp?: string; sig?: string }) {
      const invoice = await findInvoiceByOrderCode(db, ordersCode);
      const redLetter = invoice && (await findRedLetter(db, invoice.id, invoiceNumber));
      if (!invoice || !redLetter) throw notFound();
      if (!signer.verifyRedLetter(ordersCode, invoiceNumber, link, invoice.memberId, clock.now())) throw notFound();
      return { bytes: await redLetterPdfOf(invoice, redLetter), filename: `红字发票-${invoiceNumber}.pdf` };
    },

    /** Sends the PDF to the addresses (already checked and without repeats) through the mail adapter. */
    async email(memberId: number, ordersCode: string, emails: string[]) {
      const { invoice } = await ownInvoice(memberId, ordersCode);
      await hitLimits(db, clock.now(), [
        { key: `invoice-mail:member-hour:${memberId}`, max: INVOICE_EMAILS_PER_HOUR, windowSeconds: 3600 },
      ]);
      const bytes = await pdfOf(invoice);
      try {
        await mail.send({
          to: emails,
          subject: `【安心大药房】您的发票（订单${invoice.ordersCode}）`,
          text: [
            '您好：',
            `附件是您在安心大药房的订单${invoice.ordersCode}的${INVOICE_KIND_NAME[invoiceKindOfType(invoice.invoiceType)]}。`,
            `发票号码：${invoice.invoiceNumber}`,
            `发票抬头：${invoice.title}`,
            `价税合计：¥${formatYuan(invoice.amount)}`,
            '此邮件由系统自动发送，请勿回复。',
          ].join('\n'),
          attachments: [{ filename: `发票-${invoice.ordersCode}.pdf`, contentType: 'application/pdf', content: bytes }],
        });
      } catch (error) {
        log.error({ err: error, orderCode: invoice.ordersCode }, 'invoice mail failed');
        throw mailFailed();
      }
      return { sentTo: emails };
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
