import { MSG } from '@anxin/shared/common/messages';
import { AVATAR_MAX_BYTES } from '@anxin/shared/profile/profile.schemas';
import { uploadReplySchema } from '@anxin/shared/uploads/uploads.contract';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { BlobCipher } from '../../platform/crypto.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { createFileStorage } from '../../platform/storage/create-storage.ts';
import { isStorageName } from '../../platform/storage/file-storage.ts';
import { PRIVATE_UPLOAD_MODULE, privateUploadCipher, privateUrlSigner } from './private-uploads.ts';
import { findUpload } from './uploads.repository.ts';
import { createUploadService, UPLOAD_MODULES } from './uploads.service.ts';

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg' };

/**
 * Uploads (POST /v2/upload?module=common|private, multipart `file`) and the files they made. Common files are
 * public by their random name under the avatar host prefix (avatars show in <img> without a token). Private
 * ones (guardian ID photos, prescription images) are encrypted at rest, never served there, and opened only
 * through a signed URL of their owner (GET /v2/upload/private/:name?exp&sig; private-uploads.ts).
 */
export const uploadsModule: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.services;
  const storage = createFileStorage(config);
  const { fieldKey } = app.services.secrets;
  const uploads = createUploadService({ db, clock, storage, publicPrefix: config.AVATAR_HOST, fieldKey });
  const privateCipher = privateUploadCipher(fieldKey);
  const signer = privateUrlSigner(fieldKey);

  // Registered here only: no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/v2/upload',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['uploads'],
        summary:
          'Upload an image (multipart field `file`: jpg, jpeg or png, at most 2048 KB); answers its url ' +
          '(module=private: encrypted at rest, the url is signed for 10 minutes)',
        consumes: ['multipart/form-data'],
        querystring: z.object({ module: z.enum(UPLOAD_MODULES, { error: MSG.badRequest }).default('common') }),
        response: { 201: uploadReplySchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(MSG.uploadFileMissing, 'file');
      // A body that does not parse as multipart (no boundary, cut short) is the client's fault: 400, not 500.
      const part = await request.file().catch(() => {
        throw badRequest(MSG.uploadFileMissing, 'file');
      });
      if (part?.fieldname !== 'file') throw badRequest(MSG.uploadFileMissing, 'file');
      let bytes: Buffer | undefined;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if (!(error instanceof app.multipartErrors.RequestFileTooLargeError)) {
          throw badRequest(MSG.uploadFileMissing, 'file');
        }
        bytes = undefined;
      }
      const result = await uploads.storeImage({
        memberId: request.member.memberId,
        module: request.query.module,
        fileName: part.filename,
        bytes,
      });
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/files/:name',
    {
      schema: {
        tags: ['uploads'],
        summary: 'An uploaded file (the avatar host prefix)',
        params: z.object({ name: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!isStorageName(name)) throw notFound();
      // A private upload is never served here, neither its ciphertext nor its bytes.
      if ((await findUpload(db, name))?.module === PRIVATE_UPLOAD_MODULE) throw notFound();
      const bytes = await storage.get(name);
      if (!bytes || BlobCipher.isEncrypted(bytes)) throw notFound();
      const extension = name.slice(name.lastIndexOf('.') + 1);
      return reply
        .type(CONTENT_TYPES[extension] ?? 'application/octet-stream')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(bytes);
    },
  );

  app.get(
    '/v2/upload/private/:name',
    {
      schema: {
        tags: ['uploads'],
        summary:
          'A private upload, decrypted, by the signed URL a reply gave (10 minutes, its owner’s); anything else 404',
        params: z.object({ name: z.string().max(100) }),
        querystring: z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!isStorageName(name)) throw notFound();
      const row = await findUpload(db, name);
      if (!row) throw notFound();
      const { exp, sig } = request.query;
      if (!signer.verify(name, exp, sig, row.memberId, clock.now())) throw notFound();
      const stored = await storage.get(name);
      if (!stored) throw notFound();
      let bytes = stored;
      if (row.module === PRIVATE_UPLOAD_MODULE) {
        if (!BlobCipher.isEncrypted(stored)) throw notFound();
        bytes = privateCipher.decrypt(stored);
      }
      return reply
        .type(row.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
};
