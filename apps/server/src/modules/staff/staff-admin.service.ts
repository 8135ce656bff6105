import { STAFF_ADMIN_MSG, type StaffAccount } from '@anxin/shared/staff/console-staff.contract';
import type { StaffRole } from '@anxin/shared/staff/staff-roles';
import type { AppServices } from '../../app-services.ts';
import type { Transaction } from '../../db/client.ts';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/password.ts';
import type { StaffPrincipal } from '../../platform/staff-auth.ts';
import { recordAudit } from '../audit/audit.module.ts';
import type { StaffRow } from './staff.schema.ts';
import {
  endSignInsOf,
  findStaffAccounts,
  insertStaff,
  lockEnabledAdmins,
  lockStaff,
  updateStaff,
} from './staff-admin.repository.ts';
import { refusalOfStaffChange } from './staff-admin.rules.ts';

const toAccount = ({ staff: row, lastSignInAt }: { staff: StaffRow; lastSignInAt: Date | null }): StaffAccount => ({
  id: row.id,
  loginName: row.loginName,
  displayName: row.displayName,
  roles: row.roles as StaffRole[],
  hasSecondFactor: row.totpSecretEnc !== null,
  isActive: row.isActive,
  lastSignInAt: lastSignInAt ? new Date(lastSignInAt).toISOString() : null,
  createdAt: row.createdAt.toISOString(),
});

/** A new account as the route's schema leaves it (trimmed, roles each once in table order). */
type NewStaffAccount = { loginName: string; displayName: string; roles: StaffRole[]; password: string };

/** An act on one account: what it changes, and what the log says it was and became. */
type AccountChange = {
  action: string;
  changes: Partial<StaffRow>;
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
  /** The act ends the account's sign-ins (their count goes into the log's `after`). */
  endsSignIns?: boolean;
};

/**
 * 员工 (docs/CONSOLE.md, "Staff management"): the admin's acts on staff accounts. Each runs in one transaction
 * holding the enabled admins' rows and the account's row, checks what an admin may not do (staff-admin.rules.ts)
 * and writes its audit entry; nothing of a password or a second factor reaches the log.
 */
export function createStaffAdmin({ db, clock }: Pick<AppServices, 'db' | 'clock'>) {
  async function accountOf(id: number): Promise<StaffAccount> {
    const [row] = await findStaffAccounts(db, id);
    if (!row) throw notFound();
    return toAccount(row);
  }

  /** Applies `decide(row)`'s change to the account `id`, unless it is refused; answers the account as it now is. */
  async function change(
    id: number,
    actor: StaffPrincipal,
    decide: (row: StaffRow) => AccountChange | undefined,
  ): Promise<StaffAccount> {
    await db.transaction(async (tx: Transaction) => {
      const enabledAdminIds = await lockEnabledAdmins(tx);
      const row = await lockStaff(tx, id);
      if (!row) throw notFound();
      const decided = decide(row);
      if (!decided) return;
      const next = {
        roles: (decided.changes.roles ?? row.roles) as StaffRole[],
        isActive: decided.changes.isActive ?? row.isActive,
      };
      const refusal = refusalOfStaffChange({
        actorId: actor.id,
        target: { id: row.id, roles: row.roles as StaffRole[], isActive: row.isActive },
        next,
        enabledAdminIds,
      });
      if (refusal) throw conflict(refusal);
      const now = clock.now();
      await updateStaff(tx, row.id, { ...decided.changes, updatedAt: now });
      const signInsEnded = decided.endsSignIns
        ? await endSignInsOf(tx, row.id, now, row.id === actor.id ? actor.sessionId : undefined)
        : undefined;
      await recordAudit(tx, {
        actor,
        at: now,
        action: decided.action,
        objectType: 'staff',
        objectId: row.loginName,
        before: decided.before,
        after: signInsEnded === undefined ? decided.after : { ...decided.after, signInsEnded },
      });
    });
    return accountOf(id);
  }

  return {
    async list(): Promise<StaffAccount[]> {
      return (await findStaffAccounts(db)).map(toAccount);
    },

    /** A new account without a second factor: its first sign-in sets the authenticator up. */
    async create(account: NewStaffAccount, actor: StaffPrincipal): Promise<StaffAccount> {
      const { loginName, displayName, roles, password } = account;
      const passwordHash = await hashPassword(password);
      try {
        const created = await db.transaction(async (tx) => {
          const now = clock.now();
          const row = await insertStaff(tx, {
            loginName,
            displayName,
            roles,
            passwordHash,
            createdAt: now,
            updatedAt: now,
          });
          await recordAudit(tx, {
            actor,
            at: now,
            action: 'staff.create',
            objectType: 'staff',
            objectId: loginName,
            before: null,
            after: { loginName, displayName, roles },
          });
          return row;
        });
        return toAccount({ staff: created, lastSignInAt: null });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(STAFF_ADMIN_MSG.loginNameTaken);
        throw error;
      }
    },

    /** New roles (the permissions follow on the member's next call). */
    setRoles: (id: number, roles: StaffRole[], actor: StaffPrincipal) =>
      change(id, actor, (row) =>
        sameRoles(row.roles, roles)
          ? undefined
          : { action: 'staff.roles', changes: { roles }, before: { roles: row.roles }, after: { roles } },
      ),

    /** Disabling ends the account's sign-ins at once; enabling lets it sign in again. */
    setActive: (id: number, isActive: boolean, actor: StaffPrincipal) =>
      change(id, actor, (row) =>
        row.isActive === isActive
          ? undefined
          : {
              action: isActive ? 'staff.enable' : 'staff.disable',
              changes: { isActive },
              before: { isActive: row.isActive },
              after: { isActive },
              endsSignIns: !isActive,
            },
      ),

    /** The authenticator and recovery codes are forgotten: the next sign-in sets them up again. */
    resetSecondFactor: (id: number, actor: StaffPrincipal) =>
      change(id, actor, (row) => ({
        action: 'staff.resetTotp',
        changes: { totpSecretEnc: null, totpLastStep: null, recoveryCodeHashes: [] },
        before: { hasSecondFactor: row.totpSecretEnc !== null },
        after: { hasSecondFactor: false },
        endsSignIns: true,
      })),

    /** A password the admin hands over; the account's other sign-ins end. */
    async resetPassword(id: number, password: string, actor: StaffPrincipal) {
      const passwordHash = await hashPassword(password);
      return change(id, actor, () => ({
        action: 'staff.resetPassword',
        changes: { passwordHash },
        before: null,
        after: {},
        endsSignIns: true,
      }));
    },
  };
}

const sameRoles = (stored: readonly string[], roles: readonly StaffRole[]) =>
  stored.length === roles.length && roles.every((role) => stored.includes(role));
