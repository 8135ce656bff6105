import { pageOf } from '@anxin/shared/common/page';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { errorBodySchema } from './api-schemas.ts';

// Every success reply of the API is a contract of packages/shared (or a list or a page of one), so the page
// that reads it gets its type from the same schema (docs/ARCHITECTURE.md, "Contracts"). Compared as the
// OpenAPI document shows them: the same converter turns each shared schema into JSON Schema.
const sharedModules = import.meta.glob<Record<string, unknown>>(
  ['../../../../packages/shared/src/**/*.ts', '!**/*.test.ts'],
  { eager: true },
);

type Reply = { content?: Record<string, { schema?: unknown }> };
type Operation = { responses?: Record<string, Reply>; operationId?: string; description?: string; tags?: string[] };
type OpenApi = {
  openapi: string;
  info: { description?: string };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
};

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

function toOpenApiJson(schema: z.ZodType, openapi: string) {
  const { schema: transformed } = jsonSchemaTransform({
    schema: { response: { 200: schema } },
    url: '/contract',
    openapiObject: { openapi },
  } as Parameters<typeof jsonSchemaTransform>[0]);
  return (transformed as { response: Record<string, unknown> }).response[200];
}

/**
 * A redirect answers with its Location header and no body, which z.null() declares as a JSON body that can only
 * be null: there is nothing for a page to type.
 */
function hasNoBody(reply: Reply) {
  const schema = reply.content?.['application/json']?.schema as { enum?: unknown[] } | undefined;
  return schema === undefined || (schema.enum?.length === 1 && schema.enum[0] === null);
}

let t: TestApp;
let document: OpenApi;
beforeAll(async () => {
  t = await buildTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/web-gateway/openapi.json' })).json();
});
afterAll(() => t.close());

describe('OpenAPI replies', () => {
  it('every success reply is declared and is a shared contract, a list of one or a page of one', () => {
    const sharedSchemas = Object.values(sharedModules)
      .flatMap((exports) => Object.values(exports))
      .filter((value): value is z.ZodType => value instanceof z.ZodType);
    expect(sharedSchemas.length).toBeGreaterThan(50);
    const allowed = new Set(
      sharedSchemas.flatMap((schema) =>
        [schema, z.array(schema), pageOf(schema)].map((shape) => canonical(toOpenApiJson(shape, document.openapi))),
      ),
    );
    const errorShape = canonical(toOpenApiJson(errorBodySchema, document.openapi));

    const offenders: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const route = `${method.toUpperCase()} ${path}`;
        const replies = Object.entries(operation.responses ?? {});
        const successes = replies.filter(([status]) => status.startsWith('2'));
        // A redirect-only route (the third-party sign-in start) succeeds with a declared 3xx without a body.
        const isRedirect = replies.some(([status, reply]) => status.startsWith('3') && hasNoBody(reply));
        if (successes.length === 0 && !isRedirect) offenders.push(`${route}: no success reply declared`);
        for (const [status, reply] of successes) {
          const schema = reply.content?.['application/json']?.schema;
          if (status === '204' || schema === undefined) continue;
          const shape = canonical(schema);
          if (!allowed.has(shape) || shape === errorShape) {
            offenders.push(`${route} ${status}: not a shared contract`);
          }
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});

describe('OpenAPI document for client generators', () => {
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
    );

  it('is built: a route without a tag or summary, with an undeclared tag or a clashing operationId says so here', () => {
    expect(() => t.app.swagger()).not.toThrow();
  });

  it('names the base path as its server, so the paths are relative to it', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: '/web-gateway' })]);
    expect(Object.keys(document.paths)).toContain('/passport/account/smsLogin/v2');
    expect(document.info.description).toBeTruthy();
  });

  it('gives every operation a unique operationId and a description', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter(({ operation }) => !operation.operationId || !operation.description).map((o) => o.route)).toEqual(
      [],
    );
    const ids = all.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(document.paths['/passport/account/smsLogin/v2']?.post?.operationId).toBe(
      'authPostPassportAccountSmsLoginV2',
    );
  });

  it('declares exactly the tags its operations use, each with a description', () => {
    const used = new Set(operations().flatMap(({ operation }) => operation.tags ?? []));
    expect(new Set(document.tags?.map((tag) => tag.name))).toEqual(used);
    expect(document.tags?.filter((tag) => !tag.description)).toEqual([]);
  });
});
