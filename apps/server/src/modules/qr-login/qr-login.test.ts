import { ErrorCode } from '@anxin/shared/common/errors';
import { MSG } from '@anxin/shared/common/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { sessions } from '../auth/auth.module.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_ORIGIN: 'https://mall.example.cn' });
});
afterAll(async () => {
  await t?.close();
});

const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

type Browser = { cookie: string; uuid: string; url: string };

/** A desktop browser asks for a code; it keeps the cookie the server set. */
async function requestCode(cookie?: string): Promise<Browser & { setCookie: string }> {
  const reply = await t.app.inject({
    method: 'GET',
    url: '/web-gateway/passport/account/qrCode',
    headers: { 'user-agent': DESKTOP_UA, ...(cookie ? { cookie } : {}) },
    remoteAddress: '203.0.113.7',
  });
  expect(reply.statusCode).toBe(200);
  const setCookie = String(reply.headers['set-cookie']);
  return { ...reply.json(), cookie: setCookie.split(';')[0], setCookie };
}

const statusOf = (uuid: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/web-gateway/passport/account/qrCode/status?uuid=${uuid}`,
    headers: cookie ? { cookie } : {},
  });

const loginWith = (uuid: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/web-gateway/passport/account/login/qrCode',
    payload: { uuid },
    headers: cookie ? { cookie } : {},
  });

const phoneCall = (action: 'scan' | 'confirm' | 'cancel', uuid: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/web-gateway/passport/account/qrCode/${action}`, payload: { uuid }, headers });

const accountIdOf = async (accessToken: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/web-gateway/v2/member/vo',
      headers: { authorization: `Bearer ${accessToken}` },
    })
  ).json().accountId;

describe('QR code', () => {
  it('answers {url, uuid}: 192 random bits, our own confirmation page, the browser secret as an HttpOnly cookie', async () => {
    const browser = await requestCode();
    expect(browser.uuid).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(browser.url).toBe(`https://mall.example.cn/m/qr-confirm?uuid=${browser.uuid}`);
    expect(browser.setCookie).toMatch(/^anxin_qr=[A-Za-z0-9_-]{43}; /);
    expect(browser.setCookie).toContain('HttpOnly');
    expect(browser.setCookie).toContain('SameSite=Strict');
    expect(browser.setCookie).toContain('Secure');
    expect(browser.setCookie).toContain('Path=/web-gateway/passport/account');
    expect(browser.setCookie).toContain('Max-Age=86400');
    const other = await requestCode();
    expect(other.uuid).not.toBe(browser.uuid);
    expect(other.cookie).not.toBe(browser.cookie);
  });

  it('keeps the secret of a browser that already has one, so two tabs can each show a code', async () => {
    const first = await requestCode();
    const second = await requestCode(first.cookie);
    expect(second.cookie).toBe(first.cookie);
    expect((await statusOf(first.uuid, first.cookie)).json()).toEqual({ status: 0 });
    expect((await statusOf(second.uuid, first.cookie)).json()).toEqual({ status: 0 });
  });

  it('serves the QR image (SVG) to the asking browser only', async () => {
    const browser = await requestCode();
    const image = await t.app.inject({
      method: 'GET',
      url: `/web-gateway/passport/account/qrCode/image?uuid=${browser.uuid}`,
      headers: { cookie: browser.cookie },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toMatch(/^<svg/);
    const stranger = await t.app.inject({
      method: 'GET',
      url: `/web-gateway/passport/account/qrCode/image?uuid=${browser.uuid}`,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('answers status and login only to the browser that asked (wrong or missing secret: 404)', async () => {
    const browser = await requestCode();
    const other = await requestCode();
    expect((await statusOf(browser.uuid)).statusCode).toBe(404);
    expect((await statusOf(browser.uuid, other.cookie)).statusCode).toBe(404);
    expect((await statusOf(browser.uuid, 'anxin_qr=forged')).statusCode).toBe(404);

    const { headers } = await t.createSignedInMember();
    await phoneCall('scan', browser.uuid, headers);
    await phoneCall('confirm', browser.uuid, headers);
    const stolen = await loginWith(browser.uuid, other.cookie);
    expect(stolen.statusCode).toBe(404);
    // The stolen attempt took nothing: the right browser still signs in.
    expect((await loginWith(browser.uuid, browser.cookie)).statusCode).toBe(200);
  });
});

describe('confirmation from a phone', () => {
  it('moves 0 → 1 → 2, shows who asks, then the asking browser signs in as the confirming member, once', async () => {
    const browser = await requestCode();
    const { member, headers } = await t.createSignedInMember();

    const scan = await phoneCall('scan', browser.uuid, headers);
    expect(scan.statusCode).toBe(200);
    expect(scan.json()).toMatchObject({
      status: 1,
      requester: { device: 'Chrome · Windows', ip: '203.0.113.7' },
    });
    expect(Number.isNaN(Date.parse(scan.json().requester.requestedAt))).toBe(false);
    expect((await statusOf(browser.uuid, browser.cookie)).json()).toEqual({ status: 1 });
    // Opening the page again is harmless.
    expect((await phoneCall('scan', browser.uuid, headers)).json().status).toBe(1);

    const early = await loginWith(browser.uuid, browser.cookie);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(MSG.qrLoginFailed);

    const confirm = await phoneCall('confirm', browser.uuid, headers);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ status: 2 });
    expect((await statusOf(browser.uuid, browser.cookie)).json()).toEqual({ status: 2 });

    const login = await loginWith(browser.uuid, browser.cookie);
    expect(login.statusCode).toBe(200);
    expect(await accountIdOf(login.json().access_token)).toBe(member.id);
    const methods = (await t.db.select().from(sessions).where(eq(sessions.memberId, member.id))).map((s) => s.method);
    expect(methods).toContain('qr');

    // Used: a second sign-in with the uuid fails and the code reads as invalid.
    const reused = await loginWith(browser.uuid, browser.cookie);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(MSG.qrLoginFailed);
    expect((await statusOf(browser.uuid, browser.cookie)).json()).toEqual({ status: 3 });
  });

  it('lets only one of two parallel sign-ins with one confirmed code through', async () => {
    const browser = await requestCode();
    const { headers } = await t.createSignedInMember();
    await phoneCall('scan', browser.uuid, headers);
    await phoneCall('confirm', browser.uuid, headers);
    const replies = await Promise.all([
      loginWith(browser.uuid, browser.cookie),
      loginWith(browser.uuid, browser.cookie),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses another member once the code is scanned', async () => {
    const browser = await requestCode();
    const first = await t.createSignedInMember();
    const second = await t.createSignedInMember();
    await phoneCall('scan', browser.uuid, first.headers);
    const otherScan = await phoneCall('scan', browser.uuid, second.headers);
    expect(otherScan.statusCode).toBe(409);
    expect(otherScan.json().message).toBe(MSG.qrScannedByOther);
    const otherConfirm = await phoneCall('confirm', browser.uuid, second.headers);
    expect(otherConfirm.statusCode).toBe(409);
    expect((await statusOf(browser.uuid, browser.cookie)).json()).toEqual({ status: 1 });
  });

  it('does not confirm a code that was never scanned', async () => {
    const browser = await requestCode();
    const { headers } = await t.createSignedInMember();
    const reply = await phoneCall('confirm', browser.uuid, headers);
    expect(reply.statusCode).toBe(400);
    expect((await statusOf(browser.uuid, browser.cookie)).json()).toEqual({ status: 0 });
  });

  it('取消 makes the code invalid (3): the browser cannot sign in with it', async () => {
    const browser = await requestCode();
    const { headers } = await t.createSignedInMember();
    await phoneCall('scan', browser.uuid, headers);
    const cancel = await phoneCall('cancel', browser.uuid, headers);
    expect(cancel.statusCode).toBe(204);
    expect((await statusOf(browser.uuid, browser.cookie)).json()).toEqual({ status: 3 });
    expect((await phoneCall('confirm', browser.uuid, headers)).statusCode).toBe(410);
    expect((await loginWith(browser.uuid, browser.cookie)).statusCode).toBe(400);
  });

  it('needs a signed-in member on the phone', async () => {
    const browser = await requestCode();
    for (const action of ['scan', 'confirm', 'cancel'] as const) {
      const reply = await phoneCall(action, browser.uuid);
      expect(reply.statusCode).toBe(401);
      expect(reply.json().code).toBe(ErrorCode.notSignedIn);
    }
  });
});

describe('expiry', () => {
  it('turns invalid (3) after 2 minutes: no scan, no confirm, no sign-in, no image', async () => {
    const browser = await requestCode();
    const { headers } = await t.createSignedInMember();
    t.clock.advance(119_000);
    expect((await statusOf(browser.uuid, browser.cookie)).json()).toEqual({ status: 0 });
    t.clock.advance(1_000);
    expect((await statusOf(browser.uuid, browser.cookie)).json()).toEqual({ status: 3 });
    const scan = await phoneCall('scan', browser.uuid, headers);
    expect(scan.statusCode).toBe(410);
    expect(scan.json()).toMatchObject({ code: ErrorCode.linkExpired, message: MSG.qrExpired });
    const image = await t.app.inject({
      method: 'GET',
      url: `/web-gateway/passport/account/qrCode/image?uuid=${browser.uuid}`,
      headers: { cookie: browser.cookie },
    });
    expect(image.statusCode).toBe(410);
  });

  it('gives a code confirmed at the last moment a minute for the browser to sign in', async () => {
    const browser = await requestCode();
    const { headers } = await t.createSignedInMember();
    t.clock.advance(100_000);
    await phoneCall('scan', browser.uuid, headers);
    t.clock.advance(15_000);
    expect((await phoneCall('confirm', browser.uuid, headers)).statusCode).toBe(200);
    t.clock.advance(30_000);
    expect((await statusOf(browser.uuid, browser.cookie)).json()).toEqual({ status: 2 });
    expect((await loginWith(browser.uuid, browser.cookie)).statusCode).toBe(200);
  });

  it('refuses a confirmed code the browser did not use within that minute', async () => {
    const browser = await requestCode();
    const { headers } = await t.createSignedInMember();
    await phoneCall('scan', browser.uuid, headers);
    await phoneCall('confirm', browser.uuid, headers);
    t.clock.advance(121_000);
    expect((await statusOf(browser.uuid, browser.cookie)).json()).toEqual({ status: 3 });
    expect((await loginWith(browser.uuid, browser.cookie)).statusCode).toBe(400);
  });
});

describe('bad input', () => {
  it.each([['short'], ['has spaces in it and is long enough'], ['a'.repeat(65)]])(
    'refuses the uuid %j on every call with 400',
    async (uuid) => {
      const { headers } = await t.createSignedInMember();
      const browser = await requestCode();
      const replies = [
        await statusOf(encodeURIComponent(uuid), browser.cookie),
        await loginWith(uuid, browser.cookie),
        await phoneCall('scan', uuid, headers),
        await phoneCall('confirm', uuid, headers),
        await phoneCall('cancel', uuid, headers),
      ];
      for (const reply of replies) {
        expect(reply.statusCode).toBe(400);
        expect(reply.json().message).toBe(MSG.qrExpired);
      }
    },
  );

  it('answers 404 for a well-formed uuid that does not exist', async () => {
    const browser = await requestCode();
    expect((await statusOf('A'.repeat(32), browser.cookie)).statusCode).toBe(404);
    const { headers } = await t.createSignedInMember();
    expect((await phoneCall('scan', 'A'.repeat(32), headers)).statusCode).toBe(410);
  });
});
