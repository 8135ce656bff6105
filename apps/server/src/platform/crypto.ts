import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomDigits = (length: number) => Array.from({ length }, () => randomInt(0, 10)).join('');

export function safeEqual(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** AES-256-GCM for sensitive fields at rest (ID numbers, health info, prescription images, guardian data). */
export class FieldCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('FieldCipher needs a 32-byte key');
  }
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
  }
  decrypt(stored: string): string {
    const [version, iv, tag, body] = stored.split('.');
    if (version !== 'v1') throw new Error('Unknown field cipher version');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  }
}

/** A 32-byte key of its own for one purpose, derived from a master key (the field key): HMAC-SHA256(master, purpose). */
export function deriveKey(master: Buffer, purpose: string): Buffer {
  return createHmac('sha256', master).update(purpose).digest();
}

/** The first bytes of every BlobCipher output: a magic and the version (no PNG or JPEG starts like this). */
const BLOB_V1 = Buffer.from('AXB1', 'latin1');
const BLOB_IV_BYTES = 12;
const BLOB_TAG_BYTES = 16;

/**
 * AES-256-GCM for whole files at rest (private uploads: guardian ID photos, prescription images). The output is
 * `AXB1` (magic and version) + 12-byte IV + 16-byte tag + ciphertext; the header is authenticated too, so a
 * changed version or a cut file fails to decrypt.
 */
export class BlobCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('BlobCipher needs a 32-byte key');
  }
  encrypt(plain: Buffer): Buffer {
    const iv = randomBytes(BLOB_IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(BLOB_V1);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([BLOB_V1, iv, cipher.getAuthTag(), body]);
  }
  decrypt(stored: Buffer): Buffer {
    if (!BlobCipher.isEncrypted(stored)) throw new Error('Unknown blob cipher version');
    const ivEnd = BLOB_V1.length + BLOB_IV_BYTES;
    const tagEnd = ivEnd + BLOB_TAG_BYTES;
    const decipher = createDecipheriv('aes-256-gcm', this.key, stored.subarray(BLOB_V1.length, ivEnd));
    decipher.setAAD(BLOB_V1);
    decipher.setAuthTag(stored.subarray(ivEnd, tagEnd));
    return Buffer.concat([decipher.update(stored.subarray(tagEnd)), decipher.final()]);
  }
  /** Whether the bytes are this cipher's output (header and room for IV and tag). */
  static isEncrypted(bytes: Buffer): boolean {
    return bytes.length >= BLOB_V1.length + BLOB_IV_BYTES + BLOB_TAG_BYTES && bytes.subarray(0, 4).equals(BLOB_V1);
  }
}
