// The operator's review of open-store applications (`npm run ops -- merchant-entry …`), run by merchants.ops.ts.
import type { OpsCommand } from '../../platform/ops-command.ts';
import { runMerchantEntryCommand } from './merchants.ops.ts';

export const merchantsCommands: OpsCommand[] = [
  {
    name: 'merchant-entry',
    args: '[<id> approve|reject [--reason <text>]]',
    help:
      '入驻申请 / the open-store applications waiting (with links to their licence images), or approve / ' +
      'reject one',
    run: runMerchantEntryCommand,
  },
];
