import { ErrorCode } from '@anxin/shared/common/errors';
import { MSG } from '@anxin/shared/common/messages';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

/** Every error leaves as `{code, message, fields?}` with a Chinese message; causes of 500s are logged, never shown. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return reply.status(error.statusCode).send({ code: error.code, message: error.message, fields: error.fields });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = error.validation.map((issue) => ({
      field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(issue.params?.missingProperty ?? ''),
      message: issue.message ?? MSG.badRequest,
    }));
    return reply
      .status(400)
      .send({ code: ErrorCode.validationFailed, message: fields[0]?.message ?? MSG.badRequest, fields });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return reply.status(429).send({ code: ErrorCode.tooManyRequests, message: MSG.tooManyRequests });
  if (status >= 400 && status < 500) {
    return reply.status(status).send({ code: ErrorCode.validationFailed, message: MSG.badRequest });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ code: ErrorCode.internal, message: MSG.serverError });
}
