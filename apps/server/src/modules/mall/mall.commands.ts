// The operator's mall commands (`npm run ops -- mall-config|callbacks`), run by mall.ops.ts.
import type { OpsCommand } from '../../platform/ops-command.ts';
import { runCallbacksCommand, runMallConfigCommand } from './mall.ops.ts';

export const mallCommands: OpsCommand[] = [
  {
    name: 'mall-config',
    args: '[group.key=value …]',
    help: '商城配置 / show or set the mall configuration (groups m-mall, mall-global; the next page load shows it)',
    run: runMallConfigCommand,
  },
  {
    name: 'callbacks',
    args: '[done <id>]',
    help: '药师回电 / the open call-back requests (phone, order), or mark one called',
    run: runCallbacksCommand,
  },
];
