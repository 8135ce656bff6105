import { z } from 'zod';
import { MSG } from '../common/messages.ts';

// QR login.

/** Status values. The server answers 0-3; -1 is the page's own state before it has a code. */
export const QR_STATUS = {
  pending: -1,
  unscanned: 0,
  scanned: 1,
  confirmed: 2,
  invalid: 3,
} as const;
export type QrStatus = (typeof QR_STATUS)[keyof typeof QR_STATUS];

/** A code lives 2 minutes; once confirmed, the browser that showed it has this long to sign in. */
export const QR_TTL_SECONDS = 120;
export const QR_CONFIRMED_GRACE_SECONDS = 60;
/** /: polling every second, the first poll 300 ms after the image loaded. */
export const QR_POLL_INTERVAL_MS = 1000;
export const QR_FIRST_POLL_DELAY_MS = 300;

/** The uuid: base64url of 24 random bytes (192 bits). */
export const qrUuidSchema = z
  .string({ error: MSG.qrExpired })
  .regex(/^[A-Za-z0-9_-]{22,64}$/, { error: MSG.qrExpired });

export const qrUuidBodySchema = z.object({ uuid: qrUuidSchema });
export const qrUuidQuerySchema = z.object({ uuid: qrUuidSchema });

/** A status as the server answers it (-1 included, as QrStatus has it). */
export const qrStatusSchema = z.union([z.literal(-1), z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** GET /passport/account/qrCode: a new code. */
export const qrCodeSchema = z.object({ url: z.string(), uuid: z.string() });
export type QrCode = z.infer<typeof qrCodeSchema>;

/** GET /passport/account/qrCode/status and POST …/qrCode/confirm. */
export const qrStatusReplySchema = z.object({ status: qrStatusSchema });
export type QrStatusReply = z.infer<typeof qrStatusReplySchema>;

/** What the phone's confirmation page shows about the browser asking to sign in. */
export const qrRequesterSchema = z.object({ device: z.string(), ip: z.string(), requestedAt: z.string() });
export type QrRequester = z.infer<typeof qrRequesterSchema>;

/** POST /passport/account/qrCode/scan: the new status and who is asking to sign in. */
export const qrScanSchema = z.object({ status: qrStatusSchema, requester: qrRequesterSchema });
export type QrScan = z.infer<typeof qrScanSchema>;
