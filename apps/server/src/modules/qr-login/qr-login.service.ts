import { describeUserAgent } from '@anxin/shared/account/user-agent';
import {
  QR_CONFIRMED_GRACE_SECONDS,
  QR_STATUS,
  QR_TTL_SECONDS,
  type QrRequester,
  type QrStatus,
} from '@anxin/shared/auth/qr-login';
import { ErrorCode } from '@anxin/shared/common/errors';
import { MSG } from '@anxin/shared/common/messages';
import QRCode from 'qrcode';
import type { AppServices } from '../../app-services.ts';
import type { ClientInfo } from '../../platform/client-info.ts';
import { randomToken, safeEqual, sha256 } from '../../platform/crypto.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { hitLimits } from '../../platform/rate-limit.ts';
import { findMemberById } from '../account/account.module.ts';
import * as repo from './qr-login.repository.ts';

/** The browser secret: base64url of 32 random bytes, kept by the browser in an HttpOnly cookie. */
const BROWSER_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const isBrowserSecret = (value: string | undefined): value is string =>
  value !== undefined && BROWSER_SECRET_PATTERN.test(value);

const qrExpired = () => new AppError(410, ErrorCode.linkExpired, MSG.qrExpired);

/** The status the browser sees: a used or timed-out code is invalid (3). */
export function effectiveStatus(row: repo.QrLoginRow, now: Date): QrStatus {
  if (row.usedAt || row.expiresAt <= now) return QR_STATUS.invalid;
  return row.status as QrStatus;
}

/**
 * QR login. The uuid has 192 random bits, expires after 2 minutes, is used once, and only the browser
 * that asked for it (it holds the secret whose hash is stored with the code) can read its status, load its
 * image or sign in with it. A signed-in member opens the URL on a phone: scan (0 → 1), confirm (1 → 2) or
 * cancel (→ 3).
 */
export function createQrLoginService(services: AppServices) {
  const { db, clock, config, tokens } = services;

  /** The code for the browser that asked for it; anyone else gets 404, as for a code that does not exist. */
  async function findOwnCode(uuid: string, browserSecret: string | undefined) {
    const row = await repo.findQrLogin(db, uuid);
    if (!row || !isBrowserSecret(browserSecret) || !safeEqual(row.browserSecretHash, sha256(browserSecret))) {
      throw notFound();
    }
    return row;
  }

  const confirmUrl = (uuid: string) => new URL(`/m/qr-confirm?uuid=${uuid}`, config.PUBLIC_ORIGIN).toString();

  return {
    /** A new code; the browser keeps its secret (a new one unless it already has one). */
    async create(client: ClientInfo, browserSecret: string | undefined) {
      const now = clock.now();
      await hitLimits(db, now, [{ key: `qr:ip:${client.ip}`, max: 60, windowSeconds: 600 }]);
      const secret = isBrowserSecret(browserSecret) ? browserSecret : randomToken(32);
      const uuid = randomToken(24);
      await repo.deleteOldQrLogins(db, new Date(now.getTime() - 86_400_000));
      await repo.insertQrLogin(db, {
        uuid,
        browserSecretHash: sha256(secret),
        status: QR_STATUS.unscanned,
        requesterIp: client.ip,
        requesterUserAgent: client.userAgent?.slice(0, 300),
        createdAt: now,
        expiresAt: new Date(now.getTime() + QR_TTL_SECONDS * 1000),
      });
      return { uuid, url: confirmUrl(uuid), secret };
    },

    async status(uuid: string, browserSecret: string | undefined): Promise<QrStatus> {
      return effectiveStatus(await findOwnCode(uuid, browserSecret), clock.now());
    },

    /** The QR image (SVG) of a live code's confirmation URL. */
    async image(uuid: string, browserSecret: string | undefined) {
      const row = await findOwnCode(uuid, browserSecret);
      if (effectiveStatus(row, clock.now()) === QR_STATUS.invalid) throw qrExpired();
      return QRCode.toString(confirmUrl(uuid), {
        type: 'svg',
        errorCorrectionLevel: 'M',
        margin: 1,
        color: { dark: '#1d2b23', light: '#ffffff' },
      });
    },

    /** The asking browser signs in once the code is confirmed (status 2); a code works once. */
    async login(uuid: string, browserSecret: string | undefined, client: ClientInfo) {
      await findOwnCode(uuid, browserSecret);
      const memberId = await repo.claimConfirmed(db, uuid, clock.now());
      if (!memberId) throw badRequest(MSG.qrLoginFailed, 'uuid');
      const member = await findMemberById(db, memberId);
      if (!member || member.status === 'closed') throw badRequest(MSG.qrLoginFailed, 'uuid');
      return tokens.signIn({ memberId, method: 'qr', ...client });
    },

    /** The phone opened the URL: 0 → 1 for this member; answers who is asking to sign in. */
    async scan(uuid: string, memberId: number): Promise<{ status: QrStatus; requester: QrRequester }> {
      const now = clock.now();
      let row = await repo.findQrLogin(db, uuid);
      if (!row || effectiveStatus(row, now) === QR_STATUS.invalid) throw qrExpired();
      if (row.status === QR_STATUS.unscanned && (await repo.markScanned(db, uuid, memberId, now))) {
        row = (await repo.findQrLogin(db, uuid)) ?? row;
      } else {
        row = (await repo.findQrLogin(db, uuid)) ?? row;
        if (effectiveStatus(row, now) === QR_STATUS.invalid) throw qrExpired();
        if (row.memberId !== memberId) throw conflict(MSG.qrScannedByOther);
      }
      return {
        status: effectiveStatus(row, now),
        requester: {
          device: describeUserAgent(row.requesterUserAgent),
          ip: row.requesterIp ?? '',
          requestedAt: row.createdAt.toISOString(),
        },
      };
    },

    /** 确认登录: 1 → 2, only by the member who scanned. */
    async confirm(uuid: string, memberId: number) {
      const now = clock.now();
      const graceUntil = new Date(now.getTime() + QR_CONFIRMED_GRACE_SECONDS * 1000);
      if (await repo.markConfirmed(db, uuid, memberId, now, graceUntil)) return { status: QR_STATUS.confirmed };
      const row = await repo.findQrLogin(db, uuid);
      if (!row || effectiveStatus(row, now) === QR_STATUS.invalid) throw qrExpired();
      // Still unscanned: the confirmation page scans first.
      if (row.memberId === null) throw badRequest(MSG.qrLoginFailed, 'uuid');
      if (row.memberId !== memberId) throw conflict(MSG.qrScannedByOther);
      return { status: QR_STATUS.confirmed };
    },

    /** 取消: the code becomes invalid (3); the asking browser shows 二维码已过期 and can refresh. */
    async cancel(uuid: string, memberId: number) {
      await repo.markCanceled(db, uuid, memberId, clock.now());
    },
  };
}
