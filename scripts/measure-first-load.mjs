// First-load JavaScript of the pages (issue 16): each page opened in Chromium with an empty cache, the
// JavaScript bytes as transferred (compressed body + headers) summed until the network is idle.
//
//   node --import tsx scripts/measure-first-load.mjs   this checkout's server on a fresh database
//   … --checkout DIR[,DIST]    another checkout (e.g. the commit before a change) with its built pages in
//                              DIST; repeat to compare them side by side, measured one after the other
//   PAGE_SERVER_PORT=8188      (the default) the port each server takes in turn
// Budgets: /user/login and /user/register 200 KB, /, a product page and a guest payment link's page 250 KB,
// member pages 300 KB.
import { createRequire } from 'node:module';
import {
  createGuestPayLink,
  PRODUCT_PATH,
  signInDemoMember,
  startPageServer,
  tokensInitScript,
} from './page-server.mjs';

const KB = 1024;
const GUEST_PAGES = [
  { path: '/user/login', budget: 200 * KB },
  { path: '/user/register', budget: 200 * KB },
  { path: '/', budget: 250 * KB },
  { path: PRODUCT_PATH, budget: 250 * KB },
  // Where the SMS of a guest payment link lands (a link made for this run replaces :link).
  { path: ':link', budget: 250 * KB },
];
const MEMBER_PAGES = [
  '/user',
  '/user/order/mine/all',
  '/user/order/detail/:order',
  '/user/personal/address',
  '/user/personal/addInfo/info',
  '/user/personal/safe',
  '/user/account/delete',
  '/cart',
].map((path) => ({ path, budget: 300 * KB, isMember: true }));
export const FIRST_LOAD_PAGES = [...GUEST_PAGES, ...MEMBER_PAGES];

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'];

async function firstOrderCode(url, login) {
  const reply = await fetch(`${url}/web-gateway/v3/orders?type=all&page=1&size=1`, {
    headers: { authorization: `Bearer ${login.access_token}` },
  });
  const body = await reply.json();
  return body.content[0].ordersCode;
}

/** Opens one page in a fresh context; answers the JavaScript bytes transferred and decoded. */
async function measurePage(browser, url, path, initScript) {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  const scripts = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(request);
  });
  await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
  let transferred = 0;
  let decoded = 0;
  for (const request of scripts) {
    const sizes = await request.sizes();
    transferred += sizes.responseBodySize + sizes.responseHeadersSize;
    const response = await request.response();
    decoded += response ? (await response.body()).length : 0;
  }
  const landedOn = new URL(page.url()).pathname;
  await context.close();
  return {
    transferred,
    decoded,
    files: scripts.length,
    landedOn,
    isRedirected: landedOn !== new URL(path, url).pathname,
  };
}

/** Measures every page on a running server (CAPTCHA_MODE=test, so the demo member can sign in). */
export async function measureFirstLoad(url, guestLinkPath) {
  const require = createRequire(import.meta.url);
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const login = await signInDemoMember(url);
    const order = await firstOrderCode(url, login);
    const perPage = [];
    for (const { path, isMember } of FIRST_LOAD_PAGES) {
      const concrete = path.replace(':order', order).replace(':link', guestLinkPath);
      perPage.push(await measurePage(browser, url, concrete, isMember ? tokensInitScript(login) : undefined));
    }
    return perPage;
  } finally {
    await browser.close();
  }
}

/** The checkouts to measure, from `--checkout DIR[,DIST]` arguments; this checkout when there are none. */
export function parseCheckouts(args) {
  const checkouts = args.flatMap((arg, index) => {
    if (args[index - 1] !== '--checkout') return [];
    const [root, distDir] = arg.split(',');
    return [{ label: root, root, distDir }];
  });
  return checkouts.length > 0 ? checkouts : [{ label: 'this checkout', root: process.cwd() }];
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

/** Prints one row per page, one column per checkout; answers whether every page of the last one is in budget. */
export function printFirstLoad(checkouts, results) {
  console.log('\nFirst-load JavaScript, transferred (decoded)');
  console.log(['page'.padEnd(28), 'budget'.padStart(9), ...checkouts.map(({ label }) => label.padStart(30))].join(' '));
  FIRST_LOAD_PAGES.forEach((row, index) => {
    const cells = results.map((perPage) => {
      const result = perPage[index];
      const verdict = result.transferred <= row.budget ? 'ok  ' : 'OVER';
      const landed = result.isRedirected ? ` [at ${result.landedOn}]` : '';
      return `${kb(result.transferred)} (${kb(result.decoded)}) ${verdict}${landed}`.padStart(30);
    });
    const label = row.path === ':link' ? '/payJianke/entry?key=…' : row.path;
    console.log([label.padEnd(28), kb(row.budget).padStart(9), ...cells].join(' '));
  });
  const last = results.at(-1);
  return FIRST_LOAD_PAGES.every((row, index) => last[index].transferred <= row.budget);
}

export const pageServerPort = () => Number(process.env.PAGE_SERVER_PORT ?? 8188);

if (import.meta.url === `file://${process.argv[1]}`) {
  const checkouts = parseCheckouts(process.argv.slice(2));
  const results = [];
  for (const checkout of checkouts) {
    const server = await startPageServer({ port: pageServerPort(), root: checkout.root, distDir: checkout.distDir });
    try {
      const guestLinkPath = await createGuestPayLink({ port: pageServerPort(), root: checkout.root });
      results.push(await measureFirstLoad(server.url, guestLinkPath));
    } finally {
      await server.stop();
    }
  }
  process.exitCode = printFirstLoad(checkouts, results) ? 0 : 1;
}
