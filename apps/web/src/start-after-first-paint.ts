// The one script a prerendered page names (build/prerender-plugin.ts; docs/ARCHITECTURE.md, "Scripts after the
// first paint"). The page paints from its HTML and its inline CSS, and its pictures load. Only then are its
// stylesheets and script parts, held in a <template>, added to the page, and the main script (main.tsx) started,
// which hydrates the markup. Until then nothing competes with what the shopper sees first for the phone's
// connection and CPU. It imports nothing, so that it stays one small file.

/** How long the page waits at most (a stalled picture, a tab in the background that does not paint). */
const PAINT_WAIT_MAX_MS = 2000;

const held = document.getElementById('after-first-paint');
if (!(held instanceof HTMLTemplateElement) || !held.dataset.main) {
  throw new Error('the prerendered page holds no #after-first-paint template naming its main script');
}
const mainScript = held.dataset.main;

const afterNextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/** The first paint with content in it, as the browser reports it (a frame later where it reports none). */
const firstContentfulPaint = new Promise((resolve) => {
  if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
    afterNextFrame().then(resolve);
    return;
  }
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    resolve(undefined);
  }).observe({ type: 'paint', buffered: true });
});

const picturesReady = Promise.all(
  [...document.images].filter((image) => image.loading !== 'lazy').map((image) => image.decode().catch(() => {})),
);

const waitedLongEnough = new Promise((resolve) => setTimeout(resolve, PAINT_WAIT_MAX_MS));

Promise.race([Promise.all([firstContentfulPaint, picturesReady]).then(afterNextFrame), waitedLongEnough]).then(() => {
  document.body.append(held.content);
  return import(/* @vite-ignore */ mainScript);
});
