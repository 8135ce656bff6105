import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { ErrorCode } from '@anxin/shared/common/errors';
import { MSG } from '@anxin/shared/common/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Parameters, hashPassword } from '../../platform/password.ts';
import { buildTestApp, type TestApp, uniquePhone } from '../../test/build-test-app.ts';
import { passwordVerificationsDuring } from '../../test/password-verifications.ts';
import { members } from '../account/account.module.ts';
import { sessions } from '../auth/auth.module.ts';
import { loginKeys } from './password-login.schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

let ipSequence = 0;
/** Each test signs in from its own address, so the per-IP counters of one test do not touch another. */
const newIp = () => `10.3.${Math.floor(++ipSequence / 250)}.${ipSequence % 250}`;

const PASSWORD = 'Abc@12345';

type LoginKey = { key: string; nonceStr: string };

async function getKey(ip: string): Promise<LoginKey> {
  const reply = await t.app.inject({
    method: 'GET',
    url: '/web-gateway/passport/account/login/key',
    remoteAddress: ip,
  });
  expect(reply.statusCode).toBe(200);
  return reply.json();
}

/** What the page does with WebCrypto: RSA-OAEP with SHA-256 under the SPKI public key, base64. */
function encrypt(nonceStr: string, text: string) {
  const publicKey = createPublicKey({ key: Buffer.from(nonceStr, 'base64'), format: 'der', type: 'spki' });
  return publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(text, 'utf8'),
  ).toString('base64');
}

const postLogin = (payload: Record<string, unknown>, ip: string) =>
  t.app.inject({ method: 'POST', url: '/web-gateway/passport/account/login/v3', payload, remoteAddress: ip });

type Extra = { captchaId?: string; captchaCode?: string };

async function login(loginName: string, password: string, ip: string, extra: Extra = {}) {
  const { key, nonceStr } = await getKey(ip);
  return postLogin(
    { platform: 1, loginName: encrypt(nonceStr, loginName), password: encrypt(nonceStr, password), key, ...extra },
    ip,
  );
}

async function newCaptcha(ip: string): Promise<{ id: string; answer: string }> {
  const reply = await t.app.inject({
    method: 'POST',
    url: '/web-gateway/v2/captcha/image/captchas',
    remoteAddress: ip,
  });
  expect(reply.statusCode).toBe(201);
  return reply.json();
}

/** A login with a fresh, rightly answered image code. */
async function loginWithCaptcha(loginName: string, password: string, ip: string) {
  const captcha = await newCaptcha(ip);
  return login(loginName, password, ip, { captchaId: captcha.id, captchaCode: captcha.answer });
}

async function createAccount(values: {
  phone?: string | null;
  loginName?: string;
  password?: string;
  mustUpdate?: boolean;
}) {
  const now = t.clock.now();
  const [row] = await t.db
    .insert(members)
    .values({
      phone: values.phone === null ? null : (values.phone ?? uniquePhone()),
      loginName: values.loginName,
      passwordHash: await hashPassword(values.password ?? PASSWORD),
      passwordMustUpdate: values.mustUpdate ?? false,
      nickname: '测试会员账号',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row;
}

let nameSequence = 0;
const uniqueLoginName = () => `user_${process.pid % 1000}_${++nameSequence}`;

const userInfo = (accessToken: string) =>
  t.app.inject({
    method: 'GET',
    url: '/web-gateway/v2/member/vo',
    headers: { authorization: `Bearer ${accessToken}` },
  });

const FAILED = { code: ErrorCode.loginFailed, message: MSG.loginFailed };
const FAILED_CAPTCHA_NEXT = { code: ErrorCode.captchaRequired, message: MSG.loginFailed };

describe('site flags', () => {
  it('tells the page that the password tab is on (PASSWORD_LOGIN_ENABLED=1 by default)', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/web-gateway/v2/mall/site-flags' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ passwordLoginEnabled: true });
  });
});

describe('one-time login key', () => {
  it('answers a fresh RSA-2048 SPKI public key per request, its private key stored encrypted', async () => {
    const ip = newIp();
    const first = await getKey(ip);
    const second = await getKey(ip);
    expect(first.key).not.toBe(second.key);
    expect(first.nonceStr).not.toBe(second.nonceStr);
    const publicKey = createPublicKey({ key: Buffer.from(first.nonceStr, 'base64'), format: 'der', type: 'spki' });
    expect(publicKey.asymmetricKeyType).toBe('rsa');
    expect(publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const [row] = await t.db.select().from(loginKeys).where(eq(loginKeys.id, first.key));
    expect(row.privateKeyEnc).toMatch(/^v1\./);
    expect(row.privateKeyEnc).not.toContain('PRIVATE KEY');
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(300_000);
  });
});

describe('password login', () => {
  it('signs in with the phone (JSON body) and records a password sign-in', async () => {
    const account = await createAccount({});
    const reply = await login(account.phone ?? '', PASSWORD, newIp());
    expect(reply.statusCode).toBe(200);
    const result = reply.json();
    expect(result).toMatchObject({ expires_in: 1800 });
    expect((await userInfo(result.access_token)).statusCode).toBe(200);
    const rows = await t.db.select().from(sessions).where(eq(sessions.memberId, account.id));
    expect(rows.map((row) => row.method)).toEqual(['password']);
  });

  it('signs in with the login name as an application/x-www-form-urlencoded form', async () => {
    const loginName = uniqueLoginName();
    await createAccount({ loginName });
    const ip = newIp();
    const { key, nonceStr } = await getKey(ip);
    const form = new URLSearchParams({
      platform: '1',
      loginName: encrypt(nonceStr, loginName),
      password: encrypt(nonceStr, PASSWORD),
      key,
      captchaId: '',
      captchaCode: '',
    });
    const reply = await t.app.inject({
      method: 'POST',
      url: '/web-gateway/passport/account/login/v3',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
      remoteAddress: ip,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().access_token).toBeTruthy();
  });

  it('still signs in with a 6-character password of the old rule (spec README)', async () => {
    const account = await createAccount({ password: 'abc123' });
    const reply = await login(account.phone ?? '', 'abc123', newIp());
    expect(reply.statusCode).toBe(200);
  });

  it('answers 1001000003 for a third-party account without a phone, only after the right password', async () => {
    const loginName = uniqueLoginName();
    await createAccount({ loginName, phone: null });
    const ip = newIp();
    const wrong = await login(loginName, 'Wrong@1234', ip);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(FAILED);
    const right = await login(loginName, PASSWORD, ip);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code: '1001000003', message: MSG.phoneNeedsBinding });
  });

  it('answers MEM0010001 for an old-system account that must update its password', async () => {
    const loginName = uniqueLoginName();
    await createAccount({ loginName, password: 'abc123', mustUpdate: true });
    const reply = await login(loginName, 'abc123', newIp());
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ code: 'MEM0010001', message: MSG.passwordUpgradeNotice });
  });

  it('signs the seeded kind of account in by login name even when it looks like nothing else', async () => {
    const account = await createAccount({ loginName: uniqueLoginName() });
    const reply = await login(account.loginName ?? '', PASSWORD, newIp());
    expect(reply.statusCode).toBe(200);
  });
});

describe('the key works once and for 5 minutes', () => {
  it('refuses a replayed request', async () => {
    const account = await createAccount({});
    const ip = newIp();
    const { key, nonceStr } = await getKey(ip);
    const payload = {
      platform: 1,
      loginName: encrypt(nonceStr, account.phone ?? ''),
      password: encrypt(nonceStr, PASSWORD),
      key,
    };
    expect((await postLogin(payload, ip)).statusCode).toBe(200);
    const replay = await postLogin(payload, ip);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ message: MSG.loginKeyInvalid, fields: [{ field: 'key' }] });
  });

  it('refuses an expired key (the clock moved 5 minutes)', async () => {
    const account = await createAccount({});
    const ip = newIp();
    const { key, nonceStr } = await getKey(ip);
    t.clock.advance(300_000);
    const reply = await postLogin(
      { platform: 1, loginName: encrypt(nonceStr, account.phone ?? ''), password: encrypt(nonceStr, PASSWORD), key },
      ip,
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(MSG.loginKeyInvalid);
  });

  it('accepts a key until just before 5 minutes', async () => {
    const account = await createAccount({});
    const ip = newIp();
    const { key, nonceStr } = await getKey(ip);
    t.clock.advance(290_000);
    const reply = await postLogin(
      { platform: 1, loginName: encrypt(nonceStr, account.phone ?? ''), password: encrypt(nonceStr, PASSWORD), key },
      ip,
    );
    expect(reply.statusCode).toBe(200);
  });

  it('refuses ciphertexts made with another key, and that key is used up by the attempt', async () => {
    const account = await createAccount({});
    const ip = newIp();
    const first = await getKey(ip);
    const second = await getKey(ip);
    const crossed = await postLogin(
      {
        platform: 1,
        loginName: encrypt(first.nonceStr, account.phone ?? ''),
        password: encrypt(first.nonceStr, PASSWORD),
        key: second.key,
      },
      ip,
    );
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().message).toBe(MSG.loginKeyInvalid);
    const withSecond = await postLogin(
      {
        platform: 1,
        loginName: encrypt(second.nonceStr, account.phone ?? ''),
        password: encrypt(second.nonceStr, PASSWORD),
        key: second.key,
      },
      ip,
    );
    expect(withSecond.statusCode).toBe(400);
    // The first key was never used: it still works.
    const withFirst = await postLogin(
      {
        platform: 1,
        loginName: encrypt(first.nonceStr, account.phone ?? ''),
        password: encrypt(first.nonceStr, PASSWORD),
        key: first.key,
      },
      ip,
    );
    expect(withFirst.statusCode).toBe(200);
  });

  it('lets only one of two parallel requests with one key through', async () => {
    const account = await createAccount({});
    const ip = newIp();
    const { key, nonceStr } = await getKey(ip);
    const payload = {
      platform: 1,
      loginName: encrypt(nonceStr, account.phone ?? ''),
      password: encrypt(nonceStr, PASSWORD),
      key,
    };
    const replies = await Promise.all([postLogin(payload, ip), postLogin(payload, ip)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 400]);
  });
});

describe('bad input', () => {
  it.each([
    [{ loginName: undefined }, 'loginName', MSG.userNameEmpty],
    [{ password: '' }, 'password', MSG.passwordEmpty],
    [{ key: '' }, 'key', MSG.loginKeyInvalid],
    [{ platform: 2 }, 'platform', MSG.badRequest],
    [{ loginName: 'not base64 !' }, 'loginName', MSG.loginKeyInvalid],
    [{ captchaCode: 'x'.repeat(11) }, 'captchaCode', MSG.badRequest],
  ])('refuses %j with 400 and the message, and keeps the key', async (override, field, message) => {
    const account = await createAccount({});
    const ip = newIp();
    const { key, nonceStr } = await getKey(ip);
    const reply = await postLogin(
      {
        platform: 1,
        loginName: encrypt(nonceStr, account.phone ?? ''),
        password: encrypt(nonceStr, PASSWORD),
        key,
        ...override,
      },
      ip,
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ code: ErrorCode.validationFailed, message });
    expect(reply.json().fields[0].field).toBe(field);
    const [row] = await t.db.select().from(loginKeys).where(eq(loginKeys.id, key));
    expect(row).toBeDefined();
  });

  it.each([
    ['', PASSWORD, 'loginName', MSG.userNameEmpty],
    ['a'.repeat(21), PASSWORD, 'loginName', MSG.userNameTooLong],
    ['someone', '', 'password', MSG.passwordEmpty],
    ['someone', 'a'.repeat(21), 'password', MSG.passwordTooLong],
  ])('checks the decrypted pair (%s / %s) with the rules of the page', async (loginName, password, field, message) => {
    const reply = await login(loginName, password, newIp());
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ message, fields: [{ field, message }] });
  });
});

describe('failures: one reply, the image code after 3, a 15-minute lock after 10', () => {
  it('gives an unknown account, a wrong password and a locked account the same reply', async () => {
    const account = await createAccount({ loginName: uniqueLoginName() });
    const unknown = await login(uniqueLoginName(), PASSWORD, newIp());
    const wrong = await login(account.loginName ?? '', 'Wrong@1234', newIp());
    expect(unknown.statusCode).toBe(400);
    expect(wrong.statusCode).toBe(400);
    expect(unknown.json()).toEqual(FAILED);
    expect(wrong.json()).toEqual(FAILED);
    // A member without a password (signed up by SMS) answers the same too.
    const smsOnly = await t.createMember({});
    const noPassword = await login(smsOnly.phone ?? '', PASSWORD, newIp());
    expect(noPassword.json()).toEqual(FAILED);
  });

  it('costs an unknown account and a wrong password one argon2 verification each, as dear as a real one', async () => {
    // Counted, not timed: a stopwatch on a loaded machine cannot tell one verification from two, a count can.
    const account = await createAccount({ loginName: uniqueLoginName() });
    const [stored] = await t.db.select().from(members).where(eq(members.id, account.id));
    for (const loginName of [uniqueLoginName(), account.loginName ?? '']) {
      const { result, verified } = await passwordVerificationsDuring(() => login(loginName, 'Wrong@1234', newIp()));
      expect(result.json()).toEqual(FAILED);
      expect(verified).toEqual([argon2Parameters(stored?.passwordHash ?? '')]);
    }
  });

  it('requires the image code after 3 failures, checks it on the server and uses it once', async () => {
    const account = await createAccount({});
    const phone = account.phone ?? '';
    const ip = newIp();
    expect((await login(phone, 'Wrong@1', ip)).json()).toEqual(FAILED);
    expect((await login(phone, 'Wrong@2', ip)).json()).toEqual(FAILED);
    // The third failure tells the page to show the image code from now on.
    expect((await login(phone, 'Wrong@3', ip)).json()).toEqual(FAILED_CAPTCHA_NEXT);

    const missing = await login(phone, PASSWORD, ip);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: ErrorCode.captchaRequired, message: MSG.captchaRequired });

    const captcha = await newCaptcha(ip);
    const wrongCode = await login(phone, PASSWORD, ip, { captchaId: captcha.id, captchaCode: 'zzzz' });
    expect(wrongCode.json()).toMatchObject({ code: ErrorCode.captchaRequired, message: MSG.imageCodeWrong });

    const fresh = await newCaptcha(ip);
    const right = await login(phone, PASSWORD, ip, {
      captchaId: fresh.id,
      captchaCode: fresh.answer.toUpperCase(),
    });
    expect(right.statusCode).toBe(200);
    // Success forgets the failures: the next sign-in needs no code.
    expect((await login(phone, PASSWORD, ip)).statusCode).toBe(200);
    // The used code does not open a second attempt.
    for (let attempt = 0; attempt < 3; attempt += 1) await login(phone, 'Wrong@0', ip);
    const reused = await login(phone, PASSWORD, ip, { captchaId: fresh.id, captchaCode: fresh.answer });
    expect(reused.json()).toMatchObject({ code: ErrorCode.captchaRequired, message: MSG.imageCodeWrong });
  });

  it('locks the account for 15 minutes after 10 failures, with the same reply as a wrong password', async () => {
    const account = await createAccount({ loginName: uniqueLoginName() });
    const loginName = account.loginName ?? '';
    const ip = newIp();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const reply =
        attempt <= 3 ? await login(loginName, 'Wrong@1', ip) : await loginWithCaptcha(loginName, 'Wrong@1', ip);
      expect(reply.json().message).toBe(MSG.loginFailed);
    }
    // Locked: the right password answers like a wrong one, and like an unknown account with as many failures.
    // Locked, it still verifies a password (the dummy hash), as dear as a wrong password's check.
    const { result: locked, verified } = await passwordVerificationsDuring(() =>
      loginWithCaptcha(loginName, PASSWORD, ip),
    );
    const [stored] = await t.db.select().from(members).where(eq(members.id, account.id));
    expect(verified).toEqual([argon2Parameters(stored?.passwordHash ?? '')]);
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toEqual(FAILED_CAPTCHA_NEXT);
    const stranger = uniqueLoginName();
    const strangerIp = newIp();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const reply = await (attempt <= 3
        ? login(stranger, 'Wrong@1', strangerIp)
        : loginWithCaptcha(stranger, 'Wrong@1', strangerIp));
      expect(reply.json().message).toBe(MSG.loginFailed);
    }
    expect((await loginWithCaptcha(stranger, PASSWORD, strangerIp)).json()).toEqual(locked.json());

    t.clock.advanceMinutes(14);
    expect((await loginWithCaptcha(loginName, PASSWORD, ip)).json()).toEqual(FAILED_CAPTCHA_NEXT);
    t.clock.advanceMinutes(1);
    const unlocked = await loginWithCaptcha(loginName, PASSWORD, ip);
    expect(unlocked.statusCode).toBe(200);
  });

  it('counts failures per client IP too: after 10 from one address, every account there needs the code', async () => {
    const ip = newIp();
    for (let attempt = 0; attempt < 10; attempt += 1) await login(uniqueLoginName(), 'Wrong@1', ip);
    const account = await createAccount({});
    const fromThatIp = await login(account.phone ?? '', PASSWORD, ip);
    expect(fromThatIp.json()).toMatchObject({ code: ErrorCode.captchaRequired, message: MSG.captchaRequired });
    const elsewhere = await login(account.phone ?? '', PASSWORD, newIp());
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('image code endpoints', () => {
  it('creates a PNG image code that PUT checks without using up', async () => {
    const ip = newIp();
    const captcha = await newCaptcha(ip);
    const created = captcha as unknown as { image: string };
    expect(created.image).toMatch(/^data:image\/png;base64,/);
    expect(captcha.answer).toMatch(/^[A-Za-z0-9]{4}$/);
    const check = (code: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/web-gateway/v2/captcha/image/captchas',
        payload: { id: captcha.id, code },
        remoteAddress: ip,
      });
    expect((await check(captcha.answer)).statusCode).toBe(204);
    expect((await check(captcha.answer.toLowerCase())).statusCode).toBe(204);
    // Three wrong answers use it up.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await check('zzzz');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(MSG.imageCodeWrong);
    }
    expect((await check(captcha.answer)).statusCode).toBe(400);
  });

  it('compares at most 3 of 30 parallel answers: the right one sent last is refused', async () => {
    const ip = newIp();
    const captcha = await newCaptcha(ip);
    const answers = Array.from({ length: 29 }, (_, i) => `zz${String(i).padStart(2, '0')}`);
    const replies = await Promise.all(
      [...answers, captcha.answer].map((code) =>
        t.app.inject({
          method: 'PUT',
          url: '/web-gateway/v2/captcha/image/captchas',
          payload: { id: captcha.id, code },
          remoteAddress: ip,
        }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode)).not.toContain(204);
  });

  it('expires after 2 minutes', async () => {
    const captcha = await newCaptcha(newIp());
    t.clock.advance(120_000);
    const reply = await t.app.inject({
      method: 'PUT',
      url: '/web-gateway/v2/captcha/image/captchas',
      payload: { id: captcha.id, code: captcha.answer },
    });
    expect(reply.statusCode).toBe(400);
  });

  it.each([
    [{}, MSG.captchaRequired],
    [{ id: 'abc' }, MSG.imageCodeEmpty],
    [{ id: 'abc', code: '' }, MSG.imageCodeEmpty],
  ])('refuses %j with 400 and the message', async (payload, message) => {
    const reply = await t.app.inject({ method: 'PUT', url: '/web-gateway/v2/captcha/image/captchas', payload });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(message);
  });
});

describe('an account in its deletion cooling-off period', () => {
  it('is not signed in by password: 409 ACCOUNT_CLOSING points to the SMS withdrawal', async () => {
    const member = await t.createMember({ password: PASSWORD });
    await t.db
      .update(members)
      .set({ status: 'closing', closeRequestedAt: t.clock.now() })
      .where(eq(members.id, member.id));
    const reply = await login(member.phone!, PASSWORD, newIp());
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({ code: 'ACCOUNT_CLOSING', message: MSG.accountClosing });
    expect(await t.db.select().from(sessions).where(eq(sessions.memberId, member.id))).toHaveLength(0);
  });
});
