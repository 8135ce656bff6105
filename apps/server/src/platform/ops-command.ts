// The operator's commands (`npm run ops -- <command>`) as a module declares them, beside its routes: the
// descriptor's `commands` (module-descriptor.ts). ops/commands.ts finds a command by name in the modules' lists,
// runs it and assembles the help from the declarations; it holds no command of its own.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Clock } from './clock.ts';
import type { FieldCipher } from './crypto.ts';
import type { SmsProvider } from './sms/sms-provider.ts';

/** What every command gets: the server's own services, from the server (control socket) or `npm run ops`. */
export type OpsDeps = {
  db: Database;
  clock: Clock;
  cipher: FieldCipher;
  paymentTimeoutMinutes: number;
  /** The SMS gateway of `inquiry-link` (the server's own). */
  sms: SmsProvider;
  /** The site's public origin (PUBLIC_ORIGIN) for links sent by SMS and the pharmacist's image links. */
  publicOrigin: string;
  /** Signs the URLs of private uploads (prescription images) the pharmacist opens from the queue (uploads). */
  privateUrls: { sign(name: string, memberId: number, now: Date): string };
  /** GUEST_LINK_HOURS of `guest-order` (its default when absent). */
  guestLinkHours?: number;
  /** Where the operator's order moves are logged, like the shoppers' (ids and states only). */
  log: Pick<FastifyBaseLogger, 'info'>;
};

/** The lines to print; `ok` false makes `npm run ops` exit with 1 and print them on standard error. */
export type OpsResult = { ok: boolean; lines: string[] };

export type OpsCommand = {
  /** The word after `npm run ops --`; one name across all modules (ops/commands.unit.test.ts). */
  name: string;
  /** The arguments as the help shows them after the name (`<ordersCode> [--complete]`); empty for none. */
  args: string;
  /** One line of help: the Chinese name of the task, then what it does. */
  help: string;
  /**
   * Runs with the words after the name. A refusal of the state (an AppError) is answered by the runner as
   * `✘ message (status)`; anything else thrown is a fault.
   */
  run(deps: OpsDeps, args: string[]): Promise<OpsResult>;
};

/** A refusal of the words typed, pointing at the help. */
export function opsUsage(message: string): OpsResult {
  return { ok: false, lines: [`✘ ${message}`, 'Run `npm run ops -- --help` for the commands.'] };
}

/** The value after option `name` in the arguments (the rest of the words up to the next option), if any. */
export function optionOf(args: string[], name: string): string | undefined {
  const start = args.indexOf(name);
  if (start < 0) return undefined;
  const words: string[] = [];
  for (const word of args.slice(start + 1)) {
    if (word.startsWith('--')) break;
    words.push(word);
  }
  return words.join(' ').trim() || undefined;
}

/** '2026-11-22 14:05' in China time (UTC+8), whatever the machine's zone. */
export const chinaTime = (date: Date) =>
  new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
