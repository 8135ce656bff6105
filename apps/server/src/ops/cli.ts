// `npm run ops -- <command>`: the operator's command line on the server's own database (same configuration:
// DATABASE_URL, or PGlite under DATA_DIR). The modules declare the commands; commands.ts finds and runs them.
//
// PGlite allows one process per data directory. When the server runs on it, it listens on
// `${DATA_DIR}/ops.sock` (control-socket.ts) and the command runs inside the server; only when nobody listens
// there does this process open the data directory itself. PostgreSQL takes many connections: opened directly.
// Only the socket client and the configuration are loaded up front: with a server listening (the usual case)
// the command runs there, and loading the commands and every module they use would take seconds.
import { loadConfig } from '../config.ts';
import type { OpsResult } from '../platform/ops-command.ts';
import { callControlSocket, controlSocketPath } from './control-socket.ts';

const argv = process.argv.slice(2);
if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h') {
  console.log((await import('./commands.ts')).opsHelp());
  process.exit(0);
}

const config = loadConfig();
let exitCode = 1;
try {
  const result = config.DATABASE_URL ? await runOnDatabase() : await runThroughServerOrOnDatabase();
  for (const line of result.lines) (result.ok ? console.log : console.error)(line);
  exitCode = result.ok ? 0 : 1;
} catch (error) {
  console.error(`✘ ${error instanceof Error ? error.message : String(error)}`);
}
process.exit(exitCode);

/**
 * The running server's answer, or, when no server listens on the socket, the command run here. A socket that
 * answers badly throws (callControlSocket) instead of falling through: the data directory of a live server is
 * never opened by a second process.
 */
async function runThroughServerOrOnDatabase(): Promise<OpsResult> {
  const answer = await callControlSocket(controlSocketPath(config.DATA_DIR), argv);
  return answer === 'not-running' ? runOnDatabase() : answer;
}

/** The command run in this process, on the database itself (loaded only then: see the imports). */
async function runOnDatabase(): Promise<OpsResult> {
  const { runOpsOnDatabase } = await import('./run-on-database.ts');
  return runOpsOnDatabase(config, argv);
}
