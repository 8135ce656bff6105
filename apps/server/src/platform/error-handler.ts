import type { Socket } from 'node:net';
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
  if (error.validationContext) {
    // A request schema that throws on odd input (a refinement reading a field of null) still met bad input;
    // logged so that the rule gets fixed.
    request.log.warn({ err: error }, 'request schema threw');
    return reply.status(400).send({ code: ErrorCode.validationFailed, message: MSG.badRequest });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return reply.status(429).send({ code: ErrorCode.tooManyRequests, message: MSG.tooManyRequests });
  if (status >= 400 && status < 500) {
    const message = status === 413 ? MSG.requestTooLarge : MSG.badRequest;
    return reply.status(status).send({ code: ErrorCode.validationFailed, message });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ code: ErrorCode.internal, message: MSG.serverError });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers too large, a malformed request line,
 * a timeout) get the same `{code, message}` body, written on the socket as Node would write its own.
 */
export function handleClientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', MSG.requestTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', MSG.networkPoor]
        : [400, 'Bad Request', MSG.badRequest];
  const body = JSON.stringify({ code: ErrorCode.validationFailed, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
