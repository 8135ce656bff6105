import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './test/build-test-app.ts';
import { buildTestAppWithSite } from './test/built-site.ts';

const SCRIPT = `export const greeting = ${JSON.stringify('安心大药房 '.repeat(200))};\n`;
const PAGE = `<!doctype html><html lang="zh-CN"><head><title>安心大药房</title></head><body>${'<div></div>'.repeat(100)}</body></html>`;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestAppWithSite({ 'index.html': PAGE, 'assets/main-abc123.js': SCRIPT });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('built pages, compressed at build time', () => {
  it('sends a script as brotli to a browser that accepts it, with the immutable cache', async () => {
    const reply = await get('/assets/main-abc123.js', 'gzip, deflate, br, zstd');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toMatch(/javascript/);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(reply.rawPayload).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip, then to the file itself', async () => {
    const gzipped = await get('/assets/main-abc123.js', 'gzip, deflate');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/main-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends a script with only the headers a script needs; the page keeps every security header', async () => {
    const script = await get('/assets/main-abc123.js', 'br');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const documentOnly of [
      'content-security-policy',
      'x-frame-options',
      'strict-transport-security',
      'referrer-policy',
      'x-request-id',
      'etag',
      'last-modified',
    ])
      expect(script.headers[documentOnly], documentOnly).toBeUndefined();
    // Each of the twenty-odd scripts of a first visit used to carry about 1 KB of headers.
    expect(JSON.stringify(script.headers).length).toBeLessThan(400);

    const page = await get('/user/login', 'br');
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/);
    expect(page.headers['x-frame-options']).toBeDefined();
    expect(page.headers['strict-transport-security']).toBeDefined();
  });

  it('answers a missing script with 404, not with the page', async () => {
    const reply = await get('/assets/main-gone99.js', 'br');
    expect(reply.statusCode).toBe(404);
    expect(reply.headers['content-type']).not.toMatch(/text\/html/);
  });

  it('compresses the page of every client-side route', async () => {
    for (const url of ['/', '/user/login']) {
      const reply = await get(url, 'br');
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-encoding']).toBe('br');
      expect(reply.headers['content-type']).toMatch(/text\/html/);
      expect(brotliDecompressSync(reply.rawPayload).toString()).toBe(PAGE);
    }
  });
});

describe('API replies', () => {
  const search = `/web-gateway/v2/products/search?keyword=${encodeURIComponent('感冒')}&page=1&size=20`;

  it('compresses a reply of 1 KB and more for a browser that accepts it', async () => {
    const plain = await get(search);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const brotli = await get(search, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());

    const gzipped = await get(search, 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a small reply as it is', async () => {
    const reply = await get('/web-gateway/health', 'gzip, deflate, br');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBeUndefined();
  });

  it('never inflates a compressed request body', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/web-gateway/v2/captcha/sms/tickets',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ phoneNum: '13800138000', purpose: 'login' })),
    });
    expect(reply.statusCode).toBe(400);
  });
});
