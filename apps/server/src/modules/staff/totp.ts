import { HOTP, Secret, TOTP } from 'otpauth';

// The console's second factor: TOTP (RFC 6238) as every authenticator app makes it: SHA-1, six digits, a new
// code every 30 seconds. A code of the step before or after the server's is accepted too (clocks drift).

const PERIOD_SECONDS = 30;
const DIGITS = 6;
const ISSUER = '安心大药房';

/** A fresh secret: 20 random bytes (RFC 4226's recommendation), as base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The time step of a moment. */
export const totpStepOf = (now: Date) => Math.floor(now.getTime() / 1000 / PERIOD_SECONDS);

/** The code of one time step. */
export const totpCodeAt = (secret: string, step: number) =>
  HOTP.generate({ secret: Secret.fromBase32(secret), counter: step, digits: DIGITS });

/** The link an authenticator app reads from the QR code: otpauth://totp/安心大药房:<login name>?secret=… */
export const totpUrlOf = (secret: string, loginName: string) =>
  new TOTP({
    issuer: ISSUER,
    label: loginName,
    secret: Secret.fromBase32(secret),
    digits: DIGITS,
    period: PERIOD_SECONDS,
  }).toString();

/**
 * The step whose code `code` is, among the steps around `now` that come after `lastStep` (a code is good
 * once: its step and every earlier one are spent); undefined when it is none of them.
 */
export function matchingTotpStep(secret: string, code: string, now: Date, lastStep: number | null) {
  const current = totpStepOf(now);
  for (const step of [current - 1, current, current + 1]) {
    if (lastStep !== null && step <= lastStep) continue;
    // The library compares in constant time.
    const delta = HOTP.validate({
      token: code,
      secret: Secret.fromBase32(secret),
      counter: step,
      digits: DIGITS,
      window: 0,
    });
    if (delta === 0) return step;
  }
  return undefined;
}
