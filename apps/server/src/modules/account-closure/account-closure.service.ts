import { ACCOUNT_CLOSING_COOLING_OFF_DAYS } from '@anxin/shared/account/account-safety.schemas';
import { ErrorCode } from '@anxin/shared/common/errors';
import { MSG } from '@anxin/shared/common/messages';
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { AppServices } from '../../app-services.ts';
import type { ClientInfo } from '../../platform/client-info.ts';
import { AppError, badRequest, conflict, notSignedIn } from '../../platform/errors.ts';
import { listMemberOwnedTables, memberTablesOf } from '../../platform/member-tables.ts';
import type { AfterClosure } from '../../platform/module-descriptor.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import {
  accountClosingError,
  findMemberById,
  findMemberByPhone,
  lockMember,
  type MemberRow,
  members,
} from '../account/account.module.ts';
import { accountClosureRequests } from './account-closure.schema.ts';

const DAY_MS = 86_400_000;
const COOLING_OFF_MS = ACCOUNT_CLOSING_COOLING_OFF_DAYS * DAY_MS;

/** What an anonymised member keeps of its profile. nickname cannot be empty: a placeholder stands in. */
export const CLOSED_MEMBER_NICKNAME = '已注销用户';

const finishesAt = (requestedAt: Date) => new Date(requestedAt.getTime() + COOLING_OFF_MS);

export function createAccountClosureService(services: AppServices) {
  const { db, clock, smsCodes, tokens } = services;

  return {
    /**
     * The SMS sign-in's hook (auth.service.ts, guest pay): an account in its cooling-off period is not signed in;
     * the reply 409 ACCOUNT_CLOSING lets the page offer 撤销注销申请. The code is checked here but left unused: the
     * withdrawal that follows presents it again and uses it (it proves the phone once more, and works once).
     */
    async refuseClosingAccountSignIn(phone: string, code: string) {
      const member = await findMemberByPhone(db, phone);
      if (member?.status !== 'closing') return;
      await smsCodes.checkCode(phone, 'login', code);
      throw accountClosingError();
    },

    /** POST closeapply: the bound phone's closeAccount code, then closing + every sign-in ended at once. */
    async apply(memberId: number, phone: string, code: string, origin: string) {
      const member = await findMemberById(db, memberId);
      if (!member || member.status === 'closed') throw notSignedIn();
      if (member.status === 'closing') throw conflict(MSG.closeAlreadyApplied);
      if (!member.phone) throw badRequest(MSG.closeNeedsPhone, 'phoneNum');
      if (member.phone !== phone) throw badRequest(MSG.phoneNotCurrent, 'phoneNum');
      try {
        await smsCodes.consumeCode(phone, 'closeAccount', code);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 400) throw badRequest(MSG.smsCodeMalformed, 'validCode');
        throw error;
      }
      const now = clock.now();
      await db.transaction(async (tx) => {
        await lockMember(tx, memberId);
        const updated = await tx
          .update(members)
          .set({ status: 'closing', closeRequestedAt: now, updatedAt: now })
          .where(and(eq(members.id, memberId), eq(members.status, 'active')))
          .returning({ id: members.id });
        if (updated.length === 0) throw conflict(MSG.closeAlreadyApplied);
        await tx.insert(accountClosureRequests).values({ memberId, origin, requestedAt: now });
        await tokens.endOtherSessions(memberId, 'account-closing', undefined, tx);
      });
      return { closeRequestedAt: now.toISOString(), finishAt: finishesAt(now).toISOString() };
    },

    /** POST closeapply/withdraw: the login code the refused sign-in used; the account is active again and signed in. */
    async withdraw(phone: string, code: string, client: ClientInfo) {
      const member = await findMemberByPhone(db, phone);
      if (member?.status !== 'closing' || !member.closeRequestedAt) {
        throw badRequest(MSG.accountNotClosing, 'phoneNum');
      }
      const now = clock.now();
      if (finishesAt(member.closeRequestedAt) <= now)
        throw new AppError(410, ErrorCode.linkExpired, MSG.coolingOffOver);
      await smsCodes.consumeCode(phone, 'login', code);
      return db.transaction(async (tx) => {
        await lockMember(tx, member.id);
        const updated = await tx
          .update(members)
          .set({ status: 'active', closeRequestedAt: null, updatedAt: now })
          .where(and(eq(members.id, member.id), eq(members.status, 'closing')))
          .returning({ id: members.id });
        if (updated.length === 0) throw badRequest(MSG.accountNotClosing, 'phoneNum');
        await tx
          .update(accountClosureRequests)
          .set({ withdrawnAt: now })
          .where(
            and(
              eq(accountClosureRequests.memberId, member.id),
              isNull(accountClosureRequests.withdrawnAt),
              isNull(accountClosureRequests.finishedAt),
            ),
          );
        return tokens.signIn({ memberId: member.id, method: 'close-withdraw', ...client }, tx);
      });
    },
  };
}

/**
 * The scheduled job: accounts whose 15 days have passed are anonymised — profile fields emptied, phone and
 * login name freed (the phone can register anew), every table its module's descriptor marks `delete` emptied
 * of the member's rows, each module's `closeMember` run — while orders, prescriptions and payments stay
 * (`keep-for-law`), now attached to an anonymous closed member. Uploaded files are deleted from storage once
 * the transaction has committed. Safe to run on many processes at once: each account is locked and checked
 * again inside its own transaction.
 */
export function createAccountClosureJob({
  db,
  clock,
  tokens,
  log,
  storage,
  modules,
}: Pick<AppServices, 'db' | 'clock' | 'tokens' | 'log' | 'modules'> & { storage: FileStorage }) {
  return {
    async finishAccountClosures(batchSize = 100): Promise<number> {
      const now = clock.now();
      const cutoff = new Date(now.getTime() - COOLING_OFF_MS);
      const due = await db
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.status, 'closing'), lte(members.closeRequestedAt, cutoff)))
        .limit(batchSize);
      const deleted = listMemberOwnedTables(
        memberTablesOf(modules).filter((declared) => declared.onClosure === 'delete'),
      );
      let finished = 0;
      for (const { id } of due) {
        const afterCommit: AfterClosure[] = [];
        const isFinished = await db.transaction(async (tx) => {
          await lockMember(tx, id);
          const [member] = await tx.select().from(members).where(eq(members.id, id));
          if (!isDue(member, cutoff)) return false;
          await tokens.endMemberSessions(tx, id, now, 'account-closed');
          for (const module of modules) {
            const after = await module.closeMember?.(tx, id);
            if (after) afterCommit.push(after);
          }
          for (const owned of deleted) await tx.delete(owned.table).where(eq(owned.memberId, id));
          await tx
            .update(members)
            .set({
              status: 'closed',
              phone: null,
              loginName: null,
              passwordHash: null,
              passwordMustUpdate: false,
              nickname: CLOSED_MEMBER_NICKNAME,
              memberName: null,
              avatar: null,
              sex: null,
              birthday: null,
              email: null,
              height: null,
              weight: null,
              commonDrugs: null,
              allergyDrugs: null,
              diseaseHistory: null,
              jobNature: null,
              maritalStatus: null,
              revenues: null,
              updatedAt: now,
            })
            .where(eq(members.id, id));
          await tx
            .update(accountClosureRequests)
            .set({ finishedAt: now })
            .where(
              and(
                inArray(accountClosureRequests.memberId, [id]),
                isNull(accountClosureRequests.withdrawnAt),
                isNull(accountClosureRequests.finishedAt),
              ),
            );
          return true;
        });
        if (!isFinished) continue;
        finished += 1;
        log.info({ event: 'account.closed', memberId: id }, 'account closed');
        for (const after of afterCommit) await after({ storage });
      }
      return finished;
    },
  };
}

function isDue(member: MemberRow | undefined, cutoff: Date) {
  return member?.status === 'closing' && member.closeRequestedAt !== null && member.closeRequestedAt <= cutoff;
}
