import { describe, expect, it } from 'vitest';
import { buildLoginUrl, isSafeBackUrl, resolveBackUrl } from './safe-back-url.ts';

describe('isSafeBackUrl', () => {
  it.each([
    '/',
    '/user',
    '/user/order/mine/all',
    '/user/order/mine/all?page=2',
    '/search?keyword=%E6%84%9F%E5%86%92',
    '/user/order/detail/123#top',
  ])('accepts the same-origin path %s', (value) => {
    expect(isSafeBackUrl(value)).toBe(true);
  });

  it.each([
    '',
    'user',
    'https://evil.example/user',
    'http://localhost:8080/user',
    '//evil.example',
    '//evil.example/user',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    ' /user',
    '/\t/evil.example',
    '/\n/evil.example',
    'data:text/html,hi',
  ])('rejects %j', (value) => {
    expect(isSafeBackUrl(value)).toBe(false);
  });

  it('rejects values that are not strings', () => {
    expect(isSafeBackUrl(undefined)).toBe(false);
    expect(isSafeBackUrl(null)).toBe(false);
    expect(isSafeBackUrl(['/user'])).toBe(false);
  });
});

describe('resolveBackUrl', () => {
  it('keeps a safe path', () => {
    expect(resolveBackUrl('/user/personal/safe')).toBe('/user/personal/safe');
  });

  it('falls back to the member home, or the given fallback', () => {
    expect(resolveBackUrl('//evil.example')).toBe('/user');
    expect(resolveBackUrl(null)).toBe('/user');
    expect(resolveBackUrl('https://evil.example', '/')).toBe('/');
  });
});

describe('buildLoginUrl', () => {
  it('carries the current path and query as backurl', () => {
    expect(buildLoginUrl('/user/order/mine/all?page=2')).toBe(
      '/user/login?backurl=%2Fuser%2Forder%2Fmine%2Fall%3Fpage%3D2',
    );
  });

  it('drops an unsafe backurl', () => {
    expect(buildLoginUrl('//evil.example')).toBe('/user/login');
    expect(buildLoginUrl()).toBe('/user/login');
  });
});
