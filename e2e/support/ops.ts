import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/** The e2e server's data directory, relative to the repository root as in playwright.config.ts. */
export const e2eDataDir = () => `.tmp/e2e-data-${process.env.E2E_PORT ?? 8181}`;

/** True when the running e2e server listens on its ops control socket (apps/server/src/ops/control-socket.ts). */
export function hasOpsSocket() {
  try {
    return statSync(`${repoRoot}${e2eDataDir()}/ops.sock`).isSocket();
  } catch {
    return false;
  }
}

/**
 * `npm run ops -- <argv>` as an operator types it in a second terminal while the server runs: the same
 * environment and DATA_DIR as the e2e server. Answers the exit code and what it printed.
 */
export function runOps(...argv: string[]): Promise<{ exitCode: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/ops/cli.ts', ...argv], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: e2eDataDir() },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (exitCode) => resolve({ exitCode, stdout, stderr }));
  });
}
