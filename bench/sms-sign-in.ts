import { humanDragTrack } from '../apps/server/src/test/human-drag-track.ts';

export type LoginResult = { access_token: string; refresh_token: string };

/**
 * The address this bench process signs in from, for a server that trusts the loopback proxy (the bench's
 * TRUST_PROXY): the SMS limit of 30 codes an hour per address then counts each run apart.
 */
const CLIENT_ADDRESS = `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/** POST a JSON body to the API at `base` (…/web-gateway); 204 answers undefined. */
export async function postJson<T = Record<string, string & number>>(base: string, path: string, body: object) {
  const reply = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': CLIENT_ADDRESS },
    body: JSON.stringify(body),
  });
  return (reply.status === 204 ? undefined : await reply.json()) as T;
}

/** Signs a member in by SMS through the real flow (CAPTCHA_MODE=test gives the slider answer). */
export async function signInBySms(base: string, phone: string) {
  const post = (path: string, body: object) => postJson(base, path, body);
  const { ticket } = await post('/v2/captcha/sms/tickets', { phoneNum: phone });
  const challenge = await post('/v2/captcha/slider/challenges', { phoneNum: phone, ticket });
  const { validCode } = await post('/v2/captcha/slider/verifications', {
    challengeId: challenge.challengeId,
    x: challenge.answerX,
    track: humanDragTrack(challenge.answerX),
  });
  await post('/v2/captcha/sms/v3/captchas/new', { phoneNum: phone, ticket, validCode });
  const [message] = (await (await fetch(`${base}/dev/sms-outbox?phone=${phone}`)).json()) as { code: string }[];
  const login = await postJson<LoginResult>(base, '/passport/account/smsLogin/v2', {
    phoneNum: phone,
    smsCode: message.code,
  });
  if (!login.refresh_token) throw new Error(`sign-in failed: ${JSON.stringify(login)}`);
  return login;
}
