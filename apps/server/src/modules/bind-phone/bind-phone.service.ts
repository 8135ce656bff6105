import { AccountSafetyCode, type PhoneBinderBody } from '@anxin/shared/account/account-safety.schemas';
import {
  PASSWORD_LOGIN_TYPE,
  providerOfThirdType,
  sameThirdBinderMessage,
  type ThirdType,
  thirdTypeOfLoginType,
} from '@anxin/shared/account/third-party';
import { MSG } from '@anxin/shared/common/messages';
import { eq } from 'drizzle-orm';
import type { AppServices } from '../../app-services.ts';
import type { Executor } from '../../db/client.ts';
import type { ClientInfo } from '../../platform/client-info.ts';
import { AppError, badRequest, conflict, isUniqueViolation, notSignedIn } from '../../platform/errors.ts';
import { listMemberOwnedTables, type MemberOwnedTable, memberTablesOf } from '../../platform/member-tables.ts';
import {
  accountClosingError,
  defaultNickname,
  findMemberById,
  findMemberByPhone,
  insertMember,
  lockMember,
  type MemberRow,
  members,
} from '../account/account.module.ts';
import { createCouponService } from '../assets/assets.module.ts';
import { createPasswordCheck } from '../password-check/password-check.module.ts';
import {
  createThirdPartyIdentityService,
  findIdentity,
  findMemberIdentity,
  type OAuthTicket,
  thirdPartyTaken,
  verifyOAuthTicket,
} from '../third-party/third-party.module.ts';
import { mergeMemberInto } from './member-merge.ts';

/** The account a phone is being bound for (type add): a third-party sign-in, or a password account without phone. */
export type BindSubject =
  | { kind: 'third'; ticket: OAuthTicket; source?: MemberRow; method: string }
  | { kind: 'password'; source: MemberRow; method: string };

export const phoneRegistered = () => new AppError(409, AccountSafetyCode.phoneRegistered, MSG.phoneRegistered);

export function createBindPhoneService(
  services: AppServices,
  options: { memberTables?: () => MemberOwnedTable[] } = {},
) {
  const { db, clock, secrets, smsCodes, tokens } = services;
  const memberTables = options.memberTables ?? (() => listMemberOwnedTables(memberTablesOf(services.modules)));
  const passwordCheck = createPasswordCheck(services);
  const coupons = createCouponService(db);
  const identities = createThirdPartyIdentityService();

  /** A wrong code when binding asks for the right one (请输入正确的验证码). */
  async function withBindCodeMessage<T>(action: () => Promise<T>) {
    try {
      return await action();
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 400) throw badRequest(MSG.smsCodeMalformed, 'validCode');
      throw error;
    }
  }
  const checkBindCode = (phone: string, code: string) =>
    withBindCodeMessage(() => smsCodes.checkCode(phone, 'bindPhone', code));
  const consumeBindCode = (phone: string, code: string) =>
    withBindCodeMessage(() => smsCodes.consumeCode(phone, 'bindPhone', code));

  async function setPhone(executor: Executor, memberId: number, phone: string) {
    try {
      await executor.update(members).set({ phone, updatedAt: clock.now() }).where(eq(members.id, memberId));
    } catch (error) {
      // Two binds of one phone at once: the unique index on members.phone lets one through.
      if (isUniqueViolation(error)) throw phoneRegistered();
      throw error;
    }
  }

  const service = {
    /**
     * Who the page binds for: a third-party ticket, or login name + password of an account without a phone
     * (checked from the client's address, so `client` is needed for it).
     */
    async resolveSubject(
      body: Pick<PhoneBinderBody, 'ticket' | 'loginName' | 'loginType' | 'password' | 'captchaId' | 'captchaCode'>,
      client?: ClientInfo,
      browserSecret?: string,
    ) {
      if (body.ticket) {
        // Only in the browser that made the sign-in round trip (its anxin_oauth cookie), never a safety-page ticket.
        const ticket = await verifyOAuthTicket(body.ticket, secrets.jwtSecret, clock, {
          purpose: 'login',
          browserSecret,
        });
        if (body.loginType !== undefined && thirdTypeOfLoginType(body.loginType) !== ticket.thirdType) {
          throw badRequest(MSG.badRequest, 'loginType');
        }
        const found = await findIdentity(db, ticket.thirdType, ticket.openId);
        // Already bound to an account that has a phone: that account signs in directly, nothing to bind.
        if (found && (found.member.phone || found.member.status !== 'active')) throw thirdPartyTaken();
        return { kind: 'third', ticket, source: found?.member, method: providerOfThirdType(ticket.thirdType) } as const;
      }
      if (body.loginName && body.loginType === PASSWORD_LOGIN_TYPE && body.password) {
        if (!client) throw new Error('a password account is checked with the client address');
        // The password login's check and counters: a guess here counts there, and the reply to a wrong
        // password is the login's, whatever the account. Only the right password learns more.
        const member = await passwordCheck.verifyLoginName(
          body.loginName,
          { password: body.password, captchaId: body.captchaId, captchaCode: body.captchaCode },
          client,
        );
        if (member.status === 'closing') throw accountClosingError();
        if (member.phone) throw badRequest(MSG.accountHasPhone, 'loginName');
        return { kind: 'password', source: member, method: 'password' } as const;
      }
      return undefined;
    },

    /**
     * Type add, the phone is free: it becomes the subject's phone (a new account for an unbound third-party
     * account). The code is checked before anything is said about the phone, so the 409 tells nothing to a
     * caller who does not hold the phone; it is used up only when the binding goes ahead.
     */
    async bindNewPhone(subject: BindSubject, phone: string, code: string, client: ClientInfo) {
      await checkBindCode(phone, code);
      if (await findMemberByPhone(db, phone)) throw phoneRegistered();
      await consumeBindCode(phone, code);
      const now = clock.now();
      return db.transaction(async (tx) => {
        let memberId: number;
        if (subject.source) {
          await lockMember(tx, subject.source.id);
          const [fresh] = await tx.select().from(members).where(eq(members.id, subject.source.id));
          if (!fresh || fresh.phone || fresh.status !== 'active') throw thirdPartyTaken();
          await setPhone(tx, fresh.id, phone);
          memberId = fresh.id;
        } else if (subject.kind === 'third') {
          let created: MemberRow;
          try {
            created = await insertMember(tx, {
              phone,
              nickname: defaultNickname(phone),
              createdAt: now,
              updatedAt: now,
            });
          } catch (error) {
            if (isUniqueViolation(error)) throw phoneRegistered();
            throw error;
          }
          await identities.insertIdentityFromTicket(tx, created.id, subject.ticket, now);
          await coupons.issueGiftPack(tx, created.id, now);
          memberId = created.id;
        } else {
          throw notSignedIn();
        }
        return tokens.signIn({ memberId, method: subject.method, ...client }, tx);
      });
    },

    /**
     * 关联账号: the phone's account takes the subject. A third-party account with an account of its own (or a
     * password account) is merged into it — orders, addresses, coupons… every row with its member id — in one
     * transaction; an unbound third-party account is simply bound to it. The phone's SMS code is required.
     */
    async linkToPhoneAccount(subject: BindSubject, phone: string, code: string, client: ClientInfo) {
      await checkBindCode(phone, code);
      const target = await findMemberByPhone(db, phone);
      if (!target) return service.bindNewPhone(subject, phone, code, client);
      if (target.status !== 'active') throw conflict(MSG.accountClosing);
      if (subject.source?.id === target.id) throw thirdPartyTaken();
      if (subject.kind === 'third' && (await findMemberIdentity(db, target.id, subject.ticket.thirdType))) {
        throw conflict(sameThirdBinderMessage(subject.ticket.thirdType));
      }
      await consumeBindCode(phone, code);
      const now = clock.now();
      return db.transaction(async (tx) => {
        // Lock in id order, so two merges of the same pair cannot wait on each other.
        const ids = [target.id, subject.source?.id]
          .filter((id): id is number => id !== undefined)
          .sort((a, b) => a - b);
        for (const id of ids) await lockMember(tx, id);
        const [freshTarget] = await tx.select().from(members).where(eq(members.id, target.id));
        if (freshTarget?.status !== 'active' || freshTarget.phone !== phone) throw phoneRegistered();
        if (subject.source) {
          const [freshSource] = await tx.select().from(members).where(eq(members.id, subject.source.id));
          if (freshSource?.status !== 'active' || freshSource.phone) throw thirdPartyTaken();
          try {
            // The old account's sign-ins end: its tokens name a member that no longer exists as such.
            await tokens.endMemberSessions(tx, freshSource.id, now, 'merged');
            await mergeMemberInto(tx, freshSource, freshTarget, now, memberTables());
          } catch (error) {
            if (isUniqueViolation(error)) throw conflict(MSG.mergeFailed);
            throw error;
          }
        } else if (subject.kind === 'third') {
          await identities.insertIdentityFromTicket(tx, freshTarget.id, subject.ticket, now);
        }
        return tokens.signIn({ memberId: freshTarget.id, method: subject.method, ...client }, tx);
      });
    },

    /** Type edit: the signed-in member's new phone. A registered phone is refused (no merging into a stranger). */
    async changePhone(memberId: number, phone: string, code: string) {
      const member = await findMemberById(db, memberId);
      if (member?.status !== 'active') throw notSignedIn();
      if (member.phone === phone) throw badRequest(MSG.phoneUnchanged, 'userName');
      await checkBindCode(phone, code);
      if (await findMemberByPhone(db, phone)) throw badRequest(MSG.phoneRegistered, 'userName');
      await consumeBindCode(phone, code);
      try {
        await setPhone(db, memberId, phone);
      } catch (error) {
        if (error instanceof AppError && error.code === AccountSafetyCode.phoneRegistered) {
          throw badRequest(MSG.phoneRegistered, 'userName');
        }
        throw error;
      }
    },

    /** sameThirdBinder: has the phone's account an account of this kind already? Needs the phone's code. */
    async hasSameThirdBinder(phone: string, code: string, thirdType: ThirdType) {
      await checkBindCode(phone, code);
      const target = await findMemberByPhone(db, phone);
      return Boolean(target && (await findMemberIdentity(db, target.id, thirdType)));
    },
  };

  return service;
}

export type BindPhoneService = ReturnType<typeof createBindPhoneService>;
