import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { handleError } from './error-handler.ts';
import { loggerOptions } from './log-options.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('API conventions', () => {
  it('serves the OpenAPI document generated from the route schemas, and the explorer', async () => {
    const document = await t.app.inject({ method: 'GET', url: '/web-gateway/openapi.json' });
    expect(document.statusCode).toBe(200);
    const paths = Object.keys(document.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/passport/account/smsLogin/v2', '/v2/member/account/register']));
    const register = document.json().paths['/v2/member/account/register'].post;
    expect(Object.keys(register.requestBody.content['application/json'].schema.properties)).toEqual([
      'userName',
      'validCode',
      'password',
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/web-gateway/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers an unknown API path with the error shape', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/web-gateway/v2/nothing-here' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ code: 'NOT_FOUND', message: '您访问的内容不存在' });
  });

  it('answers malformed JSON and oversized bodies with a Chinese message', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/web-gateway/passport/account/smsLogin/v2',
      headers: { 'content-type': 'application/json' },
      payload: '{"phoneNum":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('请求参数错误');
    const oversized = await t.app.inject({
      method: 'POST',
      url: '/web-gateway/passport/account/smsLogin/v2',
      payload: { phoneNum: 'x'.repeat(300 * 1024) },
    });
    expect(oversized.statusCode).toBe(413);
  });

  it('sends security headers: a CSP without inline scripts, nosniff, frame denial, a request id', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/web-gateway/health' });
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('errors and logs', () => {
  it('answers an unexpected error with a generic Chinese message and logs the cause', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: {
        level: 'error',
        stream: new Writable({ write: (chunk, _e, done) => done(void lines.push(String(chunk))) }),
      },
    });
    app.setErrorHandler(handleError);
    app.get('/boom', async () => {
      throw new Error('database password is hunter2');
    });
    const reply = await app.inject({ method: 'GET', url: '/boom' });
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({ code: 'INTERNAL', message: '服务异常，请刷新重试' });
    expect(reply.body).not.toContain('hunter2');
    expect(lines.join('')).toContain('hunter2');
    await app.close();
  });

  it('redacts tokens, passwords, codes and ID numbers from logs', () => {
    const lines: string[] = [];
    const logger = pino(
      loggerOptions('info'),
      new Writable({ write: (chunk, _e, done) => done(void lines.push(String(chunk))) }),
    );
    logger.info({
      req: { headers: { authorization: 'Bearer secret-token' } },
      body: { password: 'Abc12345', smsCode: '123456', refreshToken: 'r1', idCardNumber: '11010519491231002X' },
    });
    const line = lines.join('');
    for (const secret of ['secret-token', 'Abc12345', '123456', 'r1"', '11010519491231002X'])
      expect(line).not.toContain(secret);
  });
});

describe('configuration', () => {
  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('refuses sandbox adapters and test captcha in production unless told', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), FIELD_ENCRYPTION_KEY: 'a'.repeat(64) };
    expect(() => loadConfig(production)).toThrow(/SMS_PROVIDER=outbox/);
    expect(() => loadConfig({ ...production, ALLOW_SANDBOX_IN_PRODUCTION: '1', CAPTCHA_MODE: 'test' })).toThrow(
      /CAPTCHA_MODE=test/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOX_IN_PRODUCTION: '1' })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ ...production, ALLOW_SANDBOX_IN_PRODUCTION: '1' }).isProduction).toBe(true);
  });
});
