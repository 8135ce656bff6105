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

  return {
    /** The link and when it stops working. */
    sign(ordersCode: string, memberId: number, now: Date): { url: string; expiresAt: Date } {
      const exp = Math.floor(now.getTime() / 1000) + INVOICE_URL_TTL_SECONDS;
      const path = `${API_PREFIX}/v2/invoices/${encodeURIComponent(ordersCode)}/pdf`;
      return { url: `${path}?exp=${exp}&sig=${signature(ordersCode, exp, memberId)}`, expiresAt: new Date(exp * 1000) };
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
