import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { patientReplySchema } from '../patients/patient.contract.ts';

// Complete mode and the chronic link (/user/patientInfo/complete?useKey, and the patient calls by key under
// /v2/orders/ordersPatient/{key}): an operator makes a link for an order and sends it
// by SMS; the order's member opens it, chooses the patient and adds prescription images. docs/PRESCRIPTIONS.md.

export const INQUIRY_LINK_KINDS = ['complete', 'chronic'] as const;
export type InquiryLinkKind = (typeof INQUIRY_LINK_KINDS)[number];

/** How long a link lives: complete 72 hours, chronic 24 hours (or until completed). */
export const INQUIRY_LINK_HOURS = { complete: 72, chronic: 24 } as const satisfies Record<InquiryLinkKind, number>;

/** Prescription images of one order: up to 5 kept, the picker adds up to 3 at a time. */
export const PRESCRIPTION_IMAGE_LIMIT = 5;
export const PRESCRIPTION_IMAGES_PER_PICK = 3;

/** The key of a link as it travels in the URL (`useKey`): base64url of 32 random bytes. */
export const inquiryLinkKeySchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);

/** GET /v2/orders/ordersPatient/{key}: what the complete page shows. */
export const inquiryLinkSchema = z.object({
  ordersCode: z.string(),
  kind: z.enum(INQUIRY_LINK_KINDS),
  /** ISO time the link stops working. */
  expiresAt: z.string(),
  /** Whole seconds left on the server's clock when answered (the page counts down from it). */
  secondsLeft: z.number().int().min(0),
  isPrescriptionImageRequired: z.boolean(),
  /** The order's prescription products, for the page's heading. */
  products: z.array(z.object({ productCode: z.string(), productName: z.string() })),
  /** The patient of the order's inquiry (masked), null when it has none. */
  patient: patientReplySchema.nullable(),
  /** The prescription images already on the order's inquiry (upload URLs). */
  prescriptionImages: z.array(z.string()),
});
export type InquiryLink = z.infer<typeof inquiryLinkSchema>;

/** POST /v2/orders/ordersPatient/{key}: the patient chosen (one of the member's) and the prescription images. */
export const inquiryLinkSaveSchema = z.object({
  patientId: z.number({ error: MSG.patientEmpty }).int().positive({ error: MSG.patientEmpty }),
  prescriptionImages: z
    .array(z.string().min(1).max(300))
    .max(PRESCRIPTION_IMAGE_LIMIT, { error: MSG.prescriptionImageLimit })
    .default([]),
});
export type InquiryLinkSave = z.input<typeof inquiryLinkSaveSchema>;

export const inquiryLinkSaveReplySchema = z.object({
  ordersCode: z.string(),
  kind: z.enum(INQUIRY_LINK_KINDS),
  /** The chronic link is used up by a save; a complete link stays usable until it expires. */
  isCompleted: z.boolean(),
});
export type InquiryLinkSaveReply = z.infer<typeof inquiryLinkSaveReplySchema>;
