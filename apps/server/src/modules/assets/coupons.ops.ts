// `npm run ops -- coupon-batch <template> <phone,…|--file <path>|--all>`: one coupon of a template to each member
// of a list, or to every member, on the console's batch service.
import { readFile } from 'node:fs/promises';
import { formatYuan } from '@anxin/shared/common/money';
import { OPS_ACTOR } from '@anxin/shared/staff/console.contract';
import { couponBatchStartSchema } from '@anxin/shared/staff/console-assets.contract';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { findCouponTemplateByCode, findOpenMembersByPhones } from './assets.repository.ts';
import { createCouponBatchService } from './coupon-batches.service.ts';

export const COUPON_BATCH_USAGE =
  'coupon-batch <template> <phone,…|--file <path>|--all>  (templates: npm run ops -- coupon-templates)';

/** Phones from the command line (comma separated) or a file (one per line, or separated by commas or spaces). */
async function phonesFrom(args: string[]): Promise<string[] | undefined> {
  if (args[0] === '--file') {
    if (!args[1] || args.length > 2) return undefined;
    return (await readFile(args[1], 'utf8')).split(/[\s,，]+/).filter(Boolean);
  }
  if (args.length !== 1 || !args[0]) return undefined;
  return args[0].split(',').filter(Boolean);
}

/**
 * Checks the whole list first (every phone well formed and an open member's, at most COUPON_BATCH_MAX_PHONES after
 * removing repeats): a refused batch issues nothing, so the operator fixes the list and runs it again. Then runs the
 * batch to its end here, in chunks (docs/CONSOLE.md, 批量发放); audited as `ops`. Running a batch again issues again.
 */
export async function runCouponBatchCommand(
  deps: { db: Database; clock: Clock },
  args: string[],
): Promise<{ ok: boolean; lines: string[] }> {
  const [templateCode, ...rest] = args;
  const template = templateCode ? await findCouponTemplateByCode(deps.db, templateCode) : undefined;
  const allMembers = rest.length === 1 && rest[0] === '--all';
  const phones = allMembers ? [] : await phonesFrom(rest);
  if (!template || !phones) return { ok: false, lines: [`✘ ${COUPON_BATCH_USAGE}`] };

  const parsed = couponBatchStartSchema.safeParse({ templateId: template.id, phones, allMembers });
  if (!parsed.success) return { ok: false, lines: [`✘ ${parsed.error.issues[0]?.message}`] };
  const found = parsed.data.phones.length ? await findOpenMembersByPhones(deps.db, parsed.data.phones) : [];
  const unknown = parsed.data.phones.filter((phone) => !found.some((member) => member.phone === phone));
  if (unknown.length) return { ok: false, lines: [`✘ 没有这些会员 no member with phone: ${unknown.join(', ')}`] };

  const batches = createCouponBatchService(deps);
  const started = await batches.start(parsed.data, OPS_ACTOR);
  await batches.runToEnd(started.id);
  const { batch } = await batches.read(started.id);
  return {
    ok: true,
    lines: [
      `✔ 批次 ${batch.id}：已发放 ${template.title}（¥${formatYuan(template.couponValue)}）给 ${batch.issued} 位会员，` +
        `有效期 ${template.days} 天 issued ${batch.issued}${batch.skipped ? `，跳过 ${batch.skipped} skipped` : ''}`,
    ],
  };
}
