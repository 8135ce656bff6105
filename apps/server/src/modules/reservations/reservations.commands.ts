// The operator's stock commands (`npm run ops -- restock|stockout <productCode>`), run by reservations.ops.ts.
import type { OpsCommand } from '../../platform/ops-command.ts';
import { runRestockCommand, runStockoutCommand } from './reservations.ops.ts';

export const reservationsCommands: OpsCommand[] = [
  {
    name: 'restock',
    args: '<productCode>',
    help: '到货 / back on sale: its drug reservations arrive, one SMS each',
    run: runRestockCommand,
  },
  {
    name: 'stockout',
    args: '<productCode>',
    help: '缺货 / out of stock: its page offers 到货通知',
    run: runStockoutCommand,
  },
];
