import { AFTERSALE_MSG } from '@anxin/shared/aftersale/aftersale.rules';
import { MSG } from '@anxin/shared/common/messages';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

/**
 * Every route of the OpenAPI document gets generated bad input, anonymously and as a signed-in member: wrong
 * types, NUL, lone surrogates, huge and deeply nested values, unknown fields, invalid UTF-8, bad percent
 * escapes, oversized and malformed bodies. No reply may be a 5xx, and every 4xx is `{code, message}` with a
 * Chinese message. FUZZ_SEED=<n> repeats a run; FUZZ_REQUESTS=<n> sends more (per database).
 */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
/**
 * At least 10,000 requests a CI run: shared by the databases the run tests (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set), each getting its own seeds so the two halves send different input.
 */
const DATABASES_IN_RUN = process.env.TEST_DATABASE_URL ? 2 : 1;
const DATABASE_INDEX = process.env.TEST_DATABASE_KIND === 'postgres' ? 1 : 0;
const MIN_REQUESTS = Math.ceil(10_000 / DATABASES_IN_RUN);
const REQUEST_BUDGET = Math.max(MIN_REQUESTS, Number(process.env.FUZZ_REQUESTS ?? 0)) * 1.02;

/** Routes whose error replies follow another contract than `{code, message}`, and why. */
const OWN_ERROR_SHAPE: Record<string, string> = {
  // The sandbox stands in for an outside OAuth provider: its errors are RFC 6749's `{error}`.
  'POST /web-gateway/sandbox/oauth/{provider}/token': 'oauth',
  'GET /web-gateway/sandbox/oauth/{provider}/userinfo': 'oauth',
  // The provider sends the shopper's browser here: its failures are an HTML page (checked for Chinese text).
  'GET /web-gateway/passport/oauth2/callback/{provider}': 'page',
  // The sandbox provider's own consent page: `{code, message}` in Chinese, in words of its own ("client_id 无效").
  'POST /web-gateway/sandbox/oauth/{provider}/decisions': 'sandbox',
};

// The after-sale rules keep their messages beside them (one file for the page and the server).
const SHOPPER_MESSAGES = new Set<string>([...Object.values(MSG), ...Object.values(AFTERSALE_MSG)]);

/** After these a fuzzed call may have ended the member's sign-in: sign in again before the next one. */
const MAY_END_SIGN_IN = /logout|sessions|closeapply|binder|Binder|Registry|pwd/;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema: JsonSchema };
type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: { contentTypes: string[]; schema: JsonSchema };
};
type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

// ---- Values ----

/** One character: any code point, or one of those that break naive code (NUL, lone surrogates, BOM, RTL…). */
const nastyUnit = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  fc.constantFrom('\u0000', '\ud800', '\udfff', '\ufeff', '\uffff', '\u202e', '%', "'", '"', '\\', '\n', '😷', '药'),
);
const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: nastyUnit, maxLength: 24 }) },
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1.5',
    'NaN',
    'Infinity',
    '1e309',
    '99999999999999999999999',
    'null',
    'true',
    '__proto__',
    'constructor',
    "' OR 1=1 --",
    '../../etc/passwd',
    '\u0000',
    '2026-02-30',
  ),
  fc.integer({ min: 1_000, max: 10_000 }).map((length) => '药'.repeat(length)),
);
/** Arrays nested up to 300 levels: `[[[…]]]` (the raw bodies below nest far deeper, as text). */
const deepValue = fc.integer({ min: 20, max: 300 }).map((depth) => {
  let value: unknown = 'x';
  for (let level = 0; level < depth; level++) value = [value];
  return value;
});
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53 + 2, 0.1),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
  deepValue,
  fc.integer({ min: 1_000, max: 3_000 }).map((length) => Array.from({ length }, (_, index) => index)),
);

/** Values the schema accepts or nearly does, so that calls get past validation and reach the services. */
function plausibleValue(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((variant) => plausibleValue(variant, depth + 1)));
  if (schema.allOf?.length) return plausibleValue(schema.allOf[0], depth + 1);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const plain = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return plausibleString(schema);
      case 'integer':
        return fc.integer({
          min: Math.max(schema.minimum ?? -1000, -(2 ** 31)),
          max: Math.min(schema.maximum ?? 1000, 2 ** 31),
        });
      case 'number':
        return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(plausibleValue(schema.items, depth + 1), {
          minLength: Math.min(schema.minItems ?? 0, 3),
          maxLength: Math.min(schema.maxItems ?? 4, 4),
        });
      case 'object':
        return plausibleObject(schema, depth);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  })();
  return schema.nullable ? fc.option(plain, { nil: null }) : plain;
}

function plausibleString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern, 'u'));
    } catch {
      // A pattern only the v flag or another engine reads: a plain string will do.
    }
  }
  const minLength = Math.min(schema.minLength ?? 0, 40);
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 20, 40)) });
}

function plausibleObject(schema: JsonSchema, depth: number) {
  const properties = Object.entries(schema.properties ?? {});
  return fc.record(Object.fromEntries(properties.map(([name, property]) => [name, fieldValue(property, depth + 1)])), {
    requiredKeys: (schema.required ?? []).filter((name) => schema.properties?.[name]),
  });
}

/** Mostly plausible, sometimes wrong: one bad field among good ones is where handlers are least careful. */
const fieldValue = (schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 3, arbitrary: plausibleValue(schema, depth) }, { weight: 1, arbitrary: wrongValue });

/** Unknown fields added to a body, some named after prototype properties. */
const unknownFields = fc.dictionary(
  fc.oneof(nastyString, fc.constantFrom('__proto__', 'constructor', 'prototype', 'memberId', 'id')),
  wrongValue,
  { maxKeys: 2 },
);

// ---- Encoding ----

/** Percent-encodes text as UTF-8, and lone surrogates as their three bytes (which no decoder accepts). */
function percentEncode(text: string): string {
  let encoded = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      encoded += encodeURIComponent(char);
    }
  }
  return encoded;
}
const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
/** Escapes no decoder takes: a lone %, non-hex digits, bytes that are not UTF-8, an overlong slash. */
const brokenEscape = fc.constantFrom('%', '%Z1', '%FF', '%C0%AF', '%ED%A0%80', '%E4%B8', '%2e%2e', '%2F', '%00');
const urlComponent = (value: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 6, arbitrary: value.map((entry) => percentEncode(asText(entry))) },
    {
      weight: 1,
      arbitrary: fc.tuple(value, brokenEscape).map(([entry, broken]) => percentEncode(asText(entry)) + broken),
    },
  );

// ---- Bodies ----

const invalidUtf8Json = fc
  .tuple(
    nastyString,
    fc.uint8Array({ minLength: 1, maxLength: 8 }).map((bytes) => bytes.map((byte) => byte | 0x80)),
  )
  .map(([text, bytes]) =>
    Buffer.concat([
      Buffer.from(`{"a":"${text.replaceAll(/["\\]/g, '')}`),
      Buffer.from([0xff, ...bytes]),
      Buffer.from('"}'),
    ]),
  );
const rawBody = fc.oneof(
  fc.record({ contentType: fc.constant('application/json'), payload: invalidUtf8Json }),
  fc.record({
    contentType: fc.constant('application/json'),
    payload: fc.constantFrom('', '{', '{"a":}', 'nul', '[1,]', '"\\ud800"', '{"__proto__":{"x":1}}', '\ufeff{}'),
  }),
  fc.record({
    contentType: fc.constant('application/json'),
    payload: fc.integer({ min: 1_000, max: 100_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  }),
  fc.record({ contentType: fc.constant('application/json'), payload: fc.constant(`"${'x'.repeat(300 * 1024)}"`) }),
  fc.record({
    contentType: fc.constantFrom(
      'application/x-www-form-urlencoded',
      'text/plain',
      'application/xml',
      'multipart/form-data',
    ),
    payload: fc.oneof(
      nastyString,
      fc.dictionary(nastyString, nastyString, { maxKeys: 3 }).map((form) =>
        Object.entries(form)
          .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`)
          .join('&'),
      ),
    ),
  }),
  fc.record({
    contentType: fc.constant('multipart/form-data; boundary=fuzz'),
    payload: fc
      .uint8Array({ maxLength: 512 })
      .map((bytes) =>
        Buffer.concat([
          Buffer.from(
            '--fuzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
          ),
          Buffer.from(bytes),
          Buffer.from('\r\n--fuzz--\r\n'),
        ]),
      ),
  }),
);

function bodyArbitrary(operation: Operation) {
  const schema = operation.body?.schema;
  const jsonValue = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(plausibleValue(schema), unknownFields).map(mergeFields) },
    { weight: 2, arbitrary: wrongValue },
  );
  const json = jsonValue.map((value) => ({
    contentType: 'application/json',
    payload: JSON.stringify(value) ?? 'null',
  }));
  const form = operation.body?.contentTypes.includes('application/x-www-form-urlencoded')
    ? [
        fc
          .dictionary(
            fc.oneof(fc.constantFrom(...Object.keys(schema?.properties ?? { a: 0 })), nastyString),
            urlComponent(fieldValue(undefined)),
            { maxKeys: 5 },
          )
          .map((form) => ({
            contentType: 'application/x-www-form-urlencoded',
            payload: Object.entries(form)
              .map(([key, value]) => `${percentEncode(key)}=${value}`)
              .join('&'),
          })),
      ]
    : [];
  const none = fc.constant(undefined);
  return operation.body
    ? fc.oneof({ weight: 8, arbitrary: json }, ...form, { weight: 2, arbitrary: rawBody }, none)
    : fc.oneof({ weight: 8, arbitrary: none }, { weight: 1, arbitrary: json }, { weight: 1, arbitrary: rawBody });
}

const mergeFields = ([value, extra]: [unknown, Record<string, unknown>]) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value, ...extra } : value;

// ---- Requests ----

function requestArbitrary(
  operation: Operation,
): fc.Arbitrary<Omit<FuzzRequest, 'headers'> & { headers: Record<string, string> }> {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const headerParameters = operation.parameters.filter((parameter) => parameter.in === 'header');
  const path = fc
    .tuple(...pathParameters.map((parameter) => urlComponent(fieldValue(parameter.schema))))
    .map((values) => {
      let url = operation.path;
      pathParameters.forEach((parameter, index) => {
        url = url.replace(`{${parameter.name}}`, values[index] || '%20');
      });
      return url;
    });
  const queryPair = (name: fc.Arbitrary<string>, value: fc.Arbitrary<unknown>) =>
    fc.tuple(name, fc.array(urlComponent(value), { minLength: 1, maxLength: 2 }));
  const query = fc
    .tuple(
      fc
        .subarray(queryParameters)
        .chain((chosen) =>
          fc.tuple(...chosen.map((parameter) => queryPair(fc.constant(parameter.name), fieldValue(parameter.schema)))),
        ),
      fc.array(queryPair(nastyString.map(percentEncode), wrongValue), { maxLength: 2 }),
    )
    .map(([known, unknown]) =>
      [...known, ...unknown].flatMap(([name, values]) => values.map((value) => `${name}=${value}`)).join('&'),
    );
  const printable = fc.string({ unit: 'grapheme-ascii', maxLength: 30 });
  const headers = fc
    .tuple(...headerParameters.map(() => fc.option(fc.oneof(printable, fc.constant('x'.repeat(8000))))))
    .map((values) =>
      Object.fromEntries(
        headerParameters.flatMap((parameter, index) =>
          values[index] === null ? [] : [[parameter.name, values[index]]],
        ),
      ),
    );
  return fc.record({ path, query, headers, body: bodyArbitrary(operation) }).map(({ path, query, headers, body }) => ({
    method: operation.method,
    url: query ? `${path}?${query}` : path,
    headers: body ? { ...headers, 'content-type': body.contentType } : headers,
    payload: body?.payload,
  }));
}

function operationsOf(document: {
  servers: { url: string }[];
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  // The document's paths are relative to its server, the API's base path.
  const basePath = document.servers[0]?.url ?? '';
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, spec]) => {
      const content = (spec.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      return {
        method: method.toUpperCase(),
        path: `${basePath}${path}`,
        parameters: (spec.parameters as Parameter[] | undefined) ?? [],
        body: content
          ? { contentTypes: Object.keys(content), schema: Object.values(content)[0]?.schema ?? {} }
          : undefined,
      };
    }),
  );
}

// ---- The run ----

let t: TestApp;
let operations: Operation[] = [];
let memberId = 0;
let memberHeaders: Record<string, string> = {};
let sent = 0;
const startedAt = Date.now();

beforeAll(async () => {
  t = await buildTestApp();
  operations = operationsOf(t.app.swagger() as unknown as Parameters<typeof operationsOf>[0]);
  const { member, headers } = await t.createSignedInMember({ password: 'Fuzz@2026x' });
  memberId = member.id;
  memberHeaders = headers;
});
afterAll(async () => {
  console.log(
    `API fuzz (${process.env.TEST_DATABASE_KIND ?? 'pglite'}): ${sent} requests on ${operations.length} routes in ${Math.round((Date.now() - startedAt) / 1000)} s ` +
      `(seed ${SEED}; FUZZ_SEED=${SEED} repeats it)`,
  );
  await t?.close();
});

async function send(operation: Operation, request: FuzzRequest, asMember: boolean) {
  const reply = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: asMember ? { ...request.headers, ...memberHeaders } : request.headers,
    payload: request.payload,
  });
  sent++;
  if (asMember && MAY_END_SIGN_IN.test(operation.path)) {
    memberHeaders = { authorization: (await t.signIn(memberId)).authorization };
  }
  const where = `${request.method} ${request.url.slice(0, 300)} as ${asMember ? 'member' : 'anonymous'}`;
  expect(reply.statusCode, `${where} → ${reply.body.slice(0, 300)}`).toBeLessThan(500);
  if (reply.statusCode < 400) return;
  const shape = OWN_ERROR_SHAPE[`${operation.method} ${operation.path}`];
  if (shape === 'oauth') return;
  if (shape === 'page') {
    expect(reply.body, where).toMatch(/[\u4e00-\u9fff]/);
    return;
  }
  const body = reply.json();
  const seen = `${where} → ${reply.body.slice(0, 300)}`;
  expect(typeof body.code, seen).toBe('string');
  expect(
    Object.keys(body).filter((key) => !['code', 'message', 'fields'].includes(key)),
    seen,
  ).toEqual([]);
  if (shape === 'sandbox') {
    expect(body.message, where).toMatch(/[\u4e00-\u9fff]/);
    return;
  }
  // One of the shared messages: never a validator's or the framework's own wording.
  expect(SHOPPER_MESSAGES.has(body.message), seen).toBe(true);
}

describe('API fuzz', () => {
  it('reads every route from the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(operations.filter((operation) => operation.body).length).toBeGreaterThan(30);
  });

  it('answers generated bad input on every route without a 5xx, always in the documented error shape', async () => {
    // A route that takes nothing (no parameter, no body) has little to vary: a few runs; the rest share the budget.
    const takesInput = (operation: Operation) => operation.parameters.length > 0 || operation.body !== undefined;
    const withInput = operations.filter(takesInput).length;
    const fewRuns = 8;
    const runsPerIdentity = Math.ceil(
      (REQUEST_BUDGET - (operations.length - withInput) * fewRuns * 2) / (withInput * 2),
    );
    for (const [index, operation] of operations.entries()) {
      for (const asMember of [false, true]) {
        await fc.assert(
          fc.asyncProperty(requestArbitrary(operation), (request) => send(operation, request, asMember)),
          {
            seed: SEED + (index * 2 + Number(asMember)) * DATABASES_IN_RUN + DATABASE_INDEX,
            numRuns: takesInput(operation) ? runsPerIdentity : fewRuns,
            endOnFailure: true,
            // The failing request, cut short, and how to repeat the run; not fast-check's dump of a 300 KB body.
            reporter: (details) => {
              if (!details.failed) return;
              const cause = details.errorInstance instanceof Error ? details.errorInstance.message : 'failed';
              throw new Error(`${cause}\n(repeat with FUZZ_SEED=${SEED})`);
            },
          },
        );
      }
    }
    expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
  }, 600_000);
});
