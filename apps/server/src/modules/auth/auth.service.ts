import type { RegisterBody } from '@anxin/shared/account/account.schemas';
import { MSG } from '@anxin/shared/common/messages';
import type { AppServices } from '../../app-services.ts';
import type { ClientInfo } from '../../platform/client-info.ts';
import { badRequest, isUniqueViolation } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/password.ts';
import { hitLimits } from '../../platform/rate-limit.ts';
import { defaultNickname, findMemberByPhone, insertMember } from '../account/account.module.ts';
import { createAccountClosureService } from '../account-closure/account-closure.module.ts';
import { createCouponService } from '../assets/assets.module.ts';

/** The nickname a member gets until they choose one: valid under the nickname rule (4-20 characters). */
export function createAuthService(services: AppServices) {
  const { db, clock, tokens, smsCodes } = services;
  const coupons = createCouponService(db);
  const closures = createAccountClosureService(services);

  async function createMember(phone: string, passwordHash: string | null) {
    const now = clock.now();
    try {
      // The new-user gift pack comes with the account, in the same transaction (once: unique per member).
      return await db.transaction(async (tx) => {
        const member = await insertMember(tx, {
          phone,
          passwordHash,
          nickname: defaultNickname(phone),
          createdAt: now,
          updatedAt: now,
        });
        await coupons.issueGiftPack(tx, member.id, now);
        return member;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest(MSG.phoneRegistered, 'userName');
      throw error;
    }
  }

  return {
    /**
     * Answers whether a phone is registered. It needs a live SMS ticket for that phone and is limited per
     * client, so a script cannot walk the phone numbers (spec README).
     */
    async isRegistered(phone: string, ticket: string, client: ClientInfo) {
      await hitLimits(db, clock.now(), [
        { key: `validate:ip:${client.ip}`, max: 20, windowSeconds: 600 },
        { key: `validate:ticket:${ticket}`, max: 3, windowSeconds: 600 },
      ]);
      await smsCodes.requireLiveTicket(ticket, phone);
      return Boolean(await findMemberByPhone(db, phone));
    },

    async register(body: RegisterBody, client: ClientInfo) {
      if (await findMemberByPhone(db, body.userName)) throw badRequest(MSG.phoneRegistered, 'userName');
      await smsCodes.consumeCode(body.userName, 'register', body.validCode);
      const member = await createMember(body.userName, await hashPassword(body.password));
      return tokens.signIn({ memberId: member.id, method: 'register', ...client });
    },

    /**
     * SMS sign-in. A phone that has no account yet gets one on the spot (as most Chinese malls do): the code
     * proves the phone, and a separate registration step would only add friction. No password is set then.
     */
    async signInBySms(phone: string, code: string, client: ClientInfo) {
      await closures.refuseClosingAccountSignIn(phone, code);
      await smsCodes.consumeCode(phone, 'login', code);
      const member = (await findMemberByPhone(db, phone)) ?? (await createMember(phone, null));
      return tokens.signIn({ memberId: member.id, method: 'sms', ...client });
    },
  };
}
