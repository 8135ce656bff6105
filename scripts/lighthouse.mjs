// npm run lighthouse (issue 16): starts the server on a fresh embedded database (as the browser journeys
// do), runs Lighthouse in Debian's Chromium on the storefront, the login page, a product page, a guest
// payment link, a prescription order's inquiry page and an order's pay page (each signed in through a link
// of its own, SIGNED_IN_LINKS), mobile (simulated and really throttled) and desktop, and prints the
// performance and accessibility scores with the JavaScript each page transferred.
// Then it prints the first-load JavaScript of every page against its budget (scripts/measure-first-load.mjs).
//
//   npm run lighthouse                              this checkout, pages from apps/web/dist (built if stale)
//   npm run lighthouse -- --checkout DIR[,DIST] …   other checkouts (e.g. the commit before a change), one
//                                                   after the other on the same port, side by side
// Environment: PAGE_SERVER_PORT (default 8188), CHROME_PATH (default /usr/bin/chromium),
// LIGHTHOUSE_RUNS (default 3: each score is the median of that many runs; the machine is shared).
// Targets: performance ≥ 90 on mobile and ≥ 95 on desktop, accessibility ≥ 95.
import { createRequire } from 'node:module';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { buildWebIfStale } from './build-web.mjs';
import { measureFirstLoad, pageServerPort, parseCheckouts, printFirstLoad } from './measure-first-load.mjs';
import {
  createGuestPayLink,
  PRESCRIPTION_PRODUCT,
  PRODUCT_PATH,
  signInThroughGuestLink,
  startPageServer,
  tokensInitScript,
} from './page-server.mjs';

/**
 * The pages a shopper lands on; ':link' is a guest payment link made for the run (where its SMS leads),
 * ':inquiry' and ':pay' the prescription inquiry and the pay page of a link's order, loaded afresh (empty
 * cache) by the shopper the link signed in: on a phone at their /m/ address, where the link's pages took the
 * phone (the desktop address would add the server's redirect, which only the SMS link goes through). They
 * come last: their sign-in is in the browser's storage, which the other pages' runs clear.
 */
const PAGES = ['/', '/user/login', PRODUCT_PATH, ':link', ':inquiry', ':pay'];
/**
 * The links of the signed-in pages, each for a phone of its own, so that ':link' stays a link nobody has used:
 * the inquiry's is an order of a prescription product (whose pay page would lead to the inquiry), the pay
 * page's an order without one.
 */
const SIGNED_IN_LINKS = {
  ':inquiry': { phone: '13700005679', products: PRESCRIPTION_PRODUCT },
  ':pay': { phone: '13700005678', products: '1000101' },
};
const LABELS = { ':link': '/payJianke/entry', ':inquiry': '/payJianke/inquiry', ':pay': '/payJianke/messag…' };
/**
 * What a signed-in page shows once loaded, checked before it is measured: a run measures the page, not an
 * error in its place (该订单无需问诊, an expired link).
 */
const SHOWN_ON = { ':inquiry': '[data-testid="inquiry-product"]', ':pay': '[data-testid="pay-countdown"]' };
// 'mobile' is Lighthouse's default: it loads the page unthrottled and simulates the phone from that trace.
// Locally every script arrives within milliseconds and runs before the first paint, so the simulation
// charges a prerendered page's first paint with script work that on a real slow connection comes after it.
// 'mobile-real' loads the page through the same network and CPU limits (throttlingMethod 'devtools').
const FORM_FACTORS = [
  { name: 'mobile', config: undefined, performanceTarget: 90 },
  {
    name: 'mobile-real',
    config: { extends: 'lighthouse:default', settings: { throttlingMethod: 'devtools' } },
    performanceTarget: 90,
  },
  { name: 'desktop', config: desktopConfig, performanceTarget: 95 },
];
const ACCESSIBILITY_TARGET = 95;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-extensions'];

/** The median of the runs that produced a value (a run Lighthouse could not score gives null). */
function median(values) {
  const scored = values.filter((value) => value !== null).sort((a, b) => a - b);
  return scored.length === 0 ? null : scored[Math.floor(scored.length / 2)];
}
const percent = (score) => (score === null ? null : Math.round(score * 100));

/**
 * One Lighthouse run of a page; answers the two scores (0-100) and the script bytes transferred. With
 * `signIn`, which puts a sign-in into the browser's storage (and empties its cache, as Lighthouse would), that
 * storage is kept for the run instead of cleared.
 */
async function audit(chrome, url, config, signIn) {
  if (signIn) await signIn();
  const result = await lighthouse(
    url,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: Boolean(signIn),
    },
    config,
  );
  const { categories, audits } = result.lhr;
  const scripts = audits['resource-summary'].details.items.find((item) => item.resourceType === 'script');
  if (result.lhr.runtimeError) console.warn(`${url}: ${result.lhr.runtimeError.message}`);
  return {
    performance: percent(categories.performance.score),
    accessibility: percent(categories.accessibility.score),
    scriptBytes: scripts?.transferSize ?? 0,
  };
}

/**
 * Puts the guest's sign-in into the browser's storage for `url`'s site and empties its cache. With `check`,
 * first checks that the page at `check.pageUrl` shows `check.shown` (a selector).
 */
async function signInBrowser(chrome, url, login, check) {
  const { chromium } = createRequire(import.meta.url)('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const [context] = browser.contexts();
  const page = await context.newPage();
  // A same-origin answer that loads no page script: its storage is the site's.
  await page.goto(`${url}/web-gateway/health`);
  await page.evaluate(tokensInitScript(login));
  if (check) {
    await page.goto(check.pageUrl);
    await page.locator(check.shown).first().waitFor({ timeout: 15_000 });
  }
  await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
  await page.close();
  // Disconnects (the browser stays): Lighthouse's own connection is then the only one.
  await browser.close();
}

/** Signs in through each signed-in page's link: answers its login and its address, by page. */
async function signInThroughLinks(url, linkPaths) {
  const signedIn = {};
  for (const [path, { phone }] of Object.entries(SIGNED_IN_LINKS)) {
    const guest = await signInThroughGuestLink(url, linkPaths[path], phone);
    const concrete = path === ':inquiry' ? guest.payPath.replace('/messagePayment?', '/inquiry?') : guest.payPath;
    signedIn[path] = { login: guest.login, concrete };
  }
  return signedIn;
}

async function auditCheckout(url, guestLinkPath, signedInLinkPaths) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const signedIn = await signInThroughLinks(url, signedInLinkPaths);
    const rows = [];
    for (const path of PAGES) {
      const guest = signedIn[path];
      for (const formFactor of FORM_FACTORS) {
        const isOnPhone = guest && formFactor.name !== 'desktop';
        const concrete = path === ':link' ? guestLinkPath : (guest?.concrete ?? path);
        const pageUrl = `${url}${isOnPhone ? '/m' : ''}${concrete}`;
        if (guest) await signInBrowser(chrome, url, guest.login, { pageUrl, shown: SHOWN_ON[path] });
        const signIn = guest ? () => signInBrowser(chrome, url, guest.login) : undefined;
        const runs = [];
        for (let run = 0; run < RUNS; run++) {
          runs.push(await audit(chrome, pageUrl, formFactor.config, signIn));
        }
        rows.push({
          path,
          formFactor,
          performance: median(runs.map((r) => r.performance)),
          accessibility: median(runs.map((r) => r.accessibility)),
          scriptBytes: median(runs.map((r) => r.scriptBytes)),
        });
      }
    }
    return rows;
  } finally {
    await chrome.kill();
  }
}

function printScores(checkouts, results) {
  console.log(`\nLighthouse (median of ${RUNS}): performance / accessibility, JavaScript transferred`);
  console.log(['page'.padEnd(20), 'form'.padEnd(11), ...checkouts.map(({ label }) => label.padStart(34))].join(' '));
  results[0].forEach((row, index) => {
    const cells = results.map((rows) => {
      const { performance, accessibility, scriptBytes, formFactor } = rows[index];
      const isMet = performance >= formFactor.performanceTarget && accessibility >= ACCESSIBILITY_TARGET;
      const scores = `${performance ?? '–'} / ${accessibility ?? '–'}`;
      return `${scores}, ${(scriptBytes / 1024).toFixed(0)} KB ${isMet ? 'ok  ' : 'MISS'}`.padStart(34);
    });
    const label = LABELS[row.path] ?? row.path;
    console.log([label.padEnd(20), row.formFactor.name.padEnd(11), ...cells].join(' '));
  });
}

const checkouts = parseCheckouts(process.argv.slice(2));
if (!process.argv.includes('--checkout')) buildWebIfStale();
const scores = [];
const firstLoads = [];
for (const checkout of checkouts) {
  const server = await startPageServer({ port: pageServerPort(), root: checkout.root, distDir: checkout.distDir });
  try {
    const guestLinkPath = await createGuestPayLink({ port: pageServerPort(), root: checkout.root });
    const signedInLinkPaths = {};
    for (const [path, link] of Object.entries(SIGNED_IN_LINKS)) {
      signedInLinkPaths[path] = await createGuestPayLink({ port: pageServerPort(), root: checkout.root, ...link });
    }
    scores.push(await auditCheckout(server.url, guestLinkPath, signedInLinkPaths));
    firstLoads.push(await measureFirstLoad(server.url, guestLinkPath));
  } finally {
    await server.stop();
  }
}
printScores(checkouts, scores);
printFirstLoad(checkouts, firstLoads);
