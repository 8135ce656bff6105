import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const PLATFORM_DIR = import.meta.dirname;

/** Every TypeScript file under platform/, tests included. */
function platformFiles(dir = PLATFORM_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return platformFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The specifiers of every import, export … from, and dynamic import in a file. */
const specifiersOf = (source: string) =>
  [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((match) => match[1] as string);

describe('platform/', () => {
  it('imports nothing from modules/: the modules build on it, never the other way', () => {
    const offending = platformFiles().flatMap((file) =>
      specifiersOf(readFileSync(file, 'utf8'))
        .filter((specifier) => /(^|\/)modules\//.test(specifier))
        .map((specifier) => `${relative(PLATFORM_DIR, file)} → ${specifier}`),
    );
    expect(offending).toEqual([]);
  });
});
