// RSA-OAEP (SHA-256) encryption with WebCrypto, for the password login's one-time key
// (docs/API-CONVENTIONS.md "Sign-in"): the key arrives as base64 of its SPKI DER, each ciphertext leaves as base64.

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function bytesToBase64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** WebCrypto exists only in a secure context (https, or localhost while developing). */
export function isRsaOaepAvailable(): boolean {
  return typeof crypto !== 'undefined' && crypto.subtle !== undefined;
}

/** Encrypts each text with the public key; answers the base64 ciphertexts in the same order. */
export async function encryptRsaOaep(spkiBase64: string, texts: string[]): Promise<string[]> {
  const key = await crypto.subtle.importKey(
    'spki',
    base64ToBytes(spkiBase64),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const encoder = new TextEncoder();
  return Promise.all(
    texts.map(async (text) =>
      bytesToBase64(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, encoder.encode(text))),
    ),
  );
}
