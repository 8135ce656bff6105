import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { extractStyle as renderEveryComponent } from '@ant-design/static-style-extract';
import { Button, ConfigProvider, Form, Input, Space } from 'antd';
import { createElement, Fragment, type ReactElement } from 'react';
import type { Plugin } from 'vite';
import { theme } from '../src/app/theme.ts';

// antd's styles are built, not computed (docs/ARCHITECTURE.md): the site's theme sets `zeroRuntime`, so antd
// generates no CSS in the browser, and this plugin writes it at build time instead. Every component's styles
// are rendered once in Node with the site's theme and grouped by component; each antd style module then
// imports its component's group, so a page's chunk carries the CSS of exactly the antd components it bundles,
// and the login page does not download the table's.

const VIRTUAL_PREFIX = 'virtual:antd-style/';
const RESOLVED_PREFIX = `\0${VIRTUAL_PREFIX}`;
/** The reset every antd component shares; main.tsx imports it. */
const BASE_GROUP = 'Shared';

/**
 * What rendering every component with its defaults does not show: sub-styles registered only when a part is
 * used (a form item, a button inside Space.Compact…). The build names any that is missing.
 */
const PARTS_NOT_RENDERED_BY_DEFAULT: ReactElement[] = [
  createElement(Form, { key: 'form' }, createElement(Form.Item, { label: 'x' }, createElement(Input))),
  createElement(Space.Compact, { key: 'compact' }, createElement(Button)),
];

/** Declared, but rendered only under a theme setting the site does not use. */
const STYLES_THE_THEME_NEVER_SHOWS = new Set([
  'Pagination-bordered', // only with `wireframe`
]);

/** antd's factories of style hooks; their first argument names the style, their second generates it. */
const STYLE_HOOK_FACTORIES = new Set(['genStyleHooks', 'genSubStyleComponent', 'genComponentStyleHook']);

type Node = { type?: string; start: number; end: number; [key: string]: unknown };
type StyleHookCall = { name: string; styleFunction: Node };

const literalText = (node: unknown) => {
  const literal = node as Node | undefined;
  return literal?.type === 'Literal' && typeof literal.value === 'string' ? literal.value : undefined;
};

/**
 * The style hooks an antd style module declares, each named as cssinjs keys it (`Button-Button`,
 * `Button-compact`, `Input-Shared`…); throws on a name it cannot read, so none is missed.
 */
export function styleHookCalls(program: unknown): StyleHookCall[] {
  const calls: StyleHookCall[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const node = value as Node;
    const callee = node.callee as Node | undefined;
    const args = node.arguments as Node[] | undefined;
    if (
      node.type === 'CallExpression' &&
      callee?.type === 'Identifier' &&
      STYLE_HOOK_FACTORIES.has(String(callee.name))
    ) {
      const [nameNode, styleFunction] = args ?? [];
      const single = literalText(nameNode);
      const pair = nameNode?.type === 'ArrayExpression' ? (nameNode.elements as unknown[]).map(literalText) : [];
      const name = single
        ? `${single}-${single}`
        : pair.length === 2 && pair.every(Boolean)
          ? pair.join('-')
          : undefined;
      if (!name || !styleFunction) throw new Error('an antd style hook is declared in a way this plugin cannot read');
      calls.push({ name, styleFunction });
      return;
    }
    for (const child of Object.values(node)) visit(child);
  };
  visit(program);
  return calls;
}

/**
 * The module with each hook's style function replaced by `() => []`: with `zeroRuntime` antd never calls it,
 * and once it is gone the bundler drops the style code it alone used (about a tenth of antd's bytes).
 */
export function withoutStyleFunctions(code: string, calls: StyleHookCall[]): string {
  return [...calls]
    .sort((a, b) => b.styleFunction.start - a.styleFunction.start)
    .reduce(
      (text, { styleFunction }) => `${text.slice(0, styleFunction.start)}() => []${text.slice(styleFunction.end)}`,
      code,
    );
}

/**
 * `style%%Button-compact%ant-btn%anticon` → `Button-compact`; keys of tokens and CSS variables → undefined.
 * (Before its path, a style's key holds its class hash, empty with `hashed: false`, and `layer` when on.)
 */
export function styleNameOfCacheKey(key: string): string | undefined {
  const [kind, ...path] = key.split('%');
  return kind === 'style' ? path.find((part) => !/^(|layer|css-.*)$/.test(part)) : undefined;
}

/** The group a style belongs to: its component (`Button-compact` → `Button`). */
export const groupOf = (styleName: string) => styleName.split('-')[0] ?? styleName;

/** cssinjs ends each extraction with a rule naming the cache paths (for hydrating server-rendered pages). */
const CACHE_PATH_RULE = /\.data-ant-cssinjs-cache-path\{content:"[^"]*";\}/g;

type ExtractedStyles = { names: Set<string>; cssByGroup: Map<string, string> };

/**
 * Renders every antd component in Node with the site's theme and answers the CSS of each group, in a cascade
 * layer (`antd`) so that the site's own unlayered CSS wins over it whatever order the files load in, as it did
 * over the styles antd used to insert first in the page.
 */
export function extractAntdStyles(): ExtractedStyles {
  const cache = createCache();
  renderEveryComponent({
    customTheme: (everyComponent) =>
      createElement(
        StyleProvider,
        { cache },
        // The site's theme with antd generating its styles, here, once.
        createElement(
          ConfigProvider,
          { theme: { ...theme, zeroRuntime: false } },
          everyComponent,
          createElement(Fragment, null, ...PARTS_NOT_RENDERED_BY_DEFAULT),
        ),
      ),
  });
  const styleKeys = [...cache.cache.keys()].filter((key) => styleNameOfCacheKey(key) !== undefined);
  const names = new Set(styleKeys.map((key) => styleNameOfCacheKey(key) ?? ''));
  const cssByGroup = new Map<string, string>();
  for (const group of new Set([...names].map(groupOf))) {
    // extractStyle's `once` skips what is marked extracted: mark every other group's styles, take this one's.
    cache.extracted = new Set(styleKeys.filter((key) => groupOf(styleNameOfCacheKey(key) ?? '') !== group));
    const css = extractStyle(cache, { plain: true, types: 'style', once: true }).replace(CACHE_PATH_RULE, '');
    cssByGroup.set(group, `@layer antd{${css}}`);
  }
  return { names, cssByGroup };
}

/** `antd/es/button/style/index.js`, `antd/es/button/style/compact.js`, `antd/es/_util/wave/style.js`… */
const ANTD_STYLE_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/](?:.*[\\/])?style(?:[\\/][\w-]+)?\.js$/;

export function antdStaticStylePlugin(): Plugin {
  let extracted: ExtractedStyles | undefined;
  const styles = () => {
    extracted ??= extractAntdStyles();
    return extracted;
  };
  let isBuild = false;
  /** The styles each antd style module declares, by module id (checked once the bundle is known). */
  const declaredByModule = new Map<string, string[]>();
  return {
    name: 'anxin:antd-static-style',
    enforce: 'pre',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    resolveId(id) {
      return id.startsWith(VIRTUAL_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return undefined;
      const group = id.slice(RESOLVED_PREFIX.length).replace(/\.css$/, '');
      const { cssByGroup } = styles();
      // The dev server pre-bundles antd, so no style module passes through `transform`: the base carries all.
      if (group === BASE_GROUP && !isBuild) return [...cssByGroup.values()].join('\n');
      // A group never rendered is empty here; generateBundle refuses it if a bundled component needs it.
      return cssByGroup.get(group) ?? '';
    },
    transform(code, id) {
      if (!isBuild || !ANTD_STYLE_MODULE.test(id)) return undefined;
      const calls = styleHookCalls(this.parse(code));
      if (calls.length === 0) return undefined;
      const declared = calls.map((call) => call.name);
      declaredByModule.set(id, declared);
      const imports = [...new Set(declared.map(groupOf))].map((group) => `import '${VIRTUAL_PREFIX}${group}.css';`);
      return { code: `${imports.join('\n')}\n${withoutStyleFunctions(code, calls)}`, map: null };
    },
    generateBundle(_options, bundle) {
      const { names } = styles();
      const isShown = (name: string) => names.has(name) || STYLES_THE_THEME_NEVER_SHOWS.has(name);
      const bundled = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? output.moduleIds : []));
      const missing = new Set(bundled.flatMap((id) => declaredByModule.get(id) ?? []).filter((name) => !isShown(name)));
      if (missing.size > 0) {
        this.error(
          `antd's ${[...missing].join(', ')} styles are not rendered: add the part to PARTS_NOT_RENDERED_BY_DEFAULT`,
        );
      }
    },
  };
}
