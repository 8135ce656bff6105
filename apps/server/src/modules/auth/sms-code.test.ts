import { MSG } from '@anxin/shared/common/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, uniquePhone } from '../../test/build-test-app.ts';
import { type DragPoint, humanDragTrack } from '../../test/human-drag-track.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

let ipSequence = 0;
/** Each test its own client address, so the per-IP limits of one test do not leak into another. */
const newIp = () => `10.1.${Math.floor(++ipSequence / 250)}.${ipSequence % 250}`;

const post = (url: string, payload: object, ip: string) =>
  t.app.inject({ method: 'POST', url: `/web-gateway${url}`, payload, remoteAddress: ip });

async function requestTicket(phone: string, ip: string, purpose = 'login') {
  const reply = await post('/v2/captcha/sms/tickets', { phoneNum: phone, purpose }, ip);
  expect(reply.statusCode).toBe(200);
  return reply.json() as { ticket: string; isNeedCaptcha: boolean };
}

async function challengeFor(phone: string, ticket: string, ip: string) {
  const reply = await post('/v2/captcha/slider/challenges', { phoneNum: phone, ticket }, ip);
  expect(reply.statusCode).toBe(200);
  return reply.json() as { challengeId: string; answerX: number; backgroundImage: string; pieceImage: string };
}

/** A ticket whose slide captcha is passed: ready to send. */
async function passedTicket(phone: string, ip: string, purpose = 'login') {
  const { ticket } = await requestTicket(phone, ip, purpose);
  const challenge = await challengeFor(phone, ticket, ip);
  const verdict = await post(
    '/v2/captcha/slider/verifications',
    { challengeId: challenge.challengeId, x: challenge.answerX, track: humanDragTrack(challenge.answerX) },
    ip,
  );
  expect(verdict.statusCode).toBe(200);
  return { ticket, validCode: verdict.json().validCode as string };
}

const send = (phone: string, pass: { ticket: string; validCode?: string }, ip: string) =>
  post('/v2/captcha/sms/v3/captchas/new', { phoneNum: phone, ...pass }, ip);

describe('SMS ticket', () => {
  it.each([
    ['', MSG.phoneEmpty],
    ['1380013800', MSG.phoneMalformed],
    ['12800138000', MSG.phoneMalformed],
    ['138****8000', MSG.phoneMalformed],
  ])('refuses phone %j with %s', async (phone, message) => {
    const reply = await post('/v2/captcha/sms/tickets', { phoneNum: phone }, newIp());
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message,
      fields: [{ field: 'phoneNum', message }],
    });
  });

  it('asks for the slide captcha in slider and test modes', async () => {
    expect(await requestTicket(uniquePhone(), newIp())).toMatchObject({ isNeedCaptcha: true });
  });
});

describe('slide captcha', () => {
  it('serves PNG images and, in test mode only, the answer', async () => {
    const ip = newIp();
    const phone = uniquePhone();
    const { ticket } = await requestTicket(phone, ip);
    const challenge = await challengeFor(phone, ticket, ip);
    expect(challenge.backgroundImage).toMatch(/^data:image\/png;base64,/);
    expect(challenge.pieceImage).toMatch(/^data:image\/png;base64,/);
    expect(challenge.answerX).toBeGreaterThan(0);
  });

  it('refuses a challenge for a ticket of another phone', async () => {
    const ip = newIp();
    const { ticket } = await requestTicket(uniquePhone(), ip);
    const reply = await post('/v2/captcha/slider/challenges', { phoneNum: uniquePhone(), ticket }, ip);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(MSG.ticketExpired);
  });

  it.each([
    ['off by 6 px', 6, 800],
    ['released too fast for a person', 0, 60],
  ])('fails when %s, and the challenge cannot be tried again', async (_case, offset, durationMs) => {
    const ip = newIp();
    const phone = uniquePhone();
    const { ticket } = await requestTicket(phone, ip);
    const challenge = await challengeFor(phone, ticket, ip);
    const x = challenge.answerX + offset;
    const attempt = { challengeId: challenge.challengeId, x, track: humanDragTrack(x, { durationMs }) };
    const first = await post('/v2/captcha/slider/verifications', attempt, ip);
    expect(first.statusCode).toBe(400);
    expect(first.json().message).toBe(MSG.captchaFailed);
    const again = await post(
      '/v2/captcha/slider/verifications',
      { ...attempt, x: challenge.answerX, track: humanDragTrack(challenge.answerX) },
      ip,
    );
    expect(again.statusCode).toBe(400);
  });

  it('accepts a release within 5 px, once', async () => {
    const ip = newIp();
    const phone = uniquePhone();
    const { ticket } = await requestTicket(phone, ip);
    const challenge = await challengeFor(phone, ticket, ip);
    const x = challenge.answerX - 5;
    const attempt = { challengeId: challenge.challengeId, x, track: humanDragTrack(x) };
    expect((await post('/v2/captcha/slider/verifications', attempt, ip)).statusCode).toBe(200);
    expect((await post('/v2/captcha/slider/verifications', attempt, ip)).statusCode).toBe(400);
  });
});

describe('slide captcha drag track', () => {
  /** A script's drag: the answer reached in even steps at an even pace. */
  const linearTrack = (x: number): DragPoint[] =>
    Array.from({ length: 21 }, (_, i) => ({ x: Math.round((x * i) / 20), t: i * 40 }));

  /** A drag a third of the way, then the rest in one millisecond. */
  const jumpTo = (x: number, start: DragPoint[]): DragPoint[] => {
    const end = start[start.length - 1].t;
    return [...start, { x, t: end + 1 }, { x, t: end + 100 }];
  };

  async function verifyOnce(body: (answerX: number) => object) {
    const ip = newIp();
    const phone = uniquePhone();
    const { ticket } = await requestTicket(phone, ip);
    const challenge = await challengeFor(phone, ticket, ip);
    return post(
      '/v2/captcha/slider/verifications',
      { challengeId: challenge.challengeId, ...body(challenge.answerX) },
      ip,
    );
  }

  it('no longer trusts a duration the client states', async () => {
    const reply = await verifyOnce((x) => ({ x, durationMs: 800 }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(MSG.captchaFailed);
  });

  it.each([
    ['a straight track at an even pace', (x: number) => linearTrack(x)],
    ['a track that ends away from the release', (x: number) => humanDragTrack(x - 40)],
    ['a track that jumps to the hole', (x: number) => jumpTo(x, humanDragTrack(x / 3))],
  ])('refuses %s, whatever duration comes with it', async (_case, track) => {
    const reply = await verifyOnce((x) => ({ x, durationMs: 800, track: track(x) }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(MSG.captchaFailed);
  });

  it('accepts the track of a hand', async () => {
    expect((await verifyOnce((x) => ({ x, track: humanDragTrack(x) }))).statusCode).toBe(200);
  });
});

describe('SMS send', () => {
  it('stores a 6-digit code in the outbox', async () => {
    const ip = newIp();
    const phone = uniquePhone();
    const reply = await send(phone, await passedTicket(phone, ip), ip);
    expect(reply.statusCode).toBe(204);
    const code = await t.latestSmsCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const outbox = await t.app.inject({ method: 'GET', url: `/web-gateway/dev/sms-outbox?phone=${phone}` });
    expect(outbox.json()[0]).toMatchObject({ phone, code });
    expect(outbox.json()[0].content).toContain(code);
  });

  it.each([
    ['without a captcha result', undefined],
    ['with a failed captcha result', 'trerror_1001'],
    ['with a made-up captcha result', 'not-a-real-pass'],
  ])('refuses %s', async (_case, validCode) => {
    const ip = newIp();
    const phone = uniquePhone();
    const { ticket } = await requestTicket(phone, ip);
    const reply = await send(phone, { ticket, validCode }, ip);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(MSG.captchaFailed);
    expect(await t.latestSmsCode(phone)).toBe('');
  });

  it('binds the captcha pass to its ticket and phone, and uses it once', async () => {
    const ip = newIp();
    const phone = uniquePhone();
    const pass = await passedTicket(phone, ip);
    const otherTicket = await requestTicket(phone, ip);
    expect((await send(phone, { ticket: otherTicket.ticket, validCode: pass.validCode }, ip)).statusCode).toBe(400);
    expect((await send(phone, pass, ip)).statusCode).toBe(204);
    t.clock.advance(61_000);
    expect((await send(phone, pass, ip)).statusCode).toBe(400);
  });

  it('lets a captcha pass expire after 2 minutes', async () => {
    const ip = newIp();
    const phone = uniquePhone();
    const pass = await passedTicket(phone, ip);
    t.clock.advance(121_000);
    expect((await send(phone, pass, ip)).statusCode).toBe(400);
  });

  it('sends at most one code per phone per 60 s', async () => {
    const ip = newIp();
    const phone = uniquePhone();
    expect((await send(phone, await passedTicket(phone, ip), ip)).statusCode).toBe(204);
    const tooSoon = await send(phone, await passedTicket(phone, ip), ip);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: MSG.smsSendTooFrequent });
    t.clock.advance(60_000);
    expect((await send(phone, await passedTicket(phone, ip), ip)).statusCode).toBe(204);
  });

  it('sends at most 10 codes per phone per day', async () => {
    const phone = uniquePhone();
    for (let i = 0; i < 10; i++) {
      const ip = newIp();
      expect((await send(phone, await passedTicket(phone, ip), ip)).statusCode).toBe(204);
      t.clock.advance(61_000);
    }
    const ip = newIp();
    const eleventh = await send(phone, await passedTicket(phone, ip), ip);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe(MSG.smsDailyLimit);
    t.clock.advance(86_400_000);
    expect((await send(phone, await passedTicket(phone, ip), ip)).statusCode).toBe(204);
  });

  it('sends at most 30 codes per client address per hour', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i++) {
      const phone = uniquePhone();
      expect((await send(phone, await passedTicket(phone, ip), ip)).statusCode).toBe(204);
    }
    const phone = uniquePhone();
    expect((await send(phone, await passedTicket(phone, ip), ip)).statusCode).toBe(429);
    t.clock.advance(3_600_000);
    expect((await send(phone, await passedTicket(phone, ip), ip)).statusCode).toBe(204);
  });

  it('holds the per-phone limit under 50 parallel sends', async () => {
    const phone = uniquePhone();
    const passes = [];
    for (let i = 0; i < 50; i++) {
      const ip = newIp();
      passes.push({ ip, pass: await passedTicket(phone, ip) });
    }
    const replies = await Promise.all(passes.map(({ ip, pass }) => send(phone, pass, ip)));
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 204)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(49);
  });
});

describe('SMS code', () => {
  const check = (phone: string, code: string, purpose = 'login') =>
    t.app.inject({
      method: 'PUT',
      url: '/web-gateway/v2/captcha/sms/v3/captchas/new',
      payload: { phoneNum: phone, captcha: code, purpose },
    });
  const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

  it('checks a code without using it up', async () => {
    const phone = uniquePhone();
    const code = await t.sendSmsCode(phone, 'login', newIp());
    expect((await check(phone, code)).statusCode).toBe(204);
    expect((await check(phone, code)).statusCode).toBe(204);
  });

  it('opens only the purpose it was sent for', async () => {
    const phone = uniquePhone();
    const code = await t.sendSmsCode(phone, 'register', newIp());
    expect((await check(phone, code, 'login')).statusCode).toBe(400);
    expect((await check(phone, code, 'register')).statusCode).toBe(204);
  });

  it('is void after 5 wrong tries', async () => {
    const phone = uniquePhone();
    const code = await t.sendSmsCode(phone, 'login', newIp());
    for (let i = 0; i < 5; i++) {
      const reply = await check(phone, wrongCode(code));
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(MSG.smsCodeWrong);
    }
    expect((await check(phone, code)).statusCode).toBe(400);
  });

  it('lets a burst of 30 parallel tries evaluate at most 5: the right code sent last gets nowhere', async () => {
    const phone = uniquePhone();
    const code = await t.sendSmsCode(phone, 'login', newIp());
    const guesses = Array.from({ length: 29 }, (_, i) => String(100000 + i)).filter((guess) => guess !== code);
    const replies = await Promise.all([...guesses, code].map((guess) => check(phone, guess)));
    for (const reply of replies) expect(reply.statusCode).toBe(400);
    expect((await check(phone, code)).statusCode).toBe(400);
  });

  it('signs in by SMS with none of a burst of 30 parallel codes, the right one last', async () => {
    const phone = uniquePhone();
    const code = await t.sendSmsCode(phone, 'login', newIp());
    const guesses = Array.from({ length: 29 }, (_, i) => String(200000 + i)).filter((guess) => guess !== code);
    const replies = await Promise.all(
      [...guesses, code].map((smsCode) => post('/passport/account/smsLogin/v2', { phoneNum: phone, smsCode }, newIp())),
    );
    expect(replies.map((reply) => reply.statusCode)).not.toContain(200);
  });

  it('still takes the right code after 4 wrong ones, checked and then used', async () => {
    const phone = uniquePhone();
    const code = await t.sendSmsCode(phone, 'login', newIp());
    for (let i = 0; i < 4; i++) expect((await check(phone, wrongCode(code))).statusCode).toBe(400);
    expect((await check(phone, code)).statusCode).toBe(204);
    expect((await check(phone, code)).statusCode).toBe(204);
    const signedIn = await post('/passport/account/smsLogin/v2', { phoneNum: phone, smsCode: code }, newIp());
    expect(signedIn.statusCode).toBe(200);
  });

  it('expires after 5 minutes', async () => {
    const phone = uniquePhone();
    const code = await t.sendSmsCode(phone, 'login', newIp());
    t.clock.advance(301_000);
    expect((await check(phone, code)).statusCode).toBe(400);
  });

  it('is voided by a resend', async () => {
    const phone = uniquePhone();
    const first = await t.sendSmsCode(phone, 'login', newIp());
    t.clock.advance(61_000);
    const second = await t.sendSmsCode(phone, 'login', newIp());
    if (first !== second) expect((await check(phone, first)).statusCode).toBe(400);
    expect((await check(phone, second)).statusCode).toBe(204);
  });

  it('is stored hashed, never in clear', async () => {
    const phone = uniquePhone();
    const code = await t.sendSmsCode(phone, 'login', newIp());
    const { smsCodes } = await import('./auth.schema.ts');
    const { eq } = await import('drizzle-orm');
    const [row] = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);
  });
});
