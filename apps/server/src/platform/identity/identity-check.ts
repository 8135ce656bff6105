/**
 * The real-name check (实名认证) of a name and a resident ID card number. A real provider (a government
 * identity service, reached through a licensed vendor) implements the same shape; the configuration
 * (IDENTITY_CHECK_PROVIDER) picks one in `identity-checks.ts`.
 */
export type IdentityCheckResult = { ok: true } | { ok: false; reason: string };

export interface IdentityCheck {
  readonly provider: string;
  /** Does this ID card number belong to a person of this name? Never throws for a mismatch. */
  verify(person: { name: string; idCardNumber: string }): Promise<IdentityCheckResult>;
}
