/**
 * Private uploads (`POST /v2/upload?module=private`): guardian ID-card photos and prescription images.
 *
 * - At rest: the bytes are encrypted (BlobCipher, AES-256-GCM with a key derived from the field key) before
 *   they reach the storage adapter; the uploads row records module 'private'. The public files route never
 *   serves them.
 * - Reading: an <img> cannot send the Bearer header, so every reply that shows a private image gives a signed
 *   URL, `/web-gateway/v2/upload/private/<name>?exp=<epoch s>&sig=<hmac>`, valid 10 minutes. The signature is
 *   HMAC-SHA256 (a key of its own, derived from the field key) over the name, the expiry and the owner's member
 *   id, so a URL made for one member's upload never opens another's, and a leaked URL dies quickly.
 * - What the database keeps is the bare storage name; what a client sends back (a signed URL, the public URL
 *   form, or the name) is resolved by `resolveOwnUpload`, which accepts only the member's own uploads.
 */
import { createHmac } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import { BlobCipher, deriveKey, safeEqual } from '../../platform/crypto.ts';
import { API_PREFIX } from '../../platform/http.ts';
import { isStorageName } from '../../platform/storage/file-storage.ts';
import { findMemberUpload } from './uploads.repository.ts';

export const PRIVATE_UPLOAD_MODULE = 'private';
/** How long a signed URL opens its image. */
export const PRIVATE_URL_TTL_SECONDS = 600;
/** Where the signed URLs point (the route in uploads.routes.ts). */
export const PRIVATE_URL_PREFIX = `${API_PREFIX}/v2/upload/private/`;

/** The cipher of private upload bytes: its key is derived from the field key, used for nothing else. */
export const privateUploadCipher = (fieldKey: Buffer) =>
  new BlobCipher(deriveKey(fieldKey, 'anxin-private-upload-bytes-v1'));

/** Makes and checks the signed URLs of private uploads. */
export function privateUrlSigner(fieldKey: Buffer) {
  const key = deriveKey(fieldKey, 'anxin-private-upload-url-v1');
  const signature = (name: string, exp: number, memberId: number) =>
    createHmac('sha256', key).update(`${name}\n${exp}\n${memberId}`).digest('base64url');

  return {
    /** A URL opening `name` (an upload of `memberId`) until 10 minutes from `now`. */
    sign(name: string, memberId: number, now: Date): string {
      const exp = Math.floor(now.getTime() / 1000) + PRIVATE_URL_TTL_SECONDS;
      return `${PRIVATE_URL_PREFIX}${name}?exp=${exp}&sig=${signature(name, exp, memberId)}`;
    },
    /** Whether exp and sig are a live signature of `name` for its owner `memberId`. */
    verify(name: string, rawExp: string | undefined, sig: string | undefined, memberId: number, now: Date): boolean {
      if (!rawExp || !sig || !/^\d{1,12}$/.test(rawExp)) return false;
      const exp = Number(rawExp);
      const nowSeconds = Math.floor(now.getTime() / 1000);
      if (exp < nowSeconds || exp > nowSeconds + PRIVATE_URL_TTL_SECONDS) return false;
      return safeEqual(sig, signature(name, exp, memberId));
    },
  };
}

export type PrivateUrlSigner = ReturnType<typeof privateUrlSigner>;

/**
 * The storage name a client sent: a signed private URL (its query ignored), a public files URL
 * (`<filesPrefix><name>`) or the bare name; null for anything else (other hosts, paths, odd names).
 */
export function uploadNameOf(sent: string, filesPrefix: string): string | null {
  let name = sent;
  if (sent.startsWith(PRIVATE_URL_PREFIX)) name = sent.slice(PRIVATE_URL_PREFIX.length).split('?')[0];
  else if (filesPrefix && sent.startsWith(filesPrefix)) name = sent.slice(filesPrefix.length);
  return isStorageName(name) ? name : null;
}

/**
 * The storage name of one of this member's own uploads of that module (any module when none is named), from
 * what a client sent (see `uploadNameOf`); null when it is not one.
 */
export async function resolveOwnUpload(
  db: Executor,
  memberId: number,
  sent: string,
  options: { module?: string; filesPrefix: string },
): Promise<string | null> {
  const name = uploadNameOf(sent, options.filesPrefix);
  if (!name) return null;
  const row = await findMemberUpload(db, memberId, name);
  if (!row || (options.module !== undefined && row.module !== options.module)) return null;
  return name;
}

/** The name a stored image list holds: older rows kept the public URL, newer ones the bare name. */
export function storedImageName(stored: string, filesPrefix: string): string {
  return uploadNameOf(stored, filesPrefix) ?? stored;
}
