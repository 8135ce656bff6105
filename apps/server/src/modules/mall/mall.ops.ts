// `npm run ops -- mall-config [group.key=value …]`: show the mall configuration, or set some keys.
import {
  DEFAULT_MALL_CONFIG,
  MALL_CONFIG_GROUPS,
  type MallConfig,
  mallConfigGroupOf,
  mallConfigSchemas,
} from '@anxin/shared/mall/mall-config';
import { OPS_ACTOR } from '@anxin/shared/staff/console.contract';
import type { MallConfigChanges } from '@anxin/shared/staff/console-operations.contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { createCallbackService } from './callbacks.service.ts';
import { createMallConfigService } from './mall-config.service.ts';

export const MALL_CONFIG_USAGE = 'mall-config [group.key=value …]  (e.g. mall-global.slogan="正品保障")';
const CALLBACKS_USAGE = 'callbacks [done <id>]';

/** A word as the key's schema wants it: true/false for flags, a number for numbers, else the text itself. */
function valueFor(schema: z.ZodType, word: string): unknown {
  const kind = (schema as { def?: { type?: string } }).def?.type;
  if (kind === 'boolean') return word === 'true' ? true : word === 'false' ? false : word;
  if (kind === 'number') return /^-?\d+$/.test(word) ? Number(word) : word;
  return word;
}

/** One line per key: `group.key = value`, marked when it is the default. */
function describe(config: MallConfig): string[] {
  return MALL_CONFIG_GROUPS.flatMap((group) =>
    Object.keys(mallConfigSchemas[group]).map((key) => {
      const value = config[key as keyof MallConfig];
      const isDefault = value === DEFAULT_MALL_CONFIG[key as keyof MallConfig];
      return `${group}.${key} = ${JSON.stringify(value)}${isDefault ? '  (默认 default)' : ''}`;
    }),
  );
}

/**
 * Answers the lines to print, or the refusal of a bad pair (unknown key, a key named under the other group, a
 * value its schema refuses); nothing is written unless every pair is good. A change is audited as `ops`.
 */
export async function runMallConfigCommand(
  deps: { db: Database; clock: Clock },
  args: string[],
): Promise<{ ok: boolean; lines: string[] }> {
  const changes: Record<string, unknown> = {};
  for (const pair of args) {
    const separator = pair.indexOf('=');
    const name = separator > 0 ? pair.slice(0, separator) : pair;
    const [group, key, ...rest] = name.split('.');
    if (!key || rest.length || mallConfigGroupOf(key) !== group) {
      return { ok: false, lines: [`✘ mall-config: unknown key ${name} (group.key, e.g. mall-global.slogan)`] };
    }
    if (separator < 0) return { ok: false, lines: [`✘ mall-config: ${name} needs =value`] };
    const schema = mallConfigSchemas[group as keyof typeof mallConfigSchemas][key as never] as z.ZodType;
    const parsed = schema.safeParse(valueFor(schema, pair.slice(separator + 1)));
    if (!parsed.success) {
      return { ok: false, lines: [`✘ mall-config: ${name}: ${parsed.error.issues[0]?.message ?? 'bad value'}`] };
    }
    changes[key] = parsed.data;
  }
  const mallConfig = createMallConfigService(deps);
  const config = args.length
    ? await mallConfig.update(changes as MallConfigChanges, OPS_ACTOR)
    : await mallConfig.read();
  return { ok: true, lines: describe(config) };
}

/** '2026-11-22 14:05' in China time (UTC+8), whatever the machine's zone. */
const chinaTime = (date: Date) => new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

/**
 * `callbacks`: the open 药师回电 requests, oldest first, with the full phone to call and the order; `callbacks
 * done <id>`: the call was made (a request already done, or none with that id, is refused).
 */
export async function runCallbacksCommand(
  deps: { db: Database; clock: Clock },
  args: string[],
): Promise<{ ok: boolean; lines: string[] }> {
  const callbacks = createCallbackService(deps);
  if (args.length === 0) {
    const open = await callbacks.listOpen();
    if (open.length === 0) return { ok: true, lines: ['没有待回电的请求 / no open callback requests'] };
    return {
      ok: true,
      lines: open.map(
        (row) =>
          `#${row.id} ${row.phone} ${row.ordersCode ? `订单 ${row.ordersCode}` : '（无订单）'} ${chinaTime(row.createdAt)}`,
      ),
    };
  }
  const [action, id] = args;
  if (action !== 'done' || args.length !== 2 || !/^\d+$/.test(id ?? '')) {
    return { ok: false, lines: [`✘ ${CALLBACKS_USAGE}`] };
  }
  if (!(await callbacks.markCalled(Number(id)))) {
    return { ok: false, lines: [`✘ callbacks: no open request #${id}`] };
  }
  return { ok: true, lines: [`✔ #${id} 已回电 called`] };
}
