import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';

// The operator console's demo staff (docs/CONSOLE.md): their password, and their current six digits from the
// dev route, as the sign-in page shows them (演示账号).

export type DemoStaffLogin = 'yaoshi_demo' | 'kefu_demo' | 'cangku_demo' | 'yunying_demo' | 'admin_demo';
export const DEMO_STAFF_PASSWORD = 'Demo@2026';

type StaffSignIn = { access_token: string; expires_in: number };

/** The code the sign-in page shows for `loginName` now. */
export async function demoStaffCode(request: APIRequestContext, loginName: DemoStaffLogin): Promise<string> {
  const reply = await request.get('/web-gateway/admin/dev/demo-staff');
  const staff = (await reply.json()) as { loginName: string; code: string }[];
  const code = staff.find((it) => it.loginName === loginName)?.code;
  if (!code) throw new Error(`no demo staff ${loginName}`);
  return code;
}

/**
 * Both steps of the sign-in through the API. A code is used once: when another sign-in of the same staff member
 * has just spent the shown one, the next 30-second step brings a new one.
 */
async function staffSignInByApi(request: APIRequestContext, loginName: DemoStaffLogin): Promise<StaffSignIn> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const first = await request.post('/web-gateway/admin/auth/login', {
      data: { loginName, password: DEMO_STAFF_PASSWORD },
    });
    if (!first.ok()) throw new Error(`staff sign-in failed: ${first.status()} ${await first.text()}`);
    const { challenge } = (await first.json()) as { challenge: string };
    const second = await request.post('/web-gateway/admin/auth/totp', {
      data: { challenge, code: await demoStaffCode(request, loginName) },
    });
    if (second.ok()) return (await second.json()) as StaffSignIn;
    await new Promise((resolve) => setTimeout(resolve, 31_000 - (Date.now() % 30_000)));
  }
  throw new Error(`staff sign-in of ${loginName}: no code accepted`);
}

/**
 * A demo staff member's access token, signed in once per run and shared by the workers (a file in the run's
 * data directory, written by whichever worker takes the lock first), since each sign-in spends a code. Journeys
 * that use it must not sign that session out.
 */
export async function staffToken(request: APIRequestContext, loginName: DemoStaffLogin): Promise<string> {
  const dir = fileURLToPath(new URL(`../../.tmp/e2e-data-${process.env.E2E_PORT ?? 8181}/`, import.meta.url));
  const resultPath = join(dir, `staff-${loginName}.json`);
  mkdirSync(dir, { recursive: true });
  let hasLock = false;
  try {
    closeSync(openSync(join(dir, `staff-${loginName}.lock`), 'wx'));
    hasLock = true;
  } catch {
    // Another worker is signing in: wait for its result below.
  }
  if (hasLock) {
    const signedIn = await staffSignInByApi(request, loginName);
    writeFileSync(`${resultPath}.tmp`, JSON.stringify(signedIn));
    renameSync(`${resultPath}.tmp`, resultPath);
  }
  for (let waited = 0; waited < 90_000; waited += 200) {
    if (existsSync(resultPath)) return (JSON.parse(readFileSync(resultPath, 'utf8')) as StaffSignIn).access_token;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`staff sign-in of ${loginName}: no token after 90 s`);
}

export const staffBearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Opens `path` of the console signed in as `loginName`: the token where the console keeps it (sessionStorage,
 * features/console/lib/staff-session.ts), as a sign-in in this tab would have left it.
 */
export async function openConsoleAs(page: Page, loginName: DemoStaffLogin, path: string) {
  const token = await staffToken(page.request, loginName);
  await page.goto('/admin/login');
  await page.evaluate((accessToken) => {
    sessionStorage.setItem('anxin.staffToken', accessToken);
    sessionStorage.setItem('anxin.staffTokenExpiresAt', String(Date.now() + 3_600_000));
  }, token);
  await page.goto(path);
}
