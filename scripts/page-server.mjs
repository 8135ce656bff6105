// Starts the real server on a fresh embedded database for the page measurements (first-load JavaScript,
// Lighthouse), as the browser journeys do, and signs the demo member in through the API. Run under tsx
// (node --import tsx): it uses the tests' drag track for the slide captcha.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { humanDragTrack } from '../apps/server/src/test/human-drag-track.ts';
import { SERVER_NODE_ARGS } from './server-command.mjs';

export const DEMO_PHONE = '13800138000';
/** A product of the seeded catalogue. */
export const PRODUCT_PATH = '/product/1000101';

/**
 * Starts the compiled server (server-command.mjs) on `port` with pages from `distDir` (the server's default when unset);
 * answers `{ url, stop }` once /health answers.
 */
export async function startPageServer({ port, distDir, root = process.cwd() }) {
  const dataDir = `.tmp/page-server-${port}`;
  rmSync(`${root}/${dataDir}`, { recursive: true, force: true });
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, SERVER_NODE_ARGS, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CAPTCHA_MODE: 'test',
      LOG_LEVEL: 'warn',
      PUBLIC_ORIGIN: url,
      ...(distDir ? { WEB_DIST_DIR: distDir } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    rmSync(`${root}/${dataDir}`, { recursive: true, force: true });
  };
  // Up to 5 minutes: on a loaded shared machine the start-up alone has taken more than two.
  for (let waited = 0; waited < 300_000 && server.exitCode === null; waited += 250) {
    const isUp = await fetch(`${url}/web-gateway/health`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (isUp) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server on port ${port} did not start`);
}

async function postJson(url, body) {
  const reply = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!reply.ok) throw new Error(`${url}: ${reply.status} ${await reply.text()}`);
  return reply.status === 204 ? null : reply.json();
}

/** Signs the demo member in by SMS (the server runs with CAPTCHA_MODE=test); answers the login result. */
export async function signInDemoMember(url) {
  const api = `${url}/web-gateway`;
  const { ticket } = await postJson(`${api}/v2/captcha/sms/tickets`, { phoneNum: DEMO_PHONE, purpose: 'login' });
  const challenge = await postJson(`${api}/v2/captcha/slider/challenges`, { phoneNum: DEMO_PHONE, ticket });
  // durationMs for a checkout from before the drag track was checked; a newer server ignores it.
  const { validCode } = await postJson(`${api}/v2/captcha/slider/verifications`, {
    challengeId: challenge.challengeId,
    x: challenge.answerX,
    track: humanDragTrack(challenge.answerX),
    durationMs: 900,
  });
  await postJson(`${api}/v2/captcha/sms/v3/captchas/new`, { phoneNum: DEMO_PHONE, ticket, validCode });
  const outbox = await (await fetch(`${api}/dev/sms-outbox?phone=${DEMO_PHONE}`)).json();
  return postJson(`${api}/passport/account/smsLogin/v2`, { phoneNum: DEMO_PHONE, smsCode: outbox[0].code });
}

/** The phone a guest payment link is made for unless told otherwise: no account until a link registers it. */
const GUEST_PHONE = '13700001234';

/** A prescription product of the demo catalogue (阿莫西林胶囊): its order asks for the inquiry before the payment. */
export const PRESCRIPTION_PRODUCT = '1000601';

/**
 * The guest payment link an operator makes for a phone that has no account (`npm run ops -- guest-order`, as
 * the guest journeys do) for `products` (`code[:qty],…`): answers the path the SMS carries,
 * /payJianke/entry?key=….
 */
export async function createGuestPayLink({ port, root = process.cwd(), phone = GUEST_PHONE, products = '1000101' }) {
  const argv = ['guest-order', phone, products, '--address', '广东省', '深圳市', '南山区', '科技园路1号'];
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/ops/cli.ts', ...argv, '--name', '周安宁'],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: `.tmp/page-server-${port}` },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let printed = '';
  child.stdout.on('data', (chunk) => {
    printed += chunk;
  });
  const exitCode = await new Promise((resolve) => child.once('close', resolve));
  if (exitCode !== 0) throw new Error(`guest-order failed: ${printed}`);
  const link = new URL(printed.trim().split('\n').at(-1) ?? '');
  return `${link.pathname}${link.search}`;
}

/**
 * Goes through the entry page of a link made for `phone` by the API (the phone confirmed, the account
 * registered and signed in): answers the login result and the pay page the entry page leads to,
 * /payJianke/messagePayment?key=….
 */
export async function signInThroughGuestLink(url, linkPath, phone) {
  const api = `${url}/web-gateway`;
  const key = new URL(linkPath, url).searchParams.get('key') ?? '';
  const { consigneePhone } = await postJson(`${api}/v4/orders/updatePhone`, { phone, token: key });
  const login = await postJson(`${api}/v2/guest-pay/${encodeURIComponent(key)}/register`, { phone: consigneePhone });
  const query = new URLSearchParams({ key, consigneePhone });
  return { login, payPath: `/payJianke/messagePayment?${query}` };
}

/** A script for the page (before its own scripts run) that places the login result where the page keeps it. */
export function tokensInitScript(login) {
  return `localStorage.setItem('anxin.accessToken', ${JSON.stringify(login.access_token)});
localStorage.setItem('anxin.refreshToken', ${JSON.stringify(login.refresh_token)});
localStorage.setItem('anxin.accessTokenExpiresAt', String(Date.now() + ${login.expires_in} * 1000 - 60000));
document.cookie = 'anxin_member=1; path=/; SameSite=Lax';`;
}
