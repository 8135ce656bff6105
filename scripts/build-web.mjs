// Builds the pages when a source file is newer than the last build, so a second start is quick.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/guest.html',
  'apps/web/admin.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/public',
  'packages/shared/src',
  'package-lock.json',
];
// The console's build writes last (apps/web/package.json).
const BUILT = 'apps/web/dist/admin.html';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

export function buildWebIfStale() {
  const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
  if (builtAt > Math.max(...SOURCES.map(newestMtime))) return;
  console.log('Building the pages (vite build)…');
  execSync('npm run build -w apps/web', { stdio: 'inherit' });
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfStale();
