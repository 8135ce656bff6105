import { validateIdCard } from '@anxin/shared/common/id-card';
import type { IdentityCheck } from './identity-check.ts';

/** The sandbox's documented failing names: any name starting with this character (docs/PATIENTS.md). */
export const SANDBOX_FAILING_NAME_PREFIX = '假';
/** The sandbox's documented failing ID cards: sequence digits (positions 15-17, 1-based) equal to this. */
export const SANDBOX_FAILING_SEQUENCE = '999';

/**
 * The sandbox identity check: no outside service. It accepts every well-formed name with a valid ID card
 * number, except the documented test pairs, so that the failure paths can be tried on the demo and in tests:
 * a name starting with 假, or an 18-digit ID card whose sequence digits (positions 15-17) are 999.
 */
export function createSandboxIdentityCheck(): IdentityCheck {
  return {
    provider: 'sandbox',
    async verify({ name, idCardNumber }) {
      const number = idCardNumber.trim().toUpperCase();
      const trimmedName = name.trim();
      if (trimmedName.length === 0) return { ok: false, reason: 'name empty' };
      if (!validateIdCard(number).ok) return { ok: false, reason: 'id card number invalid' };
      if (trimmedName.startsWith(SANDBOX_FAILING_NAME_PREFIX)) return { ok: false, reason: 'sandbox: failing name' };
      if (number.length === 18 && number.slice(14, 17) === SANDBOX_FAILING_SEQUENCE) {
        return { ok: false, reason: 'sandbox: failing sequence 999' };
      }
      return { ok: true };
    },
  };
}
