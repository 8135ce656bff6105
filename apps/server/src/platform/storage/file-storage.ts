/**
 * Object storage for uploaded files. The default keeps them on local disk under DATA_DIR; an S3 or OSS
 * adapter implements the same four calls, and the files are still addressed as `<AVATAR_HOST><name>`.
 * Names are chosen by the caller (random, never reused), so `put` never overwrites a file in use.
 */
export interface FileStorage {
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or undefined when there is no such file. */
  get(name: string): Promise<Buffer | undefined>;
  exists(name: string): Promise<boolean>;
  delete(name: string): Promise<void>;
}

/** Storage names are random base64url plus an image or PDF extension: nothing that could walk out of a directory. */
export const STORAGE_NAME_PATTERN = /^[A-Za-z0-9_-]{16,64}\.(png|jpg|pdf)$/;

export function isStorageName(name: string): boolean {
  return STORAGE_NAME_PATTERN.test(name);
}
