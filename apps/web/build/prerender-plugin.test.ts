import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { partsOf, prerenderedHtml, withCriticalCssInline, withPartsAfterFirstPaint } from './prerender-plugin.ts';

const INDEX_HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>安心大药房</title>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-a1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('the parts of a prerendered page', () => {
  const chunks = new Map([
    ['assets/index-a1.js', { css: ['assets/index-a1.css'], imports: [] }],
    ['assets/login-page-b2.js', { css: ['assets/login-page-b2.css'], imports: ['assets/forms-c3.js'] }],
    ['assets/forms-c3.js', { css: ['assets/forms-c3.css'], imports: ['assets/index-a1.js'] }],
    ['assets/table-d4.js', { css: ['assets/table-d4.css'], imports: [] }],
  ]);
  const chunkOfModule = new Map([
    ['src/main.tsx', 'assets/index-a1.js'],
    ['src/features/auth/pages/login-page.tsx', 'assets/login-page-b2.js'],
    ['src/features/orders/pages/my-orders-page.tsx', 'assets/table-d4.js'],
  ]);

  it('are the chunks its modules are in and every chunk they import, each once, with their stylesheets', () => {
    const parts = partsOf(['src/features/auth/pages/login-page.tsx', 'src/main.tsx'], chunkOfModule, chunks);
    expect(parts.scripts.sort()).toEqual(['assets/forms-c3.js', 'assets/index-a1.js', 'assets/login-page-b2.js']);
    expect(parts.stylesheets.sort()).toEqual([
      'assets/forms-c3.css',
      'assets/index-a1.css',
      'assets/login-page-b2.css',
    ]);
  });

  it('leave out a module the client build does not have (the prerender entry itself)', () => {
    expect(partsOf(['src/app/prerender-page.tsx'], chunkOfModule, chunks)).toEqual({ scripts: [], stylesheets: [] });
  });
});

describe("the prerendered page's scripts and stylesheets, held until its first paint", () => {
  const painted = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>欢迎登录 - 安心大药房</title>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-f6.js">
    <style>.login-card{padding:24px}</style>
  </head>
  <body>
    <div id="root"><div class="login-card">登录</div></div>
  <link rel="stylesheet" crossorigin href="/assets/index-a1.css"><link rel="stylesheet" crossorigin href="/assets/login-page-b2.css"></body>
</html>`;
  const html = withPartsAfterFirstPaint(
    painted,
    ['assets/index-a1.js', 'assets/runtime-f6.js', 'assets/login-page-b2.js', 'assets/forms-c3.js'],
    'assets/start-after-first-paint-e5.js',
  );
  const [head = '', body = ''] = html.split('</head>');

  it('leave the start script the only script the page names, after its markup', () => {
    expect(head).not.toContain('<script');
    expect(head).not.toContain('<link');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(body).toMatch(
      /<\/template><script type="module" crossorigin src="\/assets\/start-after-first-paint-e5\.js"><\/script><\/body>/,
    );
  });

  it('hold a preload of each script part, the main one first, and the stylesheets in a template naming the main one', () => {
    const template = /<template id="after-first-paint" data-main="\/assets\/index-a1\.js">(.*?)<\/template>/.exec(body);
    expect(template?.[1]).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/index-a1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/runtime-f6.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/login-page-b2.js"><link rel="modulepreload" crossorigin href="/assets/forms-c3.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/index-a1.css"><link rel="stylesheet" crossorigin href="/assets/login-page-b2.css">',
    );
    expect(html.match(/<link /g)).toHaveLength(6);
    expect(body).toContain('<div id="root"><div class="login-card">登录</div></div>');
  });

  it('refuse a page without a main script', () => {
    expect(() => withPartsAfterFirstPaint(INDEX_HTML.replace(/<script.*<\/script>/, ''), [], 'assets/s.js')).toThrow(
      /main script/,
    );
  });
});

describe('the prerendered page', () => {
  const page = {
    html: '<div class="app-root"><h1>欢迎登录</h1></div>',
    title: '欢迎登录 - 安心大药房',
    antdStyleTags: '<style data-css-hash="x">.css-var-_R_0_{--ant-color-primary:#12a05c}</style>',
  };
  const html = prerenderedHtml(INDEX_HTML, page, ['assets/index-a1.css', 'assets/login-page-b2.css']);

  it('is index.html with the markup in #root and the page title', () => {
    expect(html).toContain('<div id="root"><div class="app-root"><h1>欢迎登录</h1></div></div>');
    expect(html).toContain('<title>欢迎登录 - 安心大药房</title>');
    expect(html).not.toContain('<title>安心大药房</title>');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-a1.js"></script>');
  });

  it("links each stylesheet index.html does not already link, and carries antd's style tags, in the head", () => {
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/index-a1\.css/g)).toHaveLength(1);
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/login-page-b2.css">');
    expect(head).toContain(page.antdStyleTags);
  });

  it('takes markup with `$` in it as it is (no replacement patterns)', () => {
    const priced = prerenderedHtml(INDEX_HTML, { ...page, html: '<p>$& $1 ¥12.50</p>' }, []);
    expect(priced).toContain('<div id="root"><p>$& $1 ¥12.50</p></div>');
  });

  it('refuses an index.html without an empty #root', () => {
    expect(() => prerenderedHtml(INDEX_HTML.replace('<div id="root"></div>', ''), page, [])).toThrow(/root/);
  });
});

describe('the critical CSS of a prerendered page', () => {
  it("inlines the rules its markup uses, leaves antd's style tags, and moves the links to the end of the body", async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'anxin-prerender-'));
    mkdirSync(join(outDir, 'assets'));
    writeFileSync(
      join(outDir, 'assets/login-page-b2.css'),
      '.login-card{padding:24px}.order-table{width:100%}@layer antd{.ant-btn{gap:8px}.ant-table{margin:0}}',
    );
    writeFileSync(join(outDir, 'assets/index-a1.css'), 'body{margin:0}');
    const page = {
      html: '<div class="login-card"><button class="ant-btn">登录</button></div>',
      title: '欢迎登录 - 安心大药房',
      antdStyleTags: '<style data-css-hash="x">.css-var-_R_0_{--ant-color-primary:#12a05c}.unused{color:red}</style>',
    };
    const html = await withCriticalCssInline(prerenderedHtml(INDEX_HTML, page, ['assets/login-page-b2.css']), outDir);
    rmSync(outDir, { recursive: true, force: true });
    const [head = '', body = ''] = html.split('</head>');
    expect(head).toContain('.login-card{padding:24px}');
    expect(head).toMatch(/@layer antd\s*\{\s*\.ant-btn\{gap:8px\}\s*\}/);
    expect(head).not.toContain('order-table');
    expect(head).not.toContain('ant-table');
    expect(head).toContain(page.antdStyleTags);
    expect(head).not.toContain('<link rel="stylesheet"');
    expect(body).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/login-page-b2\.css"><\/body>/);
  });
});
