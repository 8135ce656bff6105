import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PASSWORD_LOGIN_ENABLED: '0' });
});
afterAll(async () => {
  await t?.close();
});

describe('site flags with PASSWORD_LOGIN_ENABLED=0', () => {
  it('tells the page to leave the 密码登录 tab out', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/web-gateway/v2/mall/site-flags' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ passwordLoginEnabled: false });
  });
});
