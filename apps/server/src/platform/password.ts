import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`: the library's enum is an ambient const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

/** argon2id with the library's defaults (OWASP-level memory cost). */
export const hashPassword = (password: string) => hash(password, { algorithm: ARGON2ID });

export async function verifyPassword(storedHash: string | null, password: string) {
  if (!storedHash) return false;
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
