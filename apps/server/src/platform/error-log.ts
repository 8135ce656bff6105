import { DrizzleQueryError } from 'drizzle-orm/errors';
import { stdSerializers } from 'pino';

/** What a driver error may tell the log: names and codes, never values (its message and detail can quote them). */
const SAFE_DATABASE_FIELDS = ['severity', 'routine', 'constraint', 'schema', 'table', 'column', 'dataType'];

/** PostgreSQL's errors (pg and PGlite alike) carry a five-character SQLSTATE code and a severity. */
const isDatabaseError = (error: unknown): error is Record<string, unknown> =>
  error instanceof Error &&
  typeof (error as { code?: unknown }).code === 'string' &&
  typeof (error as { severity?: unknown }).severity === 'string';

function errorChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current instanceof Error && chain.length < 10; current = current.cause) chain.push(current);
  return chain;
}

/** The stack's frames without its first line, which repeats the message. */
const framesOf = (error: Error) =>
  (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');

/**
 * The logger's `err` serializer. A failed query is logged as its SQL text (placeholders only), the SQLSTATE
 * and the names PostgreSQL gives: drizzle puts the parameter values (phones, names, addresses) in the message
 * and on the error, and the driver's message or detail can quote them too. Other errors as pino logs them.
 */
export function serializeError(error: unknown) {
  const chain = errorChain(error);
  const query = chain.find((entry) => entry instanceof DrizzleQueryError) as DrizzleQueryError | undefined;
  const database = chain.find(isDatabaseError);
  if (!query && !database) return stdSerializers.err(error as Error);
  const outer = error as Error;
  return {
    type: outer.constructor?.name ?? 'Error',
    message: query ? 'Failed query' : 'Database error',
    query: query?.query,
    // Not `code`: the logger redacts every `code` (SMS and captcha codes).
    sqlState: database?.code,
    ...(database
      ? Object.fromEntries(
          SAFE_DATABASE_FIELDS.filter((name) => database[name] !== undefined).map((name) => [name, database[name]]),
        )
      : {}),
    stack: framesOf(outer),
  };
}
