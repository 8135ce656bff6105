/**
 * Signed links to an invoice PDF. A browser opens the PDF in a new tab, where it cannot send the Bearer
 * header, so `GET /v2/invoices/{ordersCode}/urls` answers `/web-gateway/v2/invoices/<code>/pdf?exp&sig`,
 * valid 10 minutes: HMAC-SHA256 (a key of its own, derived from the field key) over the order code, the expiry
 * and the owner's member id. A link made for one member's invoice opens no other, and a leaked one dies soon.
 */
import { createHmac } from 'node:crypto';
import { deriveKey, safeEqual } from '../../platform/crypto.ts';
import { API_PREFIX } from '../../platform/http.ts';

export const INVOICE_URL_TTL_SECONDS = 600;

export function invoiceUrlSigner(fieldKey: Buffer) {
  const key = deriveKey(fieldKey, 'anxin-invoice-pdf-url-v1');
  const signature = (ordersCode: string, exp: number, memberId: number) =>
    createHmac('sha256', key).update(`${ordersCode}\n${exp}\n${memberId}`).digest('base64url');
  /** A red-letter invoice's link signs its own number too, so it opens that PDF only. */
  const redLetterSignature = (ordersCode: string, invoiceNumber: string, exp: number, memberId: number) =>
    createHmac('sha256', key).update(`red\n${ordersCode}\n${invoiceNumber}\n${exp}\n${memberId}`).digest('base64url');
  const isLive = (rawExp: string | undefined, now: Date) => {
    if (!rawExp || !/^\d{1,12}$/.test(rawExp)) return false;
    const exp = Number(rawExp);
    const nowSeconds = Math.floor(now.getTime() / 1000);
    return exp >= nowSeconds && exp <= nowSeconds + INVOICE_URL_TTL_SECONDS;
  };

  return {
    /** The link and when it stops working. */
    sign(ordersCode: string, memberId: number, now: Date): { url: string; expiresAt: Date } {
      const exp = Math.floor(now.getTime() / 1000) + INVOICE_URL_TTL_SECONDS;
      const path = `${API_PREFIX}/v2/invoices/${encodeURIComponent(ordersCode)}/pdf`;
      return { url: `${path}?exp=${exp}&sig=${signature(ordersCode, exp, memberId)}`, expiresAt: new Date(exp * 1000) };
    },
    /** The link of a red-letter invoice of the order (…/red-letters/{invoiceNumber}/pdf). */
    signRedLetter(ordersCode: string, invoiceNumber: string, memberId: number, now: Date) {
      const exp = Math.floor(now.getTime() / 1000) + INVOICE_URL_TTL_SECONDS;
      const path = `${API_PREFIX}/v2/invoices/${encodeURIComponent(ordersCode)}/red-letters/${invoiceNumber}/pdf`;
      const sig = redLetterSignature(ordersCode, invoiceNumber, exp, memberId);
      return { url: `${path}?exp=${exp}&sig=${sig}`, expiresAt: new Date(exp * 1000) };
    },
    verifyRedLetter(
      ordersCode: string,
      invoiceNumber: string,
      link: { exp?: string; sig?: string },
      memberId: number,
      now: Date,
    ) {
      if (!link.sig || !isLive(link.exp, now)) return false;
      return safeEqual(link.sig, redLetterSignature(ordersCode, invoiceNumber, Number(link.exp), memberId));
    },
    verify(ordersCode: string, rawExp: string | undefined, sig: string | undefined, memberId: number, now: Date) {
      if (!rawExp || !sig || !/^\d{1,12}$/.test(rawExp)) return false;
      const exp = Number(rawExp);
      const nowSeconds = Math.floor(now.getTime() / 1000);
      if (exp < nowSeconds || exp > nowSeconds + INVOICE_URL_TTL_SECONDS) return false;
      return safeEqual(sig, signature(ordersCode, exp, memberId));
    },
  };
}
