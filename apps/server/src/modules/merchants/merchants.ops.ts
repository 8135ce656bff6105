// `npm run ops -- merchant-entry [<id> approve|reject [--reason <text>]]`: the open-store applications waiting
// for review (with 10-minute links to their licence images), or the verdict on one.
import { OPS_ACTOR } from '@anxin/shared/staff/console.contract';
import { MERCHANT_REJECT_REASON_MAX_LENGTH } from '@anxin/shared/staff/console-operations.contract';
import { AppError } from '../../platform/errors.ts';
import type { OpsDeps } from '../../platform/ops-command.ts';
import { listPendingApplications } from './merchants.repository.ts';
import { createMerchantReviewService } from './merchants.service.ts';

export const MERCHANT_ENTRY_USAGE = 'merchant-entry [<id> approve|reject [--reason <text>]]';

type Deps = Pick<OpsDeps, 'db' | 'clock' | 'publicOrigin' | 'privateUrls'>;

export async function runMerchantEntryCommand(deps: Deps, args: string[]): Promise<{ ok: boolean; lines: string[] }> {
  if (args.length === 0) {
    const waiting = await listPendingApplications(deps.db);
    if (waiting.length === 0) return { ok: true, lines: ['（没有待审核的入驻申请 no applications waiting）'] };
    const link = (name: string, memberId: number) =>
      `${deps.publicOrigin}${deps.privateUrls.sign(name, memberId, deps.clock.now())}`;
    return {
      ok: true,
      lines: waiting.flatMap((row) => [
        `■ ${row.id}  ${row.companyName}  统一社会信用代码 ${row.creditCode}  药品经营许可证 ${row.drugLicenceNo}`,
        `  联系人 ${row.contactName} ${row.contactPhone}`,
        `  营业执照 ${link(row.businessLicenceImage, row.memberId)}`,
        `  药品经营许可证 ${link(row.drugLicenceImage, row.memberId)}`,
      ]),
    };
  }
  const [idText, verdict, ...rest] = args;
  const id = /^[1-9]\d{0,15}$/.test(idText ?? '') ? Number(idText) : undefined;
  const reasonAt = rest.indexOf('--reason');
  const reason =
    reasonAt >= 0
      ? rest
          .slice(reasonAt + 1)
          .join(' ')
          .trim()
      : '';
  if (!id || (verdict !== 'approve' && verdict !== 'reject'))
    return { ok: false, lines: [`✘ ${MERCHANT_ENTRY_USAGE}`] };
  if (verdict === 'reject' && !reason) return { ok: false, lines: ['✘ a rejection states its --reason'] };
  if (reason.length > MERCHANT_REJECT_REASON_MAX_LENGTH)
    return { ok: false, lines: [`✘ --reason: at most ${MERCHANT_REJECT_REASON_MAX_LENGTH} characters`] };
  try {
    const row = await createMerchantReviewService(deps).reviewApplication(
      id,
      verdict === 'approve' ? { approve: true } : { approve: false, reason },
      OPS_ACTOR,
    );
    return {
      ok: true,
      lines: [
        `✔ 入驻申请 ${row.id} ${row.companyName} ${verdict === 'approve' ? '已通过 approved' : `未通过 rejected: ${reason}`}`,
      ],
    };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, lines: [`✘ ${error.message} (${error.statusCode})`] };
    throw error;
  }
}
