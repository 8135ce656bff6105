import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import Beasties from 'beasties';
import { build, type Plugin } from 'vite';
import { type PrerenderedPath, prerenderedFileOf } from '../../../packages/shared/src/common/prerendered-pages.ts';

// Prerendered pages (docs/ARCHITECTURE.md): a page that shows every signed-out visitor the same thing before its
// data arrives is rendered to HTML at build time, so a phone paints it before any script has arrived; the
// server sends it instead of the empty index.html (guest.html) to a visitor without the member cookie, and
// the page's script hydrates it.

const ENTRY = 'src/app/prerender-page.tsx';
const RENDERED_MODULES = '__anxinRenderedModules';

type ChunkFiles = { css: string[]; imports: string[] };
type Rendered = { html: string; title: string; antdStyleTags: string; modules: string[] };

/**
 * In the prerender build: each module of the site's own source, when it runs, adds its path to a list, so the
 * build knows which client chunks (and so which stylesheets) a prerendered page uses.
 */
function recordRenderedModules(root: string): Plugin {
  return {
    name: 'anxin:record-rendered-modules',
    transform(code, id) {
      if (!id.startsWith(join(root, 'src')) || !/\.tsx?$/.test(id)) return;
      const path = JSON.stringify(relative(root, id));
      return { code: `${code}\n;(globalThis.${RENDERED_MODULES} ??= new Set()).add(${path});\n`, map: null };
    },
  };
}

/** Builds the prerender entry for Node into `outDir`; answers the file to import. */
async function buildPrerenderer(root: string, outDir: string, define: Record<string, string>): Promise<string> {
  await build({
    configFile: false,
    root,
    define,
    logLevel: 'warn',
    plugins: [react(), recordRenderedModules(root)],
    // Everything bundled: antd's and its helpers' ES modules are not all loadable by Node as they are published.
    ssr: { noExternal: true },
    build: { ssr: ENTRY, outDir, emptyOutDir: true, minify: false },
  });
  return join(outDir, 'prerender-page.js');
}

/** Renders `path` in its own Node process: its module list is then the modules that page loaded. */
function renderInOwnProcess(entry: string, path: string): Rendered {
  const script = `
    const { prerenderPage } = await import(${JSON.stringify(pathToFileURL(entry).href)});
    const page = await prerenderPage(${JSON.stringify(path)});
    process.stdout.write(JSON.stringify({ ...page, modules: [...globalThis.${RENDERED_MODULES}] }));
    process.exit(0);`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

/** The chunks holding `modules` and every chunk they import: their scripts and their stylesheets. */
export function partsOf(modules: string[], chunkOfModule: Map<string, string>, chunks: Map<string, ChunkFiles>) {
  const scripts = new Set<string>();
  const stylesheets = new Set<string>();
  const visit = (file: string) => {
    const chunk = chunks.get(file);
    if (!chunk || scripts.has(file)) return;
    scripts.add(file);
    for (const css of chunk.css) stylesheets.add(css);
    chunk.imports.forEach(visit);
  };
  for (const module of modules) {
    const file = chunkOfModule.get(module);
    if (file) visit(file);
  }
  return { scripts: [...scripts], stylesheets: [...stylesheets] };
}

/**
 * The build's page (index.html or guest.html) with the page's markup in #root, its title, antd's style tags,
 * and links to the stylesheets it does not link yet (each stylesheet of the chunks the page loads).
 */
export function prerenderedHtml(
  pageHtml: string,
  page: { html: string; title: string; antdStyleTags: string },
  stylesheets: string[],
) {
  const links = stylesheets
    .filter((file) => !pageHtml.includes(`/${file}"`))
    .map((file) => `    <link rel="stylesheet" crossorigin href="/${file}">\n`)
    .join('');
  const withRoot = pageHtml.replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`);
  if (withRoot === pageHtml) throw new Error('the page has no empty <div id="root"></div> to prerender into');
  return withRoot
    .replace(/<title>.*?<\/title>/, () => `<title>${page.title}</title>`)
    .replace('</head>', () => `${links}    ${page.antdStyleTags}\n  </head>`);
}

/**
 * The page with the CSS rules its markup uses inline in its head, so that it paints with this one response;
 * its stylesheet links move to the end of the body (the rest of the rules, for what the page shows next),
 * where they no longer hold the first paint back. antd's style tags are left as they are (antd finds them
 * there by their attributes).
 */
export function withCriticalCssInline(html: string, outDir: string): Promise<string> {
  const beasties = new Beasties({
    path: outDir,
    publicPath: '/',
    preload: 'body',
    reduceInlineStyles: false,
    pruneSource: false,
    logLevel: 'warn',
  });
  return beasties.process(html);
}

/** The build entry (vite.config.ts) that is a prerendered page's one script: src/start-after-first-paint.ts. */
export const START_SCRIPT_ENTRY = 'start-after-first-paint';

/**
 * The page with its scripts and stylesheets held until its first paint (docs/ARCHITECTURE.md): the main script
 * leaves the head; a module preload of each script part the page loads (the main script's first) and the
 * stylesheet links at the end of the body go into `<template id="after-first-paint">`, which names the main
 * script; the start script, the page's only script, adds them and starts the main script once the page is
 * painted. The main script, finding the preloads, does not add them itself as it starts.
 */
export function withPartsAfterFirstPaint(html: string, scripts: string[], startScript: string): string {
  const mainScriptTag = /\s*<script type="module" crossorigin src="\/([^"]+)"><\/script>/.exec(html);
  if (!mainScriptTag?.[1]) throw new Error('the page names no main script to hold back');
  const mainScript = mainScriptTag[1];
  // The main script's own preloads (index.html's) go with the others.
  const withoutScripts = html.replace(mainScriptTag[0], '').replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  const trailingLinks = /((?:<link rel="stylesheet"[^>]*>)*)\s*<\/body>/.exec(withoutScripts);
  const stylesheets = trailingLinks?.[1] ?? '';
  // The main script first: on six connections it would otherwise queue behind forty small parts, and it is what
  // starts the page's first request (a route's prefetch).
  const preloads = [mainScript, ...scripts.filter((script) => script !== mainScript)]
    .map((script) => `<link rel="modulepreload" crossorigin href="/${script}">`)
    .join('');
  const held = `<template id="after-first-paint" data-main="/${mainScript}">${preloads}${stylesheets}</template>`;
  const start = `<script type="module" crossorigin src="/${startScript}"></script>`;
  return withoutScripts.replace(trailingLinks?.[0] ?? '</body>', () => `${held}${start}</body>`);
}

/**
 * Prerenders `paths` into the build's page `html` (index.html, or the guest build's guest.html) after the
 * client build has written its files (before they are compressed).
 */
export function prerenderPlugin(paths: readonly PrerenderedPath[], html: string): Plugin {
  let root = '';
  let outDir = '';
  let isSsrBuild = false;
  let define: Record<string, string> = {};
  const chunks = new Map<string, ChunkFiles>();
  const chunkOfModule = new Map<string, string>();
  let startScript = '';
  return {
    name: 'anxin:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir;
      isSsrBuild = Boolean(config.build.ssr);
      define = config.define ?? {};
    },
    async writeBundle(_options, bundle) {
      if (isSsrBuild) return;
      // The bundle as written: a chunk of stylesheets only is gone by now (its stylesheets moved to its importers).
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        if (output.isEntry && output.name === START_SCRIPT_ENTRY) startScript = output.fileName;
        chunks.set(output.fileName, { css: [...(output.viteMetadata?.importedCss ?? [])], imports: output.imports });
        for (const id of output.moduleIds) chunkOfModule.set(relative(root, id), output.fileName);
      }
      if (!startScript) throw new Error(`the build has no ${START_SCRIPT_ENTRY} entry for the prerendered pages`);
      // Its own folder per build: everything is bundled into it, so it may sit anywhere.
      const prerendererDir = await mkdtemp(join(tmpdir(), 'anxin-prerender-'));
      const entry = await buildPrerenderer(root, prerendererDir, define);
      const pageHtml = await readFile(join(outDir, html), 'utf8');
      for (const path of paths) {
        const page = renderInOwnProcess(entry, path);
        const file = join(outDir, prerenderedFileOf(path));
        await mkdir(dirname(file), { recursive: true });
        const { scripts, stylesheets } = partsOf(page.modules, chunkOfModule, chunks);
        const html = await withCriticalCssInline(prerenderedHtml(pageHtml, page, stylesheets), outDir);
        await writeFile(file, withPartsAfterFirstPaint(html, scripts, startScript));
      }
      await rm(prerendererDir, { recursive: true, force: true });
    },
  };
}
