import { channel } from 'node:diagnostics_channel';
import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`: the library's enum is an ambient const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

/**
 * Tells its subscribers the parameters (`$argon2id$v=19$m=…,t=…,p=…`) of every hash a password is verified
 * against: a refusal must cost one verification as dear as a real account's, and a count of verifications
 * shows that exactly where a stopwatch on a loaded machine cannot.
 */
export const passwordVerifyChannel = channel('anxin:password-verify');

/** argon2id with the library's defaults (OWASP-level memory cost). */
export const hashPassword = (password: string) => hash(password, { algorithm: ARGON2ID });

/** The part of an argon2 hash that sets its cost: variant, version, memory, passes, lanes. */
export const argon2Parameters = (storedHash: string) => storedHash.split('$').slice(1, 4).join('$');

export async function verifyPassword(storedHash: string | null, password: string) {
  if (!storedHash) return false;
  if (passwordVerifyChannel.hasSubscribers) passwordVerifyChannel.publish(argon2Parameters(storedHash));
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
