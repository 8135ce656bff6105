import { isUtf8 } from 'node:buffer';
import { MSG } from '@anxin/shared/common/messages';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * NUL (PostgreSQL text cannot hold it: the query fails) and a lone UTF-16 surrogate (no character at all: it
 * is stored as U+FFFD or fails). A surrogate pair, an emoji, is a character and passes.
 */
const UNSAFE_TEXT = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when any string of the value, or any key of its objects, holds NUL or a lone surrogate. */
export function hasUnsafeText(value: unknown): boolean {
  // A list, not recursion: a body nested thousands of levels deep must not overflow the stack.
  const pending: unknown[] = [value];
  while (pending.length) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (UNSAFE_TEXT.test(current)) return true;
    } else if (Array.isArray(current)) {
      for (const entry of current) pending.push(entry);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, entry] of Object.entries(current)) {
        if (UNSAFE_TEXT.test(key)) return true;
        pending.push(entry);
      }
    }
  }
  return false;
}

/**
 * One gate for every route: a JSON body must be UTF-8, and no path parameter, query value or body string may
 * hold NUL or a lone surrogate. Answers 400 请求参数错误 before a schema or a query sees the value.
 */
export function guardRequestText(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    if (!isUtf8(body)) return done(badRequest(MSG.badRequest), undefined);
    parseJson(request, body.toString('utf8'), done);
  });
  app.addHook('preValidation', async (request) => {
    if (hasUnsafeText(request.params) || hasUnsafeText(request.query) || hasUnsafeText(request.body)) {
      throw badRequest(MSG.badRequest);
    }
  });
}
