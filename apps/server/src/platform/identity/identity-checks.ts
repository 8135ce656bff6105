import type { Config } from '../../config.ts';
import type { IdentityCheck } from './identity-check.ts';
import { createSandboxIdentityCheck } from './sandbox-identity-check.ts';

/**
 * The identity check the configuration chooses (IDENTITY_CHECK_PROVIDER). Only the sandbox exists so far;
 * production mode refuses it (config.ts stops the start) unless ALLOW_SANDBOX_IN_PRODUCTION=1 says so.
 */
export function createIdentityCheck(config: Config): IdentityCheck {
  switch (config.IDENTITY_CHECK_PROVIDER) {
    case 'sandbox':
      return createSandboxIdentityCheck();
  }
}
