import './zod-locale.ts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MSG } from './messages.ts';

const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('zod messages', () => {
  it.each([
    ['a number beyond the safe range', z.number().int(), 1e20],
    ['a value outside an enumeration', z.enum(['a', 'b']), 'c'],
    ['a number that is not one', z.coerce.number(), 'abc'],
    ['a missing field', z.object({ a: z.string() }), {}],
    ['a string too long', z.string().max(2), 'abc'],
    ['a malformed format', z.string().email(), 'x'],
  ])('answers %s with 请求参数错误', (_what, schema, value) => {
    expect(messageOf(schema, value)).toBe(MSG.badRequest);
  });

  it('keeps a rule’s own message', () => {
    expect(messageOf(z.string().min(1, { error: MSG.phoneEmpty }), '')).toBe(MSG.phoneEmpty);
    expect(messageOf(z.string({ error: MSG.phoneEmpty }), 1)).toBe(MSG.phoneEmpty);
  });
});
