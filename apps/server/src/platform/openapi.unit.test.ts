import { describe, expect, it } from 'vitest';
import { completeOpenApiDocument, operationIdOf } from './openapi.ts';

const TAGS = { orders: 'Orders', 'guest-pay': 'Guest payment links' };

const documentWith = (paths: Record<string, Record<string, Record<string, unknown>>>) => ({
  openapi: '3.0.3',
  info: { title: 'test', version: '1' },
  paths,
});

describe('operationIdOf', () => {
  it('is camelCase from the tag, the method and the path; a path parameter reads "by" it', () => {
    expect(operationIdOf('guest-pay', 'get', '/v2/guest-pay/{key}/binding')).toBe('guestPayGetV2GuestPayByKeyBinding');
    expect(operationIdOf('orders', 'put', '/v3/orders/{id}/platformCancel')).toBe(
      'ordersPutV3OrdersByIdPlatformCancel',
    );
    expect(operationIdOf('auth', 'post', '/passport/account/smsLogin/v2')).toBe('authPostPassportAccountSmsLoginV2');
  });
});

describe('completeOpenApiDocument', () => {
  it('names each operation, describes it by its summary unless it has a description, declares its tags', () => {
    const completed = completeOpenApiDocument(
      documentWith({
        '/v3/orders': { get: { tags: ['orders'], summary: 'The orders' } },
        '/v2/guest-pay/{key}': { get: { tags: ['guest-pay'], summary: 'A link', description: 'The link, in full' } },
      }),
      TAGS,
    );
    expect(completed.paths['/v3/orders']?.get).toMatchObject({
      operationId: 'ordersGetV3Orders',
      description: 'The orders',
    });
    expect(completed.paths['/v2/guest-pay/{key}']?.get).toMatchObject({
      operationId: 'guestPayGetV2GuestPayByKey',
      description: 'The link, in full',
    });
    expect(completed.tags).toEqual([
      { name: 'guest-pay', description: 'Guest payment links' },
      { name: 'orders', description: 'Orders' },
    ]);
  });

  it('refuses two operations that would get the same operationId, naming both', () => {
    const clashing = documentWith({
      '/v2/orders/inquiry/perfectV2': { post: { tags: ['orders'], summary: 'One' } },
      '/v2/orders/inquiry/perfect/v2': { post: { tags: ['orders'], summary: 'Other' } },
    });
    expect(() => completeOpenApiDocument(clashing, TAGS)).toThrow(
      /ordersPostV2OrdersInquiryPerfectV2.*POST \/v2\/orders\/inquiry\/perfectV2.*POST \/v2\/orders\/inquiry\/perfect\/v2/,
    );
  });

  it('refuses an operation without a tag, without a summary or description, or with an undeclared tag', () => {
    expect(() => completeOpenApiDocument(documentWith({ '/a': { get: { summary: 'A' } } }), TAGS)).toThrow(/GET \/a/);
    expect(() => completeOpenApiDocument(documentWith({ '/a': { get: { tags: ['orders'] } } }), TAGS)).toThrow(
      /GET \/a/,
    );
    expect(() =>
      completeOpenApiDocument(documentWith({ '/a': { get: { tags: ['nowhere'], summary: 'A' } } }), TAGS),
    ).toThrow(/nowhere/);
  });
});
