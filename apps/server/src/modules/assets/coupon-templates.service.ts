import { ErrorCode } from '@anxin/shared/common/errors';
import {
  type CouponTemplate,
  type CouponTemplateCreate,
  couponTemplateCreateSchema,
  MARKETING_MSG,
} from '@anxin/shared/staff/console-assets.contract';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit.module.ts';
import { findCouponTemplate, insertCouponTemplate, listCouponTemplates } from './assets.repository.ts';
import type { CouponTemplateRow } from './assets.schema.ts';
import { actorNameOf } from './console-actor.ts';
import { templateRowOf } from './coupon-templates.reference.ts';
import type { NewCoupon } from './coupons.rules.ts';

export function toCouponTemplate(row: CouponTemplateRow): CouponTemplate {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    couponType: row.couponType,
    couponValue: row.couponValue,
    minConsume: row.minConsume,
    days: row.days,
    usingRange: row.usingRange,
    scope: row.scope as CouponTemplate['scope'],
    scopeCodes: row.scopeCodes,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The terms of the coupons a template issues. */
export const couponOfTemplate = (row: CouponTemplateRow): NewCoupon => ({
  couponType: row.couponType as NewCoupon['couponType'],
  couponValue: row.couponValue,
  minConsume: row.minConsume,
  days: row.days,
  usingRange: row.usingRange,
  scope: row.scope as NewCoupon['scope'],
  scopeCodes: row.scopeCodes,
});

export const templateUnknown = () => new AppError(404, ErrorCode.notFound, MARKETING_MSG.templateUnknown);

/** 补贴模板 (docs/CONSOLE.md): the templates batches issue by, and a new one, audited as `coupon.template`. */
export function createCouponTemplateService({ db, clock }: { db: Database; clock: Clock }) {
  return {
    async list() {
      return (await listCouponTemplates(db)).map(toCouponTemplate);
    },

    async find(id: number) {
      const row = await findCouponTemplate(db, id);
      if (!row) throw templateUnknown();
      return row;
    },

    /** A template of these terms (checked by the contract's schema again, whoever calls); 409 when the code is taken. */
    async create(body: CouponTemplateCreate, actor: AuditActor) {
      const terms = couponTemplateCreateSchema.parse(body);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await insertCouponTemplate(tx, {
          ...templateRowOf(terms),
          createdBy: actorNameOf(actor),
          createdAt: now,
        });
        if (!row) throw conflict(MARKETING_MSG.templateCodeTaken);
        const { id, createdAt, createdBy, ...after } = toCouponTemplate(row);
        await recordAudit(tx, {
          actor,
          at: now,
          action: 'coupon.template',
          objectType: 'coupon-template',
          objectId: row.code,
          after,
        });
        return toCouponTemplate(row);
      });
    },
  };
}
