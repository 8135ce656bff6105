import { constants, generateKeyPair, privateDecrypt } from 'node:crypto';
import { promisify } from 'node:util';
import { LOGIN_KEY_TTL_SECONDS, type LoginKey } from '@anxin/shared/auth/password-login.schemas';
import { MSG } from '@anxin/shared/common/messages';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { type FieldCipher, randomToken } from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';
import { hitLimits } from '../../platform/rate-limit.ts';
import * as repo from './password-login.repository.ts';

const generateKeyPairAsync = promisify(generateKeyPair);
const RSA_MODULUS_BITS = 2048;

export const loginKeyInvalid = () => badRequest(MSG.loginKeyInvalid, 'key');

/**
 * One-time RSA-OAEP (SHA-256) keys for the password form (docs/API-CONVENTIONS.md "Sign-in"). A fresh pair per
 * request, generated off the event loop; the private key is stored encrypted and deleted by its first use,
 * so a key works once and a replayed request fails.
 */
export function createLoginKeyService(db: Database, clock: Clock, cipher: FieldCipher) {
  return {
    async createKey(ip: string): Promise<LoginKey> {
      const now = clock.now();
      // Key generation costs CPU: bounded per client.
      await hitLimits(db, now, [{ key: `login-key:ip:${ip}`, max: 200, windowSeconds: 600 }]);
      const { publicKey, privateKey } = await generateKeyPairAsync('rsa', {
        modulusLength: RSA_MODULUS_BITS,
        publicKeyEncoding: { type: 'spki', format: 'der' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      const id = randomToken(18);
      await repo.deleteExpiredLoginKeys(db, now);
      await repo.insertLoginKey(db, {
        id,
        privateKeyEnc: cipher.encrypt(privateKey),
        createdAt: now,
        expiresAt: new Date(now.getTime() + LOGIN_KEY_TTL_SECONDS * 1000),
      });
      return { key: id, nonceStr: publicKey.toString('base64') };
    },

    /**
     * Uses the key up and decrypts the ciphertexts with it. An unknown, expired or used key, or a ciphertext
     * made with another key, gives one reply (no oracle: the key is gone either way).
     */
    async decrypt(keyId: string, cipherTexts: string[]): Promise<string[]> {
      const stored = await repo.takeLoginKey(db, keyId, clock.now());
      if (!stored) throw loginKeyInvalid();
      const privateKey = cipher.decrypt(stored);
      try {
        return cipherTexts.map((text) =>
          privateDecrypt(
            { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
            // A form body turns an unencoded '+' into a space; base64 has no spaces.
            Buffer.from(text.replaceAll(' ', '+'), 'base64'),
          ).toString('utf8'),
        );
      } catch {
        throw loginKeyInvalid();
      }
    },
  };
}
