import { randomBytes } from 'node:crypto';
import { MSG } from '@anxin/shared/common/messages';
import { AVATAR_EXTENSIONS, AVATAR_MAX_BYTES } from '@anxin/shared/profile/profile.schemas';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest } from '../../platform/errors.ts';
import { hitLimits } from '../../platform/rate-limit.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { type ImageProblem, inspectImage } from './image-inspect.ts';
import { PRIVATE_UPLOAD_MODULE, privateUploadCipher, privateUrlSigner } from './private-uploads.ts';
import { insertUpload } from './uploads.repository.ts';

/**
 * `common`: public by its random name (avatars, review photos). `private`: encrypted at rest and shown only
 * through signed URLs (guardian ID photos, prescription images; private-uploads.ts).
 */
export const UPLOAD_MODULES = ['common', 'private'] as const;
export type UploadModule = (typeof UPLOAD_MODULES)[number];

/**
 * Uploads per member per hour, refused ones included: plenty for changing an avatar, not enough to fill a disk
 * or to keep the server inspecting crafted images.
 */
const UPLOADS_PER_HOUR = 60;

const PROBLEM_MESSAGES: Record<ImageProblem, string> = {
  'not-image': MSG.avatarType,
  'too-many-pixels': MSG.imagePixelsTooLarge,
  'bitmap-too-large': MSG.imageBitmapTooLarge,
};

export type UploadInput = {
  memberId: number;
  module: UploadModule;
  fileName: string;
  /** Undefined when the file was longer than AVATAR_MAX_BYTES (the parser stopped reading it). */
  bytes: Buffer | undefined;
};

export function hasImageExtension(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return false;
  return (AVATAR_EXTENSIONS as readonly string[]).includes(fileName.slice(dot + 1).toLowerCase());
}

export function createUploadService(deps: {
  db: Executor;
  clock: Clock;
  storage: FileStorage;
  publicPrefix: string;
  fieldKey: Buffer;
}) {
  const { db, clock, storage, publicPrefix } = deps;
  const cipher = privateUploadCipher(deps.fieldKey);
  const signer = privateUrlSigner(deps.fieldKey);

  return {
    /**
     * Counts the upload against the hourly limit first (a refused file costs the server as much as a good one),
     * checks the file in the order the page does (type by name, then size), then the bytes themselves, and
     * stores it under a random name. Nothing is stored or recorded when a check fails. A private upload is
     * encrypted before it reaches the storage and answered as a signed URL.
     */
    async storeImage(input: UploadInput) {
      const now = clock.now();
      await hitLimits(db, now, [
        { key: `upload:member:${input.memberId}`, max: UPLOADS_PER_HOUR, windowSeconds: 3600 },
      ]);
      if (!hasImageExtension(input.fileName)) throw badRequest(MSG.avatarType, 'file');
      if (!input.bytes || input.bytes.length > AVATAR_MAX_BYTES) throw badRequest(MSG.avatarSize, 'file');
      if (input.bytes.length === 0) throw badRequest(MSG.avatarType, 'file');
      const inspected = await inspectImage(input.bytes);
      if (!inspected.ok) throw badRequest(PROBLEM_MESSAGES[inspected.problem], 'file');
      const { image } = inspected;
      const name = `${randomBytes(18).toString('base64url')}.${image.extension}`;
      const isPrivate = input.module === PRIVATE_UPLOAD_MODULE;
      const stored = isPrivate ? cipher.encrypt(input.bytes) : input.bytes;
      await storage.put(name, stored, isPrivate ? 'application/octet-stream' : image.contentType);
      await insertUpload(db, {
        name,
        memberId: input.memberId,
        module: input.module,
        contentType: image.contentType,
        byteSize: input.bytes.length,
        width: image.width,
        height: image.height,
        createdAt: now,
      });
      return { url: isPrivate ? signer.sign(name, input.memberId, now) : `${publicPrefix}${name}` };
    },
  };
}
