// Installs the npm packages when they are missing or older than the lock file, so `npm start` and
// `npm test` work on a fresh clone with nothing installed by hand.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

export function ensureNodeModules() {
  const marker = 'node_modules/.package-lock.json';
  const isCurrent = existsSync(marker) && statSync(marker).mtimeMs >= statSync('package-lock.json').mtimeMs;
  if (isCurrent) return;
  console.log('Installing npm packages (npm ci)…');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureNodeModules();
