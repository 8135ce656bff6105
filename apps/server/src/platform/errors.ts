import { ErrorCode } from '@anxin/shared/common/errors';
import { MSG } from '@anxin/shared/common/messages';

export type FieldError = { field: string; message: string };

/** The one error type business code throws; the error handler turns it into `{code, message, fields}`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldError[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) =>
  new AppError(400, ErrorCode.validationFailed, message, field ? [{ field, message }] : undefined);
export const notSignedIn = () => new AppError(401, ErrorCode.notSignedIn, MSG.notSignedIn);
/** A signed-in staff member whose roles do not allow the act (the console's permission check). */
export const forbidden = () => new AppError(403, ErrorCode.forbidden, MSG.staffForbidden);
export const notFound = () => new AppError(404, ErrorCode.notFound, MSG.notFound);
export const conflict = (message: string) => new AppError(409, ErrorCode.conflict, message);
export const tooManyRequests = (message: string = MSG.tooManyRequests) =>
  new AppError(429, ErrorCode.tooManyRequests, message);

/** Drizzle wraps driver errors: the PostgreSQL code sits on the cause. */
export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.cause?.code ?? (error as { code?: string })?.code;
  return code === '23505';
}
