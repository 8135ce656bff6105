import { describe, expect, it } from 'vitest';
import {
  hasMemberCookieIn,
  prerenderedFileOf,
  prerenderedLocationOf,
  prerenderedPageOf,
  withParametersFilled,
} from './prerendered-pages.ts';

describe('prerenderedPageOf', () => {
  it('finds the prerendered path of a bare address, with the value of each parameter', () => {
    expect(prerenderedPageOf('/')).toEqual({ path: '/', parameters: {} });
    expect(prerenderedPageOf('/user/login')).toEqual({ path: '/user/login', parameters: {} });
    expect(prerenderedPageOf('/product/1000101')).toEqual({ path: '/product/:code', parameters: { code: '1000101' } });
    expect(prerenderedPageOf('/product/ab_C-9')?.parameters).toEqual({ code: 'ab_C-9' });
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
      expect(prerenderedPageOf(url), url).toBeUndefined();
    }
  });

  it("finds the guest link's entry page (desktop and phone) for a link with a key, whatever else its query holds", () => {
    expect(prerenderedPageOf('/payJianke/entry?key=Yxhp_K2-V')).toEqual({ path: '/payJianke/entry', parameters: {} });
    expect(prerenderedPageOf('/m/payJianke/entry?key=Yxhp&from=sms')?.path).toBe('/m/payJianke/entry');
    for (const url of [
      '/payJianke/entry',
      '/payJianke/entry?key=',
      '/m/payJianke/entry?from=sms',
      '/payJianke/entry/?key=a',
    ]) {
      expect(prerenderedPageOf(url), url).toBeUndefined();
    }
  });

  it("finds a member's frames (the member home, the order list, an order's detail) only for a member", () => {
    expect(prerenderedPageOf('/user', true)).toEqual({ path: '/user', parameters: {} });
    expect(prerenderedPageOf('/user/order/mine/all', true)?.path).toBe('/user/order/mine/all');
    expect(prerenderedPageOf('/user/order/detail/AX2026_1', true)).toEqual({
      path: '/user/order/detail/:id',
      parameters: { id: 'AX2026_1' },
    });
    for (const url of ['/user', '/user/order/mine/all', '/user/order/detail/AX1']) {
      expect(prerenderedPageOf(url), url).toBeUndefined();
    }
    // A member gets no visitor's page, and no frame for another tab, a query or another member page.
    for (const url of [
      '/',
      '/user/login',
      '/product/1000101',
      '/user/order/mine/waitPay',
      '/user?from=sms',
      '/user/order/detail/AX1?from=sms',
      '/user/personal/address',
    ]) {
      expect(prerenderedPageOf(url, true), url).toBeUndefined();
    }
  });

  it('finds none for a parameter HTML or a URL would have to escape (the server writes it into the markup)', () => {
    for (const url of [
      '/product/%E8%8D%AF',
      '/product/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '/product/"><script>alert(1)</script>',
      "/product/1000101'onerror='alert(1)",
      '/product/a&b',
      `/product/${'1'.repeat(65)}`,
    ]) {
      expect(prerenderedPageOf(url), url).toBeUndefined();
    }
  });
});

describe('prerenderedLocationOf and withParametersFilled', () => {
  it('render a parameter as its placeholder, and write the value over it', () => {
    const location = prerenderedLocationOf('/product/:code');
    expect(location).toBe('/product/__code__');
    expect(prerenderedLocationOf('/user/login')).toBe('/user/login');
    expect(prerenderedLocationOf('/m/payJianke/entry')).toBe('/m/payJianke/entry?key=__key__');
    const markup = `<img src="/web-gateway/v2/products/__code__/image.svg"><a href="${location}">`;
    expect(withParametersFilled(markup, { code: '1000101' })).toBe(
      '<img src="/web-gateway/v2/products/1000101/image.svg"><a href="/product/1000101">',
    );
  });

  it('refuses a value that would have to be escaped', () => {
    expect(() => withParametersFilled('__code__', { code: '"><script>' })).toThrow(/:code/);
  });
});

describe('prerenderedFileOf', () => {
  it('names a file per path, a parameter in brackets', () => {
    expect(prerenderedFileOf('/')).toBe('prerendered/index.html');
    expect(prerenderedFileOf('/user/login')).toBe('prerendered/user/login.html');
    expect(prerenderedFileOf('/product/:code')).toBe('prerendered/product/[code].html');
    expect(prerenderedFileOf('/m/payJianke/entry')).toBe('prerendered/m/payJianke/entry.html');
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
