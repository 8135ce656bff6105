import { describe, expect, it } from 'vitest';
import { hasMemberCookieIn, prerenderedFileOf, prerenderedPathOf } from './prerendered-pages.ts';

describe('prerenderedPathOf', () => {
  it('finds the prerendered path of a bare address, a parameter standing for one segment', () => {
    expect(prerenderedPathOf('/')).toBe('/');
    expect(prerenderedPathOf('/user/login')).toBe('/user/login');
    expect(prerenderedPathOf('/product/1000101')).toBe('/product/:code');
    expect(prerenderedPathOf('/product/%E8%8D%AF')).toBe('/product/:code');
  });

  it('finds none for a query, a trailing slash, an empty or extra segment, or another page', () => {
    for (const url of [
      '/?from=sms',
      '/user/login?backurl=%2Fuser',
      '/product/1000101?from=sms',
      '/user/login/',
      '/product/',
      '/product',
      '/product/1000101/reviews',
      '/user/forget',
      '/user',
    ]) {
      expect(prerenderedPathOf(url), url).toBeUndefined();
    }
  });
});

describe('prerenderedFileOf', () => {
  it('names a file per path, a parameter in brackets', () => {
    expect(prerenderedFileOf('/')).toBe('prerendered/index.html');
    expect(prerenderedFileOf('/user/login')).toBe('prerendered/user/login.html');
    expect(prerenderedFileOf('/product/:code')).toBe('prerendered/product/[code].html');
  });
});

describe('hasMemberCookieIn', () => {
  it('sees the marker among other cookies, and only with the value 1', () => {
    expect(hasMemberCookieIn('theme=dark; anxin_member=1')).toBe(true);
    expect(hasMemberCookieIn('anxin_member=0')).toBe(false);
    expect(hasMemberCookieIn('x_anxin_member=1')).toBe(false);
    expect(hasMemberCookieIn(undefined)).toBe(false);
  });
});
