import { randomBytes } from 'node:crypto';
import { MSG } from '@anxin/shared/common/messages';
import { AVATAR_EXTENSIONS, AVATAR_MAX_BYTES } from '@anxin/shared/profile/profile.schemas';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest } from '../../platform/errors.ts';
import { hitLimits } from '../../platform/rate-limit.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { inspectImage } from './image-inspect.ts';
import { insertUpload } from './uploads.repository.ts';

export const UPLOAD_MODULES = ['common'] as const;
export type UploadModule = (typeof UPLOAD_MODULES)[number];

/** Uploads per member per hour: plenty for changing an avatar, not enough to fill a disk. */
const UPLOADS_PER_HOUR = 60;

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

export function createUploadService(deps: { db: Executor; clock: Clock; storage: FileStorage; publicPrefix: string }) {
  const { db, clock, storage, publicPrefix } = deps;

  return {
    /**
     * Checks the file in the order the page does (type by name, then size), then the bytes themselves, and
     * stores it under a random name. Nothing is stored or recorded when a check fails.
     */
    async storeImage(input: UploadInput) {
      if (!hasImageExtension(input.fileName)) throw badRequest(MSG.avatarType, 'file');
      if (!input.bytes || input.bytes.length > AVATAR_MAX_BYTES) throw badRequest(MSG.avatarSize, 'file');
      if (input.bytes.length === 0) throw badRequest(MSG.avatarType, 'file');
      const inspected = await inspectImage(input.bytes);
      if (!inspected.ok) {
        throw badRequest(inspected.problem === 'too-many-pixels' ? MSG.imagePixelsTooLarge : MSG.avatarType, 'file');
      }
      const now = clock.now();
      await hitLimits(db, now, [
        { key: `upload:member:${input.memberId}`, max: UPLOADS_PER_HOUR, windowSeconds: 3600 },
      ]);
      const { image } = inspected;
      const name = `${randomBytes(18).toString('base64url')}.${image.extension}`;
      await storage.put(name, input.bytes, image.contentType);
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
      return { url: `${publicPrefix}${name}` };
    },
  };
}
