import { createHmac } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Secrets } from '../secrets.ts';
import { createSandboxPaymentAdapter, type SandboxPaymentAdapter } from './sandbox-payment-adapter.ts';

/**
 * The payment adapter the configuration chooses. Only the sandbox exists so far; production mode refuses it
 * (the app does not start) unless ALLOW_SANDBOX_IN_PRODUCTION=1 says so explicitly.
 */
export function createPaymentAdapter(config: Config, secrets: Secrets): SandboxPaymentAdapter {
  if (config.isProduction && config.ALLOW_SANDBOX_IN_PRODUCTION !== '1') {
    throw new Error(
      'Invalid configuration:\n  the payment adapter is the sandbox: set ALLOW_SANDBOX_IN_PRODUCTION=1 to accept it',
    );
  }
  return createSandboxPaymentAdapter(sandboxKeyFrom(secrets));
}

/** The sandbox's signing key, derived from the field key (kept in DATA_DIR outside production). */
export function sandboxKeyFrom(secrets: Secrets): Buffer {
  return createHmac('sha256', secrets.fieldKey).update('anxin-payment-sandbox-notify-v1').digest();
}
