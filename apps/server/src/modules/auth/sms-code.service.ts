import { randomUUID } from 'node:crypto';
import { MSG } from '@anxin/shared/common/messages';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { randomDigits, randomToken, sha256 } from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';
import { hitLimits } from '../../platform/rate-limit.ts';
import type { SmsProvider } from '../../platform/sms/sms-provider.ts';
import type { SmsPurpose } from './auth.schema.ts';
import * as repo from './sms-code.repository.ts';

export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_CODE_MAX_WRONG_ATTEMPTS = 5;
const TICKET_TTL_SECONDS = 600;

/** Every send counts against its phone (1 a minute, 10 a day) and its client address (30 an hour). */
const phoneAndClientLimits = (phone: string, ip: string) => [
  { key: `sms:phone-minute:${phone}`, max: 1, windowSeconds: 60, message: MSG.smsSendTooFrequent },
  { key: `sms:phone-day:${phone}`, max: 10, windowSeconds: 86_400, message: MSG.smsDailyLimit },
  { key: `sms:ip-hour:${ip}`, max: 30, windowSeconds: 3600 },
];

export type CaptchaMode = 'slider' | 'test' | 'off';

/** Codes are hashed with their phone and purpose, so a code for one purpose never opens another. */
const hashCode = (phone: string, purpose: SmsPurpose, code: string) => sha256(`${phone}:${purpose}:${code}`);

export function createSmsCodeService(db: Database, clock: Clock, sms: SmsProvider, captchaMode: CaptchaMode) {
  return {
    async createTicket(phone: string, purpose: SmsPurpose, ip: string) {
      const now = clock.now();
      await hitLimits(db, now, [{ key: `sms-ticket:ip:${ip}`, max: 60, windowSeconds: 3600 }]);
      const ticket = randomToken(24);
      const isNeedCaptcha = captchaMode === 'off' ? 0 : 1;
      await repo.insertTicket(db, {
        ticket,
        phone,
        purpose,
        isNeedCaptcha,
        ip,
        createdAt: now,
        expiresAt: new Date(now.getTime() + TICKET_TTL_SECONDS * 1000),
      });
      return { ticket, isNeedCaptcha: isNeedCaptcha === 1 };
    },

    /** A live ticket for this phone: the page has started a send for it (the validate endpoint needs one). */
    async requireLiveTicket(ticket: string, phone: string) {
      const row = await repo.findLiveTicket(db, ticket, phone, clock.now());
      if (!row) throw badRequest(MSG.ticketExpired, 'ticket');
      return row;
    },

    /**
     * Sends a code for the ticket's purpose. Order matters: the ticket and the captcha pass are checked (the
     * pass used once) before the limits are counted (atomic rows), so a refused attempt does not use up the
     * phone's allowance; then the ticket is used once.
     */
    async sendCode(input: { phone: string; ticket: string; validCode?: string; ip: string }) {
      const now = clock.now();
      const ticket = await this.requireLiveTicket(input.ticket, input.phone);
      if (ticket.isNeedCaptcha && (!input.validCode || input.validCode.startsWith('trerror'))) {
        throw badRequest(MSG.captchaFailed, 'validCode');
      }
      if (ticket.isNeedCaptcha) {
        const isPassed = await repo.claimCaptchaPass(db, input.ticket, input.phone, sha256(input.validCode ?? ''), now);
        if (!isPassed) throw badRequest(MSG.captchaFailed, 'validCode');
      }
      await hitLimits(db, now, phoneAndClientLimits(input.phone, input.ip));
      if (!(await repo.claimTicket(db, input.ticket, now))) throw badRequest(MSG.ticketExpired, 'ticket');
      await issueCode(input.phone, ticket.purpose as SmsPurpose);
      return ticket.purpose;
    },

    /**
     * Sends a code to a phone named by a link the site itself sent to that phone by SMS (the guest payment
     * link): the link's key stands in for the ticket and the captcha, so only that phone can receive it. The
     * phone's and the client's limits are the same as for every other send.
     */
    async sendCodeForLink(phone: string, purpose: SmsPurpose, ip: string) {
      await hitLimits(db, clock.now(), phoneAndClientLimits(phone, ip));
      await issueCode(phone, purpose);
    },

    /** Checks a code without using it up (a page's step 1); a wrong one still counts toward the 5 tries. */
    async checkCode(phone: string, purpose: SmsPurpose, code: string) {
      return findMatchingCode(phone, purpose, code);
    },

    /**
     * Checks and uses up a code. Call it before opening the transaction that acts on it: a wrong try must
     * be counted even though the request fails (and PGlite has one connection, so no query may run beside a
     * transaction).
     */
    async consumeCode(phone: string, purpose: SmsPurpose, code: string) {
      const row = await findMatchingCode(phone, purpose, code);
      if (!(await repo.consumeCode(db, row.id, clock.now()))) throw badRequest(MSG.smsCodeWrong, 'smsCode');
    },
  };

  /** A fresh code for the phone and purpose (earlier ones void), stored hashed and sent by SMS. */
  async function issueCode(phone: string, purpose: SmsPurpose) {
    const now = clock.now();
    const code = randomDigits(6);
    await db.transaction(async (tx) => {
      await repo.voidActiveCodes(tx, phone, purpose, now);
      await repo.insertCode(tx, {
        id: randomUUID(),
        phone,
        purpose,
        codeHash: hashCode(phone, purpose, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
      });
    });
    await sms.send({
      phone,
      code,
      content: `【安心大药房】您的验证码为${code}，${SMS_CODE_TTL_SECONDS / 60}分钟内有效，请勿泄露给他人。`,
    });
  }

  /** A wrong or worn-out code, and each try beyond the 5th of a burst, get the same reply. */
  async function findMatchingCode(phone: string, purpose: SmsPurpose, code: string) {
    const now = clock.now();
    const row = await repo.countTry(db, phone, purpose, now);
    if (!row || row.tries > SMS_CODE_MAX_WRONG_ATTEMPTS) throw badRequest(MSG.smsCodeWrong, 'smsCode');
    if (row.codeHash !== hashCode(phone, purpose, code)) {
      await repo.voidIfWornOut(db, row.id, SMS_CODE_MAX_WRONG_ATTEMPTS, now);
      throw badRequest(MSG.smsCodeWrong, 'smsCode');
    }
    await repo.uncountTry(db, row.id);
    return row;
  }
}

export type SmsCodeService = ReturnType<typeof createSmsCodeService>;
