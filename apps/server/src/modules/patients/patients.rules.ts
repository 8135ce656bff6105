import { createHmac } from 'node:crypto';
import { maskIdCard } from '@anxin/shared/common/id-card';

/** A masked certificate number: first 3 and last 4 (the ID card's mask); shorter numbers show first and last. */
export function maskCertificateNumber(value: string): string {
  if (value.length >= 8) return maskIdCard(value);
  if (value.length <= 2) return '*'.repeat(value.length);
  return `${value[0]}${'*'.repeat(value.length - 2)}${value[value.length - 1]}`;
}

/**
 * `certificate_number_hash`: HMAC-SHA256 of the number under a key of its own, derived from the field key, so
 * the same person is found without decrypting and the hash cannot be reversed without the key.
 */
export function certificateHasher(fieldKey: Buffer) {
  const hashKey = createHmac('sha256', fieldKey).update('anxin-patient-certificate-hash-v1').digest();
  return (number: string) => createHmac('sha256', hashKey).update(number).digest('hex');
}
