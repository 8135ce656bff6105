import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { PROTOCOL_TEXTS } from './protocol-texts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /v2/protocols', () => {
  it('answers the texts of the known codes asked for, an unknown code none', async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: '/web-gateway/v2/protocols?protocolCodes=user-service, privacy,no-such-text',
    });
    expect(reply.statusCode).toBe(200);
    const texts = reply.json() as { protocolCode: string; title: string; content: string }[];
    expect(texts.map((text) => text.protocolCode).sort()).toEqual(['privacy', 'user-service']);
    const userService = PROTOCOL_TEXTS.find((text) => text.protocolCode === 'user-service');
    expect(texts.find((text) => text.protocolCode === 'user-service')).toEqual({
      protocolCode: 'user-service',
      title: userService?.title,
      content: userService?.content,
    });
  });
});
