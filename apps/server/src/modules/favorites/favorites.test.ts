import { MSG } from '@anxin/shared/common/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { findMemberByPhone } from '../account/account.module.ts';
import { DEMO_MEMBER, seedDemoMember } from '../account/account.seed.ts';
import { seedDemoFavorites } from './favorites.seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = { authorization: string };
type FavoritePage = {
  content: { id: number; productCode: string; productStatusType: number; prescriptionType: number; jkPrice: number }[];
  totalElements: number;
  totalPages: number;
  page: number;
  size: number;
};
const call = (method: 'GET' | 'POST' | 'DELETE', path: string, headers?: Headers, payload?: unknown) =>
  t.app.inject({ method, url: `/web-gateway${path}`, headers, payload: payload as object });
const favorite = (headers: Headers, productCode: unknown) => call('POST', '/v2/favorites', headers, { productCode });
async function list(headers: Headers, query = '') {
  const reply = await call('GET', `/v2/favorites${query}`, headers);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as FavoritePage;
}
const counts = async (headers: Headers) => (await call('GET', '/v2/member/counts', headers)).json().favorites;

describe('signed out', () => {
  it.each([
    ['GET', '/v2/favorites'],
    ['GET', '/v2/favorites/lookup?productCodes=1000101'],
    ['POST', '/v2/favorites'],
    ['DELETE', '/v2/favorites/1'],
  ] as const)('%s %s answers 401', async (method, path) => {
    const reply = await call(method, path, undefined, method === 'POST' ? { productCode: '1000101' } : undefined);
    expect(reply.statusCode).toBe(401);
    expect(reply.json().message).toBe(MSG.notSignedIn);
  });
});

describe('favourites', () => {
  it('keeps a product once, lists it with the product as it is now, 4 a page, newest first', async () => {
    const { headers } = await t.createSignedInMember();
    const codes = ['1000101', '1000401', '1000109', '1000102', '1000702'];
    for (const code of codes) {
      const reply = await favorite(headers, code);
      expect(reply.statusCode, reply.body).toBe(201);
      t.clock.advanceMinutes(1);
    }
    const first = await list(headers);
    expect(first).toMatchObject({ totalElements: 5, totalPages: 2, page: 1, size: 4 });
    expect(first.content.map((item) => item.productCode)).toEqual(['1000702', '1000102', '1000109', '1000401']);
    // 1000109 is out of stock (4: 到货通知), 1000401 a prescription product in stock (2, type 4).
    expect(first.content[2]).toMatchObject({ productStatusType: 4, prescriptionType: 2 });
    expect(first.content[3]).toMatchObject({ productStatusType: 2, prescriptionType: 4, jkPrice: expect.any(Number) });
    const second = await list(headers, '?page=2');
    expect(second.content.map((item) => item.productCode)).toEqual(['1000101']);
    expect(await counts(headers)).toBe(5);
  });

  it('a second 收藏 of the same product is the same favourite (also two at once)', async () => {
    const { headers } = await t.createSignedInMember();
    const created = await favorite(headers, '1000103');
    expect(created.statusCode).toBe(201);
    const again = await favorite(headers, '1000103');
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(created.json().id);
    const parallel = await Promise.all([favorite(headers, '1000104'), favorite(headers, '1000104')]);
    expect(parallel.map((reply) => reply.statusCode).sort()).toEqual([200, 201]);
    expect(parallel[0].json().id).toBe(parallel[1].json().id);
    expect((await list(headers)).totalElements).toBe(2);
  });

  it('refuses bad input and unknown products, changing nothing', async () => {
    const { headers } = await t.createSignedInMember();
    for (const bad of ['', 'abc', '12345678', 1000101, null]) {
      const reply = await favorite(headers, bad);
      expect(reply.statusCode, String(bad)).toBe(400);
      expect(reply.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await favorite(headers, '1000101')).statusCode).toBe(201);
    const unknown = await favorite(headers, '9999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.notFound);
    for (const query of ['?page=0', '?page=x', '?size=0', '?size=51']) {
      expect((await call('GET', `/v2/favorites${query}`, headers)).statusCode, query).toBe(400);
    }
    expect((await call('DELETE', '/v2/favorites/abc', headers)).statusCode).toBe(400);
    expect((await call('GET', '/v2/favorites/lookup?productCodes=x', headers)).statusCode).toBe(400);
    expect((await list(headers)).totalElements).toBe(1);
  });

  it('取消收藏 removes the member’s own; another member’s favourite is 404 and stays', async () => {
    const owner = await t.createSignedInMember();
    const other = await t.createSignedInMember();
    const kept = (await favorite(owner.headers, '1000105')).json();
    const foreign = await call('DELETE', `/v2/favorites/${kept.id}`, other.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(MSG.notFound);
    expect((await list(owner.headers)).totalElements).toBe(1);
    expect((await call('DELETE', `/v2/favorites/${kept.id}`, owner.headers)).statusCode).toBe(204);
    expect((await call('DELETE', `/v2/favorites/${kept.id}`, owner.headers)).statusCode).toBe(404);
    expect((await list(owner.headers)).totalElements).toBe(0);
    expect(await counts(owner.headers)).toBe(0);
  });

  it('the hearts’ lookup answers only the member’s own favourites among the codes asked', async () => {
    const owner = await t.createSignedInMember();
    const other = await t.createSignedInMember();
    const kept = (await favorite(owner.headers, '1000106')).json();
    await favorite(other.headers, '1000107');
    const reply = await call('GET', '/v2/favorites/lookup?productCodes=1000106,1000107,1000108', owner.headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ favorites: [{ id: kept.id, productCode: '1000106' }] });
  });

  it('the demo member keeps more than 4, with both stock states', async () => {
    await seedDemoMember(t.db, t.clock);
    await seedDemoFavorites(t.db, t.clock);
    await seedDemoFavorites(t.db, t.clock);
    const demo = await findMemberByPhone(t.db, DEMO_MEMBER.phone);
    const headers = { authorization: (await t.signIn(demo?.id as number)).authorization };
    const page = await list(headers, '?size=50');
    expect(page.totalElements).toBeGreaterThan(4);
    expect(new Set(page.content.map((item) => item.productStatusType))).toEqual(new Set([2, 4]));
  });
});
