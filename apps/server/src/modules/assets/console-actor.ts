import { OPS_ACTOR } from '@anxin/shared/staff/console.contract';
import type { AuditActor } from '../audit/audit.module.ts';

/** Who a template, batch or coin adjustment names as its maker: the staff member's login name, or `ops`. */
export const actorNameOf = (actor: AuditActor) => (actor === OPS_ACTOR ? OPS_ACTOR : actor.loginName);
