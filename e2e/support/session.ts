import type { APIRequestContext, Page } from '@playwright/test';

let sequence = 0;
/** A phone no other journey of this run uses: 137 + the run's pid + a counter. */
export const uniquePhone = () =>
  `137${String(process.pid % 10000).padStart(4, '0')}${String(++sequence + Math.floor(Math.random() * 900)).padStart(4, '0')}`;

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
      data: { challengeId: challenge.challengeId, x: challenge.answerX, durationMs: 900 },
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
  await page.goto('/user/error');
  // The same keys as apps/web/src/lib/token-store.ts: expiry is now + expires_in − 60 s.
  await page.evaluate((result) => {
    localStorage.setItem('anxin.accessToken', result.access_token);
    localStorage.setItem('anxin.refreshToken', result.refresh_token);
    localStorage.setItem('anxin.accessTokenExpiresAt', String(Date.now() + result.expires_in * 1000 - 60_000));
    document.cookie = 'anxin_member=1; path=/; SameSite=Lax';
  }, login);
  return { phone, login };
}
