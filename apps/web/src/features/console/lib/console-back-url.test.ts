import { describe, expect, it } from 'vitest';
import { consoleBackUrl, consoleLoginUrl } from './console-back-url.ts';

describe('consoleBackUrl', () => {
  it('follows a page of the console', () => {
    expect(consoleBackUrl('/admin/orders?status=2')).toBe('/admin/orders?status=2');
  });

  it('goes to the console home for anything else', () => {
    for (const back of [null, '', '/user', '//evil.example/admin', 'https://evil.example/admin', '/admin/login']) {
      expect(consoleBackUrl(back)).toBe('/admin');
    }
  });
});

describe('consoleLoginUrl', () => {
  it('names the page to come back to, except the home', () => {
    expect(consoleLoginUrl('/admin/rx/O1')).toBe('/admin/login?back=%2Fadmin%2Frx%2FO1');
    expect(consoleLoginUrl('/admin')).toBe('/admin/login');
  });
});
