import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTestCode, MODULES_DIR, moduleOf, SRC_DIR, tsFiles } from './module-files.test-support.ts';

/** The specifiers of every import, export … from, and dynamic import in a file. */
const specifiersOf = (source: string) =>
  [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((match) => match[1] as string);

/** Each relative import of a file, with the path (relative to apps/server/src) it points at. */
function importsOf(file: string) {
  return specifiersOf(readFileSync(join(SRC_DIR, file), 'utf8'))
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => ({ specifier, target: relative(SRC_DIR, resolve(SRC_DIR, dirname(file), specifier)) }));
}

/**
 * Whether `file` may import `target`: its own module's files, another module's door `<x>/<x>.module.ts`, and
 * for the tables alone a schema file: a table's foreign key names another module's table, and drizzle-kit
 * loads `db/schema.ts` with the tables only (through a door it would load every route and service).
 */
function mayImport(file: string, target: string): boolean {
  const owner = moduleOf(target);
  if (owner === undefined || owner === moduleOf(file)) return true;
  if (target === `modules/${owner}/${owner}.module.ts`) return true;
  return target.endsWith('.schema.ts') && (file.endsWith('.schema.ts') || file === 'db/schema.ts');
}

describe('module doors', () => {
  it("let a module's code, app.ts, app-services.ts, db/ and ops/ use another module only through its door", () => {
    const offending = tsFiles(SRC_DIR)
      .filter((file) => !isTestCode(file))
      .flatMap((file) =>
        importsOf(file)
          .filter(({ target }) => !mayImport(file, target))
          .map(({ specifier }) => `${file} → ${specifier}`),
      );
    expect(offending).toEqual([]);
  });

  it('give every module its door, <name>/<name>.module.ts', () => {
    const modules = readdirSync(MODULES_DIR, { withFileTypes: true }).filter(
      (entry) => entry.isDirectory() && tsFiles(join(MODULES_DIR, entry.name)).length > 0,
    );
    expect(modules.length).toBeGreaterThan(20);
    const doorless = modules
      .map((entry) => entry.name)
      .filter((name) => !existsSync(join(MODULES_DIR, name, `${name}.module.ts`)));
    expect(doorless).toEqual([]);
  });

  it('keep platform/ free of modules: the modules build on it, never the other way (its tests too)', () => {
    const offending = tsFiles(join(SRC_DIR, 'platform')).flatMap((file) =>
      importsOf(file)
        .filter(({ target }) => target.startsWith('modules/'))
        .map(({ specifier }) => `${file} → ${specifier}`),
    );
    expect(offending).toEqual([]);
  });
});
