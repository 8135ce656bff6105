import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { humanDragTrack } from '../../apps/server/src/test/human-drag-track.ts';

// A counter from a random start: a sequence plus a random number per call gave two calls of one worker the
// same phone now and then (a registration then failed with 该手机号已注册); the random start keeps a
// restarted worker whose pid repeats an earlier one's apart from it.
let sequence = Math.floor(Math.random() * 10_000);
/** A phone no other journey of this run uses: 137 + the worker's pid + a counter. */
export const uniquePhone = () =>
  `137${String(process.pid % 10000).padStart(4, '0')}${String(++sequence % 10_000).padStart(4, '0')}`;

/** The code the sandbox SMS gateway "sent" last to this phone. */
export async function latestSmsCode(request: APIRequestContext, phone: string) {
  const reply = await request.get(`/web-gateway/dev/sms-outbox?phone=${phone}`);
  const messages = (await reply.json()) as { code: string }[];
  return messages[0]?.code ?? '';
}

/** The whole SMS flow through the API (ticket, slide captcha in test mode, send); answers the code. */
export async function sendSmsCodeByApi(request: APIRequestContext, phone: string, purpose = 'login') {
  const { ticket } = await (
    await request.post('/web-gateway/v2/captcha/sms/tickets', { data: { phoneNum: phone, purpose } })
  ).json();
  const challenge = await (
    await request.post('/web-gateway/v2/captcha/slider/challenges', { data: { phoneNum: phone, ticket } })
  ).json();
  const { validCode } = await (
    await request.post('/web-gateway/v2/captcha/slider/verifications', {
      data: { challengeId: challenge.challengeId, x: challenge.answerX, track: humanDragTrack(challenge.answerX) },
    })
  ).json();
  const sent = await request.post('/web-gateway/v2/captcha/sms/v3/captchas/new', {
    data: { phoneNum: phone, ticket, validCode },
  });
  if (sent.status() !== 204) throw new Error(`SMS send failed: ${sent.status()} ${await sent.text()}`);
  return latestSmsCode(request, phone);
}

/**
 * A new member signed in through the API, its tokens placed where the page keeps them. Use it when the
 * journey under test is not the sign-in itself.
 */
export async function signInAsNewMember(page: Page, phone = uniquePhone()) {
  const code = await sendSmsCodeByApi(page.request, phone, 'login');
  const reply = await page.request.post('/web-gateway/passport/account/smsLogin/v2', {
    data: { phoneNum: phone, smsCode: code },
  });
  const login = await reply.json();
  await placeTokensInPage(page, login);
  return { phone, login };
}

export type LoginResult = { access_token: string; refresh_token: string; expires_in: number };

/** Puts a login result where the page keeps it (the same keys as apps/web/src/lib/token-store.ts). */
export async function placeTokensInPage(page: Page, login: LoginResult) {
  await page.goto('/user/error');
  // Expiry is now + expires_in − 60 s, as the page computes it.
  await page.evaluate((result) => {
    localStorage.setItem('anxin.accessToken', result.access_token);
    localStorage.setItem('anxin.refreshToken', result.refresh_token);
    localStorage.setItem('anxin.accessTokenExpiresAt', String(Date.now() + result.expires_in * 1000 - 60_000));
  }, login);
  const { hostname } = new URL(page.url());
  await page.context().addCookies([{ name: 'anxin_member', value: '1', domain: hostname, path: '/', sameSite: 'Lax' }]);
}

/** The demo member of docs/API-CONVENTIONS.md, who has the demo orders. */
export const DEMO_PHONE = '13800138000';

/**
 * Signs the demo member in (SMS code through the API), its tokens placed in the page. The server allows one SMS
 * per phone a minute, so one sign-in serves the whole run: the first worker to take the lock file signs in and
 * writes the login result into the run's data directory (fresh each run); the others read it. Journeys that use
 * it must not log the demo member out.
 */
export async function signInAsDemoMember(page: Page) {
  await placeTokensInPage(page, await demoLogin(page.request));
}

async function demoLogin(request: APIRequestContext): Promise<LoginResult> {
  const dir = fileURLToPath(new URL(`../../.tmp/e2e-data-${process.env.E2E_PORT ?? 8181}/`, import.meta.url));
  const resultPath = join(dir, 'demo-login.json');
  mkdirSync(dir, { recursive: true });
  let hasLock = false;
  try {
    closeSync(openSync(join(dir, 'demo-login.lock'), 'wx'));
    hasLock = true;
  } catch {
    // Another worker is signing in: wait for its result below.
  }
  if (hasLock) {
    const code = await sendSmsCodeByApi(request, DEMO_PHONE, 'login');
    const reply = await request.post('/web-gateway/passport/account/smsLogin/v2', {
      data: { phoneNum: DEMO_PHONE, smsCode: code },
    });
    if (!reply.ok()) throw new Error(`demo sign-in failed: ${reply.status()} ${await reply.text()}`);
    writeFileSync(`${resultPath}.tmp`, await reply.text());
    renameSync(`${resultPath}.tmp`, resultPath);
  }
  for (let waited = 0; waited < 30_000; waited += 200) {
    if (existsSync(resultPath)) return JSON.parse(readFileSync(resultPath, 'utf8')) as LoginResult;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('demo sign-in: no login result after 30 s');
}
