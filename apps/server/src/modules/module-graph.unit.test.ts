import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTestCode, MODULES_DIR, moduleOf, SRC_DIR, tsFiles } from './module-files.test-support.ts';

/**
 * The value imports of a file (an `import type` costs nothing at run time and closes no circle), with the
 * path each points at. A table's schema file naming another module's schema file for a foreign key is left
 * out: it says which rows refer to which, not which code calls which.
 */
function valueImportsOf(file: string) {
  const source = readFileSync(join(SRC_DIR, file), 'utf8');
  return [...source.matchAll(/(?:import|export)(?!\s+type\b)[^'";]*?from\s+['"](\.[^'"]+)['"]/g)]
    .map((match) => relative(SRC_DIR, resolve(SRC_DIR, dirname(file), match[1] as string)))
    .filter((target) => !(file.endsWith('.schema.ts') && target.endsWith('.schema.ts')));
}

/** Which module uses which, from the code that runs: module → the modules it imports, with one file that does. */
function moduleGraph() {
  const uses = new Map<string, Map<string, string>>();
  for (const file of tsFiles(MODULES_DIR).filter((file) => !isTestCode(file))) {
    const from = moduleOf(file);
    if (!from) continue;
    if (!uses.has(from)) uses.set(from, new Map());
    for (const target of valueImportsOf(file)) {
      const to = moduleOf(target);
      if (to && to !== from && !uses.get(from)?.has(to)) uses.get(from)?.set(to, `${file} → ${target}`);
    }
  }
  return uses;
}

/** Each module's layer: 0 for a module that uses no other, else one above the highest it uses. */
function layersOf(uses: Map<string, Map<string, string>>) {
  const layer = new Map<string, number>();
  const visiting = new Set<string>();
  const circle: string[] = [];
  const visit = (name: string): number => {
    const known = layer.get(name);
    if (known !== undefined) return known;
    if (visiting.has(name)) {
      circle.push(name);
      return 0;
    }
    visiting.add(name);
    const below = [...(uses.get(name)?.keys() ?? [])].map(visit);
    visiting.delete(name);
    const own = below.length ? Math.max(...below) + 1 : 0;
    layer.set(name, own);
    return own;
  };
  for (const name of [...uses.keys()].sort()) visit(name);
  return { layer, circle };
}

describe('the module graph', () => {
  const uses = moduleGraph();

  it('has no circle: every module uses only modules below it (the layers are printed)', () => {
    const { layer, circle } = layersOf(uses);
    // Every import that does not point strictly downward names a circle; listed with the file that makes it.
    const upward = [...uses].flatMap(([from, targets]) =>
      [...targets]
        .filter(([to]) => (layer.get(to) ?? 0) >= (layer.get(from) ?? 0))
        .map(([to, why]) => `${from} → ${to}: ${why}`),
    );
    const rows = new Map<number, string[]>();
    for (const [name, level] of layer) rows.set(level, [...(rows.get(level) ?? []), name].sort());
    const picture = [...rows.keys()]
      .sort((a, b) => b - a)
      .map((level) => `  ${level}: ${rows.get(level)?.join(', ')}`)
      .join('\n');
    console.log(`Module layers, top to bottom (a module uses only modules of lower layers):\n${picture}`);
    expect(circle).toEqual([]);
    expect(upward).toEqual([]);
  });

  it('has no module that reads the list of modules: it reaches them through AppServices.modules', () => {
    const readers = tsFiles(MODULES_DIR)
      .filter((file) => !isTestCode(file) && moduleOf(file))
      .filter((file) => valueImportsOf(file).includes('modules/index.ts'));
    expect(readers).toEqual([]);
  });
});
