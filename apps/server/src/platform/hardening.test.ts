import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { MSG } from '@anxin/shared/common/messages';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp, uniquePhone } from '../test/build-test-app.ts';
import { handleError } from './error-handler.ts';
import { loggerOptions } from './log-options.ts';

const API = '/web-gateway';
const BAD_INPUT = { code: 'VALIDATION_FAILED', message: MSG.badRequest };

let t: TestApp;
let member: Awaited<ReturnType<TestApp['createSignedInMember']>>;
beforeAll(async () => {
  t = await buildTestApp();
  member = await t.createSignedInMember();
});
afterAll(async () => {
  await t?.close();
});

const address = (overrides: Record<string, unknown> = {}) => ({
  consignee: '张三',
  consigneePhone2: '13912345678',
  provinceCode: '44',
  cityCode: '4403',
  customArea: '科技园南区深南大道10000号',
  ...overrides,
});

describe('NUL and lone surrogates in any string', () => {
  it.each([
    ['an order code in the path', 'GET', '/v3/orders/A%00B'],
    ['an order code to cancel', 'PUT', '/v3/orders/A%00B/platformCancel'],
    ['the order code of a logistics query', 'GET', '/v2/orders/logistics?ordersCode=A%00B'],
    ['the search keyword', 'GET', '/v2/products/search?keyword=%E6%84%9F%00'],
    ['the product name filter', 'GET', '/v3/orders/filter?productName=%E6%84%9F%00'],
    ['protocol codes', 'GET', '/v2/protocols?protocolCodes=a%00b'],
    ['a query parameter name', 'GET', '/v2/products/search?key%00word=1'],
    ['a lone surrogate in the path', 'GET', '/v3/orders/A%ED%A0%80B'],
  ])('refuses %s with 400', async (_what, method, url) => {
    const reply = await t.app.inject({ method: method as 'GET', url: `${API}${url}`, headers: member.headers });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject(BAD_INPUT);
  });

  it.each([
    ['pay', 'POST', '/v2/pay', () => ({ userId: member.member.id, orderCodes: 'A\u0000B', paymentType: 99 })],
    ['an address field', 'POST', '/v2/deliveryAddresses', () => address({ customArea: '深南大道\u00001号' })],
    [
      'the login key',
      'POST',
      '/passport/account/login/v3',
      () => ({ loginName: 'YQ==', password: 'YQ==', key: 'k\u0000' }),
    ],
    ['an image captcha id', 'PUT', '/v2/captcha/image/captchas', () => ({ id: 'a\u0000b', code: 'abcd' })],
    ['a field name', 'POST', '/v2/deliveryAddresses', () => ({ ...address(), 'x\u0000': 1 })],
    ['a lone surrogate', 'POST', '/v2/deliveryAddresses', () => address({ customArea: '深南大道\ud8001号' })],
    ['a nested lone surrogate', 'POST', '/v2/pay', () => ({ userId: 1, orderCodes: ['A', '\udc00'], paymentType: 99 })],
  ])('refuses %s in a JSON body with 400', async (_what, method, url, payload) => {
    const reply = await t.app.inject({
      method: method as 'POST',
      url: `${API}${url}`,
      headers: { ...member.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload()),
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject(BAD_INPUT);
  });

  it('refuses a JSON body that is not valid UTF-8', async () => {
    const body = Buffer.concat([Buffer.from('{"consignee":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const reply = await t.app.inject({
      method: 'POST',
      url: `${API}/v2/deliveryAddresses`,
      headers: { ...member.headers, 'content-type': 'application/json' },
      payload: body,
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject(BAD_INPUT);
  });

  it('still takes Chinese text and emoji (surrogate pairs)', async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: `${API}/v2/products/search?keyword=${encodeURIComponent('感冒😷')}`,
    });
    expect(reply.statusCode).toBe(200);
  });
});

describe('failed queries in the log', () => {
  it('logs the failing SQL without its parameter values', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: {
        ...loggerOptions('error'),
        stream: new Writable({ write: (chunk, _e, done) => done(void lines.push(String(chunk))) }),
      },
    });
    app.setErrorHandler(handleError);
    app.get('/boom', async () => t.db.execute(sql`select ${'张三丰'}::int, ${'13912345678'}::text`));
    const reply = await app.inject({ method: 'GET', url: '/boom' });
    await app.close();
    expect(reply.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('select $1::int, $2::text');
    expect(log).toContain('22P02');
    expect(log).not.toContain('13912345678');
    expect(log).not.toContain('张三丰');
  });
});

describe('Cache-Control', () => {
  it('answers member calls, tokens and errors with no-store', async () => {
    const vo = await t.app.inject({ method: 'GET', url: `${API}/v2/member/vo`, headers: member.headers });
    expect(vo.statusCode).toBe(200);
    expect(vo.headers['cache-control']).toBe('no-store');

    const phone = uniquePhone();
    const smsCode = await t.sendSmsCode(phone);
    const login = await t.app.inject({
      method: 'POST',
      url: `${API}/passport/account/smsLogin/v2`,
      payload: { phoneNum: phone, smsCode },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');

    const refresh = await t.app.inject({
      method: 'POST',
      url: `${API}/passport/account/token/refresh`,
      payload: { refreshToken: login.json().refresh_token },
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.headers['cache-control']).toBe('no-store');

    for (const url of ['/v2/member/vo', '/v2/nothing-here', '/v2/regions?parentCode=x']) {
      const failed = await t.app.inject({ method: 'GET', url: `${API}${url}` });
      expect(failed.statusCode).toBeGreaterThanOrEqual(400);
      expect(failed.headers['cache-control']).toBe('no-store');
    }
  });

  it('leaves the public catalogue, regions and protocol texts cacheable', async () => {
    const regions = await t.app.inject({ method: 'GET', url: `${API}/v2/regions` });
    expect(regions.headers['cache-control']).toBe('public, max-age=86400');
    const search = await t.app.inject({ method: 'GET', url: `${API}/v2/products/search?size=1` });
    const product = `/v2/products/${search.json().content[0].productCode}`;
    for (const url of ['/v2/products/search', product, `${product}/reviews`, '/v2/protocols?protocolCodes=a']) {
      const reply = await t.app.inject({ method: 'GET', url: `${API}${url}` });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['cache-control']).toBeUndefined();
    }
  });
});

describe('validation messages a shopper understands', () => {
  it.each([
    ['a number beyond the safe range', '/v2/products/search?page=99999999999999999999'],
    ['a value outside an enumeration', '/v3/orders/filter?status=bogus'],
    ['a number that is not one', '/v2/products/search?size=abc'],
    ['a wrong type in a body', '/v2/pay'],
  ])('answers %s with 请求参数错误', async (_what, url) => {
    const isBody = url === '/v2/pay';
    const reply = await t.app.inject({
      method: isBody ? 'POST' : 'GET',
      url: `${API}${url}`,
      headers: member.headers,
      ...(isBody ? { payload: { userId: 'me', orderCodes: ['A'], paymentType: 99 } } : {}),
    });
    expect(reply.statusCode).toBe(400);
    const body = reply.json();
    expect(body.message).toBe(MSG.badRequest);
    for (const field of body.fields) expect(field.message).toBe(MSG.badRequest);
  });

  it('keeps the messages of the shared rules', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: `${API}/v2/deliveryAddresses`,
      headers: member.headers,
      payload: address({ consignee: '1' }),
    });
    expect(reply.json()).toMatchObject({ message: MSG.consigneeMalformed });
  });
});

describe('a request schema that throws', () => {
  it('answers 400, not 500: input that breaks a rule is bad input', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setErrorHandler(handleError);
    const schema = z.object({ a: z.string() }).refine((body) => body.a.length > 0, { when: () => true });
    app.post('/rule', { schema: { body: schema } }, async () => 'ok');
    const reply = await app.inject({ method: 'POST', url: '/rule' });
    await app.close();
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual(BAD_INPUT);
  });
});

describe('framework errors', () => {
  it.each([
    ['an unknown media type', { 'content-type': 'application/x-unknown' }, 'x', 415],
    ['malformed JSON', { 'content-type': 'application/json' }, '{"a":', 400],
    ['an empty JSON body', { 'content-type': 'application/json' }, '', 400],
    ['an oversized body', { 'content-type': 'application/json' }, `"${'x'.repeat(300 * 1024)}"`, 413],
  ])('answers %s with {code, message}', async (_what, headers, payload, status) => {
    const reply = await t.app.inject({
      method: 'POST',
      url: `${API}/v2/deliveryAddresses`,
      headers: { ...member.headers, ...headers },
      payload,
    });
    expect(reply.statusCode).toBe(status);
    expect(Object.keys(reply.json()).sort()).toEqual(['code', 'message']);
    expect(reply.json().message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('answers too large headers (Node’s own 431) with {code, message}', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const reply = await new Promise<{ status: number; body: string; type: string }>((resolve, reject) => {
      const req = httpRequest(
        { port, host: '127.0.0.1', path: `${API}/health`, headers: { 'x-big': 'x'.repeat(20_000) } },
        (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body, type: String(res.headers['content-type']) }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(reply.status).toBe(431);
    expect(reply.type).toContain('application/json');
    expect(JSON.parse(reply.body)).toEqual({ code: 'VALIDATION_FAILED', message: MSG.requestTooLarge });
  });
});

describe('API docs', () => {
  const production = {
    NODE_ENV: 'production',
    CAPTCHA_MODE: 'slider',
    ALLOW_SANDBOX_IN_PRODUCTION: '1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    FIELD_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };

  it.each([
    ['off in production', production, 404],
    ['on in production when configured', { ...production, API_DOCS_ENABLED: '1' }, 200],
    ['off elsewhere when configured off', { API_DOCS_ENABLED: '0' }, 404],
  ])('are %s', async (_what, env, status) => {
    const app = await buildTestApp(env);
    try {
      for (const url of ['/openapi.json', '/docs', '/docs/json']) {
        const reply = await app.app.inject({ method: 'GET', url: `${API}${url}` });
        expect(reply.statusCode === 302 ? 200 : reply.statusCode, url).toBe(status);
      }
    } finally {
      await app.close();
    }
  });
});
