// The operator's command line runner (`npm run ops -- <command>`). It holds no command: each module declares
// its own in its descriptor (`commands`, platform/ops-command.ts), and this finds the one named in the modules'
// lists, runs it and answers its lines; the help is assembled from the declarations. Kept apart from cli.ts
// (which opens the database and prints) so tests run the commands against a test database.
import { listModules } from '../modules/index.ts';
import { AppError } from '../platform/errors.ts';
import { type OpsCommand, type OpsDeps, type OpsResult, opsUsage } from '../platform/ops-command.ts';

/** The words that print the help instead of running a command (no command may be named so). */
export const HELP_WORDS = ['help', '--help', '-h'];

/** Every module's commands, in the order of the modules. */
const modulesCommands = () => listModules().flatMap((module) => module.commands ?? []);

/** The width the help is wrapped to; the help of a command starts in column HELP_COLUMN. */
const HELP_WIDTH = 110;
const HELP_COLUMN = 42;

/** Columns a text takes in a terminal: CJK characters and full-width punctuation take two. */
const displayWidth = (text: string) =>
  text.length +
  (text.match(/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60]/g)?.length ?? 0);

/** The words of `text` in lines of at most HELP_WIDTH columns, the first from `first`, the others indented. */
function wrap(text: string, first: string, indent: string): string[] {
  const lines: string[] = [];
  let line = first;
  for (const word of text.split(' ')) {
    const candidate = line === first || line === indent ? line + word : `${line} ${word}`;
    if (displayWidth(candidate) > HELP_WIDTH && line !== first && line !== indent) {
      lines.push(line);
      line = indent + word;
    } else {
      line = candidate;
    }
  }
  return [...lines, line];
}

/** `  <name args>   <help>`, the help in its column (below a usage too long for its own). */
function helpEntry(usage: string, help: string): string[] {
  const column = ' '.repeat(HELP_COLUMN);
  const usageLines = wrap(usage, '  ', '      ');
  const last = usageLines.at(-1) ?? '';
  if (usageLines.length === 1 && displayWidth(last) <= HELP_COLUMN - 2) {
    return wrap(help, last + ' '.repeat(HELP_COLUMN - displayWidth(last)), column);
  }
  return [...usageLines, ...wrap(help, column, column)];
}

/** The help of `npm run ops -- --help`: every command of the modules with its arguments and its help line. */
export function opsHelp(commands: readonly OpsCommand[] = modulesCommands()): string {
  return [
    '安心大药房 operator commands — npm run ops -- <command>',
    '',
    ...commands.flatMap((command) => helpEntry(`${command.name} ${command.args}`.trim(), command.help)),
    ...helpEntry('--help', 'this text'),
    '',
    "The database is the server's: DATABASE_URL, or PGlite under DATA_DIR. On PGlite, while the server runs,",
    'the command runs inside it (through DATA_DIR/ops.sock); when it does not, on the data directory itself.',
  ].join('\n');
}

export async function runOpsCommand(deps: OpsDeps, argv: string[]): Promise<OpsResult> {
  const [name, ...args] = argv;
  const commands = modulesCommands();
  if (name === undefined || HELP_WORDS.includes(name)) return { ok: true, lines: [opsHelp(commands)] };
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) return opsUsage(`unknown command: ${name}`);
  try {
    return await command.run(deps, args);
  } catch (error) {
    if (error instanceof AppError) return { ok: false, lines: [`✘ ${error.message} (${error.statusCode})`] };
    throw error;
  }
}
