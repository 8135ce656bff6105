import { ErrorCode } from '@anxin/shared/common/errors';
import { MSG } from '@anxin/shared/common/messages';
import { STAFF_ADMIN_MSG } from '@anxin/shared/staff/console-staff.contract';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN } from '@anxin/shared/staff/staff.contract';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { staff } from './staff.schema.ts';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD, seedDemoStaff } from './staff.seed.ts';
import { totpCodeAt, totpStepOf } from './totp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const API = '/web-gateway';
const PASSWORD = 'Staff@2026';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

let ipSequence = 0;
const newIp = () => `10.30.${Math.floor(++ipSequence / 250)}.${ipSequence % 250}`;

const login = (body: object, ip = '10.30.250.1') =>
  t.app.inject({ method: 'POST', url: `${API}/admin/auth/login`, payload: body, remoteAddress: ip });
const answer = (body: object) => t.app.inject({ method: 'POST', url: `${API}/admin/auth/totp`, payload: body });
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `${API}/admin/me`, headers });
const codeNow = (secret = SECRET, offset = 0) => totpCodeAt(secret, totpStepOf(t.clock.now()) + offset);

/** Moves the clock to the start of the next 30-second step, so a test's codes do not straddle two. */
const nextStep = () => {
  const now = t.clock.now().getTime();
  t.clock.advance((totpStepOf(t.clock.now()) + 1) * 30_000 + 1000 - now);
};

async function challengeOf(loginName: string, ip = newIp()) {
  const reply = await login({ loginName, password: PASSWORD }, ip);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as { challenge: string; step: 'totp' | 'setup' };
}

describe('staff sign-in: password, then the second factor', () => {
  it('signs in with the password and the current code; the token answers /admin/me with the roles’ permissions', async () => {
    nextStep();
    const row = await t.createStaff({ roles: ['pharmacist', 'warehouse'], password: PASSWORD, totpSecret: SECRET });
    const { challenge, step } = await challengeOf(row.loginName);
    expect(step).toBe('totp');
    const signedIn = await answer({ challenge, code: codeNow() });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const body = signedIn.json();
    expect(body).toMatchObject({ expires_in: 28800, staff: { id: row.id, roles: ['pharmacist', 'warehouse'] } });
    expect(body.recoveryCodes).toBeUndefined();
    expect(body.staff.permissions).toEqual(
      expect.arrayContaining(['rx.review', 'orders.read', 'orders.ship', 'orders.split']),
    );
    expect(body.staff.permissions).not.toContain('audit.read');
    const reply = await me({ authorization: `Bearer ${body.access_token}` });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual(body.staff);
  });

  it('refuses a wrong password or an unknown name alike (账号或密码错误); a disabled account after its password', async () => {
    const row = await t.createStaff({ roles: ['service'], password: PASSWORD, totpSecret: SECRET });
    for (const body of [
      { loginName: row.loginName, password: 'Wrong@2026' },
      { loginName: 'nobody_here', password: PASSWORD },
    ]) {
      const reply = await login(body, newIp());
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ code: ErrorCode.loginFailed, message: MSG.loginFailed });
    }
    await t.db.update(staff).set({ isActive: false }).where(eq(staff.id, row.id));
    const disabled = await login({ loginName: row.loginName, password: PASSWORD }, newIp());
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().message).toBe(STAFF_ADMIN_MSG.disabled);
    const guessed = await login({ loginName: row.loginName, password: 'Wrong@2026' }, newIp());
    expect(guessed.json()).toMatchObject({ code: ErrorCode.loginFailed, message: MSG.loginFailed });
  });

  it('refuses a code used once already, even from a fresh challenge; the next step’s code is good', async () => {
    nextStep();
    const row = await t.createStaff({ roles: ['service'], password: PASSWORD, totpSecret: SECRET });
    const code = codeNow();
    expect((await answer({ challenge: (await challengeOf(row.loginName)).challenge, code })).statusCode).toBe(200);
    const replay = await answer({ challenge: (await challengeOf(row.loginName)).challenge, code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(MSG.staffTotpWrong);
    // A code of the step before the one used is spent too.
    const { challenge } = await challengeOf(row.loginName);
    expect((await answer({ challenge, code: codeNow(SECRET, -1) })).statusCode).toBe(400);
    expect((await answer({ challenge, code: codeNow(SECRET, 1) })).statusCode).toBe(200);
  });

  it('accepts the step before and after (clock drift), not two steps away', async () => {
    nextStep();
    const row = await t.createStaff({ roles: ['service'], password: PASSWORD, totpSecret: SECRET });
    const { challenge } = await challengeOf(row.loginName);
    expect((await answer({ challenge, code: codeNow(SECRET, 2) })).statusCode).toBe(400);
    expect((await answer({ challenge, code: codeNow(SECRET, -2) })).statusCode).toBe(400);
    expect((await answer({ challenge, code: codeNow(SECRET, -1) })).statusCode).toBe(200);
  });

  it('uses a challenge once, for 5 minutes, and voids it after 5 wrong codes', async () => {
    nextStep();
    const row = await t.createStaff({ roles: ['service'], password: PASSWORD, totpSecret: SECRET });
    const used = (await challengeOf(row.loginName)).challenge;
    expect((await answer({ challenge: used, code: codeNow() })).statusCode).toBe(200);
    nextStep();
    const again = await answer({ challenge: used, code: codeNow() });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(MSG.staffChallengeExpired);

    const late = (await challengeOf(row.loginName)).challenge;
    t.clock.advance(5 * 60_000 + 1000);
    expect((await answer({ challenge: late, code: codeNow() })).statusCode).toBe(401);

    nextStep();
    const guessed = (await challengeOf(row.loginName)).challenge;
    const wrong = codeNow() === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await answer({ challenge: guessed, code: wrong })).statusCode).toBe(400);
    }
    expect((await answer({ challenge: guessed, code: codeNow() })).statusCode).toBe(401);
  });

  it('answers 429 after 10 wrong codes of one staff member within the hour, whatever the challenges', async () => {
    nextStep();
    const row = await t.createStaff({ roles: ['service'], password: PASSWORD, totpSecret: SECRET });
    const wrong = codeNow() === '000000' ? '111111' : '000000';
    for (let round = 0; round < 2; round++) {
      const { challenge } = await challengeOf(row.loginName);
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await answer({ challenge, code: wrong })).statusCode).toBe(400);
      }
    }
    const { challenge } = await challengeOf(row.loginName);
    expect((await answer({ challenge, code: codeNow() })).statusCode).toBe(429);
    t.clock.advance(3600_000);
    nextStep();
    const fresh = await challengeOf(row.loginName);
    expect((await answer({ challenge: fresh.challenge, code: codeNow() })).statusCode).toBe(200);
  });

  it('refuses a malformed code and a body with neither a code nor a recovery code (400, their messages)', async () => {
    const row = await t.createStaff({ roles: ['service'], password: PASSWORD, totpSecret: SECRET });
    const { challenge } = await challengeOf(row.loginName);
    const short = await answer({ challenge, code: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(MSG.staffTotpCodeInvalid);
    const none = await answer({ challenge });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MSG.staffSecondFactorMissing);
  });
});

describe('the first sign-in sets the second factor up', () => {
  it('shows the QR of a fresh secret, takes a code of it, hands out 10 recovery codes once; each works once', async () => {
    nextStep();
    const row = await t.createStaff({ roles: ['warehouse'], password: PASSWORD });
    const { challenge, step } = await challengeOf(row.loginName);
    expect(step).toBe('setup');
    const setup = await t.app.inject({ method: 'GET', url: `${API}/admin/auth/totp-setup?challenge=${challenge}` });
    expect(setup.statusCode, setup.body).toBe(200);
    const { otpauthUrl, qrImage, secret } = setup.json();
    expect(otpauthUrl).toMatch(new RegExp(`^otpauth://totp/.+${row.loginName}\\?.*secret=${secret}`));
    expect(qrImage).toMatch(/^data:image\/png;base64,/);
    // A recovery code cannot complete a setup, and a wrong code does not either.
    expect((await answer({ challenge, recoveryCode: 'abcd-efgh-jkmn' })).statusCode).toBe(400);
    expect((await answer({ challenge, code: codeNow() === '000000' ? '111111' : '000000' })).statusCode).toBe(400);

    const done = await answer({ challenge, code: codeNow(secret) });
    expect(done.statusCode, done.body).toBe(200);
    const { recoveryCodes } = done.json();
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    const [stored] = await t.db.select().from(staff).where(eq(staff.id, row.id));
    expect(stored?.recoveryCodeHashes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]);
    expect(stored?.totpSecretEnc).not.toContain(secret);

    // Next time: step totp, no setup page, and a recovery code signs in once.
    const next = await challengeOf(row.loginName);
    expect(next.step).toBe('totp');
    expect(
      (await t.app.inject({ method: 'GET', url: `${API}/admin/auth/totp-setup?challenge=${next.challenge}` }))
        .statusCode,
    ).toBe(401);
    const byRecovery = await answer({ challenge: next.challenge, recoveryCode: recoveryCodes[0].toUpperCase() });
    expect(byRecovery.statusCode, byRecovery.body).toBe(200);
    expect(byRecovery.json().recoveryCodes).toBeUndefined();
    const reused = await answer({
      challenge: (await challengeOf(row.loginName)).challenge,
      recoveryCode: recoveryCodes[0],
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(MSG.staffTotpWrong);
  });
});

describe('the password check’s rules, under staff keys', () => {
  it('asks for the image code after 3 wrong passwords and locks the account after 10, the right password too', async () => {
    const row = await t.createStaff({ roles: ['service'], password: PASSWORD, totpSecret: SECRET });
    const ip = newIp();
    for (let attempt = 1; attempt <= 3; attempt++) {
      const reply = await login({ loginName: row.loginName, password: 'Wrong@2026' }, ip);
      expect(reply.json().code).toBe(attempt < 3 ? ErrorCode.loginFailed : ErrorCode.captchaRequired);
    }
    const withoutCaptcha = await login({ loginName: row.loginName, password: PASSWORD }, ip);
    expect(withoutCaptcha.statusCode).toBe(400);
    expect(withoutCaptcha.json().code).toBe(ErrorCode.captchaRequired);
    const captcha = async () => {
      const { id, answer: code } = (
        await t.app.inject({ method: 'POST', url: `${API}/v2/captcha/image/captchas`, remoteAddress: ip })
      ).json();
      return { captchaId: id, captchaCode: code };
    };
    for (let attempt = 4; attempt <= 10; attempt++) {
      const reply = await login({ loginName: row.loginName, password: 'Wrong@2026', ...(await captcha()) }, ip);
      expect(reply.statusCode).toBe(400);
    }
    const locked = await login({ loginName: row.loginName, password: PASSWORD, ...(await captcha()) }, ip);
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toBe(MSG.loginFailed);
    t.clock.advance(15 * 60_000 + 1000);
    const after = await login({ loginName: row.loginName, password: PASSWORD, ...(await captcha()) }, ip);
    expect(after.statusCode, after.body).toBe(200);
  });
});

describe('staff tokens and member tokens are not interchangeable', () => {
  it('a member token gets 401 on the console; a staff token gets 401 on member calls', async () => {
    const member = await t.createSignedInMember();
    const { headers } = await t.signedInStaff(['admin']);
    expect((await me(member.headers)).statusCode).toBe(401);
    expect((await me(headers)).statusCode).toBe(200);
    const memberCall = await t.app.inject({ method: 'GET', url: `${API}/v2/member/vo`, headers });
    expect(memberCall.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `${API}/v2/member/vo`, headers: member.headers })).statusCode,
    ).toBe(200);
  });

  it('the member verifier refuses a token whose audience is staff, even naming a live member sign-in', async () => {
    const member = await t.createSignedInMember();
    const { sid } = JSON.parse(Buffer.from(member.session.access_token.split('.')[1] ?? '', 'base64url').toString());
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const forged = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(member.member.id))
      .setAudience('staff')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(t.app.services.secrets.jwtSecret);
    const reply = await t.app.inject({
      method: 'GET',
      url: `${API}/v2/member/vo`,
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(reply.statusCode).toBe(401);
  });

  it('the staff verifier refuses a token whose audience is member, even naming a live staff sign-in', async () => {
    const { staff: row, headers } = await t.signedInStaff(['admin']);
    const { sid } = JSON.parse(Buffer.from(headers.authorization.split('.')[1] ?? '', 'base64url').toString());
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const forged = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(row.id))
      .setAudience('member')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(t.app.services.secrets.jwtSecret);
    expect((await me({ authorization: `Bearer ${forged}` })).statusCode).toBe(401);
  });

  it('logout ends the staff token at once; a token is refused after 8 hours', async () => {
    const first = await t.signedInStaff(['service']);
    const out = await t.app.inject({ method: 'POST', url: `${API}/admin/auth/logout`, headers: first.headers });
    expect(out.statusCode).toBe(204);
    expect((await me(first.headers)).statusCode).toBe(401);
    const second = await t.signedInStaff(['service']);
    t.clock.advance(8 * 3600_000 + 1000);
    expect((await me(second.headers)).statusCode).toBe(401);
  });

  it('a role change takes effect on the next call', async () => {
    const { staff: row, headers } = await t.signedInStaff(['service']);
    const auditLog = () => t.app.inject({ method: 'GET', url: `${API}/admin/audit-log`, headers });
    expect((await auditLog()).statusCode).toBe(403);
    await t.db
      .update(staff)
      .set({ roles: ['service', 'admin'] })
      .where(eq(staff.id, row.id));
    expect((await auditLog()).statusCode).toBe(200);
  });
});

describe('demo staff (outside production)', () => {
  it('seeds the five accounts once; the dev route shows each one’s code, which signs in, then the next one', async () => {
    await seedDemoStaff(t.db, t.clock, undefined as never, t.app.services.secrets);
    await seedDemoStaff(t.db, t.clock, undefined as never, t.app.services.secrets);
    nextStep();
    const listed = await t.app.inject({ method: 'GET', url: `${API}/admin/dev/demo-staff` });
    expect(listed.statusCode).toBe(200);
    const demo = listed.json() as { loginName: string; roles: string[]; code: string }[];
    expect(demo.map((entry) => entry.loginName)).toEqual(DEMO_STAFF.map((entry) => entry.loginName));
    expect(demo.map((entry) => entry.roles)).toEqual([
      ['pharmacist'],
      ['service'],
      ['warehouse'],
      ['operations'],
      ['admin'],
    ]);
    const pharmacist = demo[0];
    const first = await login({ loginName: pharmacist?.loginName, password: DEMO_STAFF_PASSWORD }, newIp());
    expect(first.json().step).toBe('totp');
    expect((await answer({ challenge: first.json().challenge, code: pharmacist?.code })).statusCode).toBe(200);
    // The code just used is spent: the route now shows the next step's, which is accepted.
    const nextCode = (await t.app.inject({ method: 'GET', url: `${API}/admin/dev/demo-staff` })).json()[0].code;
    expect(nextCode).not.toBe(pharmacist?.code);
    const second = await login({ loginName: pharmacist?.loginName, password: DEMO_STAFF_PASSWORD }, newIp());
    expect((await answer({ challenge: second.json().challenge, code: nextCode })).statusCode).toBe(200);
  });

  it('has no dev route in production', async () => {
    const production = await buildTestApp({
      NODE_ENV: 'production',
      ALLOW_SANDBOX_IN_PRODUCTION: '1',
      CAPTCHA_MODE: 'slider',
      JWT_SECRET: 'p'.repeat(32),
      FIELD_ENCRYPTION_KEY: 'b'.repeat(64),
    });
    try {
      expect(production.app.services.config.isProduction).toBe(true);
      expect((await production.app.inject({ method: 'GET', url: `${API}/admin/dev/demo-staff` })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
