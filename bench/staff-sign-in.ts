import { postJson } from './sms-sign-in.ts';

const DEMO_STAFF_PASSWORD = 'Demo@2026';

/**
 * Signs a demo staff member in through both steps, with the six digits the dev route shows (as the console's
 * sign-in page does outside production); answers the access token. A code is used once: a second sign-in of
 * the same member in the same 30 s takes the next step's code, which the route shows then.
 */
export async function signInDemoStaff(base: string, loginName: string): Promise<string> {
  const { challenge } = await postJson<{ challenge: string }>(base, '/admin/auth/login', {
    loginName,
    password: DEMO_STAFF_PASSWORD,
  });
  const staff = (await (await fetch(`${base}/admin/dev/demo-staff`)).json()) as { loginName: string; code: string }[];
  const code = staff.find((it) => it.loginName === loginName)?.code;
  const signedIn = await postJson<{ access_token?: string }>(base, '/admin/auth/totp', { challenge, code });
  if (!signedIn.access_token) throw new Error(`staff sign-in of ${loginName} failed: ${JSON.stringify(signedIn)}`);
  return signedIn.access_token;
}
