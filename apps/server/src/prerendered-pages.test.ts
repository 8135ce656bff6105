import { brotliDecompressSync } from 'node:zlib';
import { PRERENDERED_PATHS, prerenderedFileOf } from '@anxin/shared/common/prerendered-pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './test/build-test-app.ts';
import { buildTestAppWithSite } from './test/built-site.ts';

const EMPTY_PAGE = '<!doctype html><html><body><div id="root"></div></body></html>';
// The guest link's own page (guest.html): its own script.
const GUEST_PAGE =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/guest.js"></script></body></html>';
const prerenderedPage = (path: string) =>
  `<!doctype html><html><body><div id="root">page of ${path}</div></body></html>`;
// The product page's frame, as the build renders it: the product's picture with a placeholder for its code.
const PRODUCT_FRAME =
  '<!doctype html><html><body><div id="root"><img src="/web-gateway/v2/products/__code__/image.svg"></div></body></html>';
// An order's frame, for a member: the order's code in its links.
const ORDER_FRAME =
  '<!doctype html><html><body><div id="root"><a href="/user/order/detail/__id__"></a></div></body></html>';

let t: TestApp;
beforeAll(async () => {
  // The build's prerendered pages, and one file where a page that is not prerendered would have it.
  t = await buildTestAppWithSite({
    'index.html': EMPTY_PAGE,
    'guest.html': GUEST_PAGE,
    ...Object.fromEntries(PRERENDERED_PATHS.map((path) => [prerenderedFileOf(path), prerenderedPage(path)])),
    [prerenderedFileOf('/product/:code')]: PRODUCT_FRAME,
    [prerenderedFileOf('/user/order/detail/:id')]: ORDER_FRAME,
    'prerendered/user/forget.html': prerenderedPage('/user/forget'),
  });
});
afterAll(async () => {
  await t?.close();
});

const getPage = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('prerendered pages', () => {
  it('sends a visitor the prerendered markup of /, /user/login and /user/register', async () => {
    for (const path of ['/', '/user/login', '/user/register']) {
      const reply = await getPage(path);
      expect(reply.statusCode, path).toBe(200);
      expect(reply.headers['content-type']).toMatch(/text\/html/);
      expect(reply.body, path).toBe(prerenderedPage(path));
      // The same address answers a member differently: no cache may hand one's page to the other.
      expect(reply.headers.vary).toMatch(/cookie/i);
      expect(reply.headers['cache-control']).toBe('no-cache');
    }
  });

  it("sends a visitor a product's address the product page's frame, with that product's picture", async () => {
    const reply = await getPage('/product/1000101');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/text\/html/);
    expect(reply.body).toBe(PRODUCT_FRAME.replace('__code__', '1000101'));
    expect(reply.headers.vary).toMatch(/cookie/i);
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect((await getPage('/product/1000101', 'anxin_member=1')).body).toBe(EMPTY_PAGE);
    expect((await getPage('/product/1000101?from=sms')).body).toBe(EMPTY_PAGE);
    expect((await getPage('/product/1000101/')).body).toBe(EMPTY_PAGE);
  });

  it("sends a member the member centre's frames (home, order list, an order's detail), and a visitor index.html there", async () => {
    for (const path of ['/user', '/user/order/mine/all']) {
      const reply = await getPage(path, 'anxin_member=1');
      expect(reply.body, path).toBe(prerenderedPage(path));
      expect(reply.headers.vary).toMatch(/cookie/i);
      expect(reply.headers['cache-control']).toBe('no-cache');
      expect((await getPage(path)).body, path).toBe(EMPTY_PAGE);
    }
    expect((await getPage('/user/order/detail/AX2026', 'anxin_member=1')).body).toBe(
      ORDER_FRAME.replace('__id__', 'AX2026'),
    );
    for (const url of ['/user/order/mine/waitPay', '/user?from=sms', '/user/personal/address', '/']) {
      expect((await getPage(url, 'anxin_member=1')).body, url).toBe(EMPTY_PAGE);
    }
  });

  it('sends the frame compressed as the browser accepts, and as it is to a browser that accepts neither', async () => {
    const filled = PRODUCT_FRAME.replace('__code__', '1000101');
    const get = (encoding: string) =>
      t.app.inject({ method: 'GET', url: '/product/1000101', headers: { 'accept-encoding': encoding } });
    const brotli = await get('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(filled);
    expect((await get('gzip')).headers['content-encoding']).toBe('gzip');
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(filled);
  });

  it('writes no address into the frame that HTML would have to escape: such an address gets the page the script draws', async () => {
    for (const path of [
      '/product/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      "/product/1'onerror='alert(1)",
      '/product/%E8%8D%AF',
    ]) {
      const reply = await getPage(path);
      expect(reply.body, path).toBe(EMPTY_PAGE);
    }
  });

  it("sends the guest link's entry page its frame for a link with a key, on the desktop and under /m/", async () => {
    const desktop = await getPage('/payJianke/entry?key=Yxhp_K2');
    expect(desktop.body).toBe(prerenderedPage('/payJianke/entry'));
    expect(desktop.headers.vary).toMatch(/user-agent/i);
    expect(desktop.headers.vary).toMatch(/cookie/i);
    expect((await getPage('/m/payJianke/entry?key=Yxhp_K2&from=sms')).body).toBe(prerenderedPage('/m/payJianke/entry'));
    expect((await getPage('/payJianke/entry')).body).toBe(GUEST_PAGE);
    expect((await getPage('/m/payJianke/entry?key=')).body).toBe(GUEST_PAGE);
    expect((await getPage('/m/payJianke/entry?key=Yxhp_K2', 'anxin_member=1')).body).toBe(GUEST_PAGE);
  });

  it("sends the guest link's other pages guest.html, their own script, and the site's pages index.html", async () => {
    for (const url of [
      '/m/payJianke/messagePayment?key=Yxhp_K2&consigneePhone=13700001234',
      '/payJianke/messagePayment?key=Yxhp_K2&consigneePhone=13700001234',
      '/m/payJianke/inquiry?key=Yxhp_K2&consigneePhone=13700001234',
      '/m/payJianke/patientInfo/add',
      '/m/timeout',
      '/timeout',
    ]) {
      const reply = await getPage(url);
      expect(reply.statusCode, url).toBe(200);
      expect(reply.body, url).toBe(GUEST_PAGE);
      expect(reply.headers['cache-control'], url).toBe('no-cache');
    }
    for (const url of ['/user/order/detail/AX1', '/m/qr-confirm', '/cart', '/timeouts']) {
      expect((await getPage(url)).body, url).toBe(EMPTY_PAGE);
    }
  });

  it("sends a phone's browser from the guest link's desktop pages to the phone pages, with the link's query", async () => {
    const phones = [
      { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile Safari/537.36' },
      { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0', 'sec-ch-ua-mobile': '?1' },
    ];
    for (const headers of phones) {
      for (const page of ['entry', 'inquiry', 'messagePayment']) {
        const url = `/payJianke/${page}?key=Yxhp_K2&consigneePhone=13700001234`;
        const reply = await t.app.inject({ method: 'GET', url, headers });
        expect(reply.statusCode, url).toBe(302);
        expect(reply.headers.location).toBe(`/m${url}`);
        expect(reply.headers.vary).toMatch(/user-agent/i);
      }
    }
    const desktop = await t.app.inject({
      method: 'GET',
      url: '/payJianke/entry?key=Yxhp_K2',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0', 'sec-ch-ua-mobile': '?0' },
    });
    expect(desktop.statusCode).toBe(200);
  });

  it('sends a member (the marker cookie) the empty page, which the script draws signed in', async () => {
    for (const cookie of ['anxin_member=1', 'theme=dark; anxin_member=1']) {
      const reply = await getPage('/user/login', cookie);
      expect(reply.body, cookie).toBe(EMPTY_PAGE);
    }
    expect((await getPage('/user/login', 'anxin_member=0')).body).toBe(prerenderedPage('/user/login'));
  });

  it('sends the empty page when the address has a query, or is not a prerendered path', async () => {
    expect((await getPage('/user/login?backurl=%2Fuser')).body).toBe(EMPTY_PAGE);
    expect((await getPage('/?from=sms')).body).toBe(EMPTY_PAGE);
    expect((await getPage('/user/forget')).body).toBe(EMPTY_PAGE);
    expect((await getPage('/user/login/')).body).toBe(EMPTY_PAGE);
  });

  it('sends it compressed, with the page security headers', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/user/login', headers: { 'accept-encoding': 'br' } });
    expect(reply.headers['content-encoding']).toBe('br');
    expect(String(reply.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/);
  });
});
