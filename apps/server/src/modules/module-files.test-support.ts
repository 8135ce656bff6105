import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

// What the module tests (doors, graph) read of the server's source tree.

export const SRC_DIR = resolve(import.meta.dirname, '..');
export const MODULES_DIR = join(SRC_DIR, 'modules');

/** Every TypeScript file under a folder, as a path relative to apps/server/src. */
export function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith('.ts') ? [relative(SRC_DIR, path)] : [];
  });
}

/** Tests and their helpers may reach into the modules they test; the rule is for the code that runs. */
export const isTestCode = (file: string) =>
  /\.test\.ts$|\.test-support\.ts$|[.-]fixtures\.ts$/.test(file) || file.split('/').includes('fixtures');

/** The module a path belongs to (`modules/<name>/…`), or undefined outside the module folders. */
export function moduleOf(path: string): string | undefined {
  const [top, name, ...rest] = path.split('/');
  return top === 'modules' && name && rest.length > 0 ? name : undefined;
}
