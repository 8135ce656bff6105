import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import {
  extractAntdStyles,
  groupOf,
  styleHookCalls,
  styleNameOfCacheKey,
  withoutStyleFunctions,
} from './antd-static-style-plugin.ts';

const antdFile = (path: string) => readFileSync(createRequire(import.meta.url).resolve(`antd/es/${path}`), 'utf8');

const namesIn = (code: string) => styleHookCalls(parseAst(code)).map((call) => call.name);

describe('reading the styles an antd style module declares', () => {
  it('names a component style, a sub-style and a hyphenated sub-style as cssinjs keys them', () => {
    expect(namesIn(antdFile('button/style/index.js'))).toEqual(['Button-Button']);
    expect(namesIn(antdFile('button/style/compact.js'))).toEqual(['Button-compact']);
    expect(namesIn(antdFile('form/style/fallbackCmp.js'))).toEqual(['Form-item-item']);
    expect(namesIn(antdFile('_util/wave/style.js'))).toEqual(['Wave-Wave']);
  });

  it('refuses a declaration whose name it cannot read, so no style goes missing unnoticed', () => {
    expect(() => namesIn('export default genStyleHooks(NAME, genStyle);')).toThrow(/cannot read/);
  });

  it('drops each style function and keeps the rest of the call (the component token stays for the CSS variables)', () => {
    const code = antdFile('button/style/index.js');
    const stripped = withoutStyleFunctions(code, styleHookCalls(parseAst(code)));
    expect(stripped).toMatch(/genStyleHooks\('Button', \(\) => \[\], prepareComponentToken, \{/);
    expect(namesIn(stripped)).toEqual(['Button-Button']);
    expect(stripped.length).toBeLessThan(code.length);
  });

  it('reads the name out of a cache key, with or without hash and layer, and only for styles', () => {
    expect(styleNameOfCacheKey('style%%Shared%ant')).toBe('Shared');
    expect(styleNameOfCacheKey('style%css-1a2b%layer%Button-compact%ant-btn%anticon')).toBe('Button-compact');
    expect(styleNameOfCacheKey('cssVar%Button%css-var-_R_0_%ant-btn%1cu7evx')).toBeUndefined();
    expect(styleNameOfCacheKey('token%6.6.8-%0%zh5h7')).toBeUndefined();
    expect(groupOf('Form-item-item')).toBe('Form');
  });
});

describe("antd's styles built with the site's theme", () => {
  const { names, cssByGroup } = extractAntdStyles();

  it('holds each component in its own group, in the antd layer, without the class hash', () => {
    const button = cssByGroup.get('Button') ?? '';
    expect(button.startsWith('@layer antd{')).toBe(true);
    expect(button).toContain('.ant-btn-color-primary');
    expect(button).not.toContain('.ant-table');
    expect(button).not.toMatch(/:where\(\.css-/);
    expect(cssByGroup.get('Table')).toContain('.ant-table');
  });

  it('renders the parts a default render skips (a form item, a compact button)', () => {
    expect(names).toContain('Form-item-item');
    expect(names).toContain('Button-compact');
  });

  it('keeps the reset every component shares apart, for the first page to load', () => {
    expect(cssByGroup.get('Shared')).toContain('a{color:var(--ant-color-link)');
    expect(cssByGroup.get('Shared')).not.toContain('.ant-btn');
  });
});
