import { MSG } from '@anxin/shared/common/messages';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCommand } from '../../ops/commands.ts';
import { smsOutbox } from '../../platform/platform.schema.ts';
import { buildTestApp, type TestApp, uniquePhone } from '../../test/build-test-app.ts';
import { findMemberByPhone } from '../account/account.module.ts';
import { DEMO_MEMBER, seedDemoMember } from '../account/account.seed.ts';
import { findProduct } from '../catalogue/catalogue.module.ts';
import { productReservations } from './reservations.schema.ts';
import { seedDemoReservations } from './reservations.seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = { authorization: string };
type Reservation = {
  id: number;
  productCode: string;
  cellPhone: string;
  isArrival: 0 | 1;
  arrivalDate: string | null;
  productStatusType: number;
  prescriptionType: number;
};
type ReservationPage = {
  content: Reservation[];
  totalElements: number;
  totalPages: number;
  page: number;
  size: number;
};

const call = (method: 'GET' | 'POST' | 'DELETE', path: string, headers?: Headers, payload?: unknown) =>
  t.app.inject({ method, url: `/web-gateway${path}`, headers, payload: payload as object });
const book = (headers: Headers, productCode: unknown, contactMsg: unknown, registerType: unknown = 1) =>
  call('POST', '/details/rest/book', headers, { productCode, contactMsg, registerType });
async function list(headers: Headers, query = '') {
  const reply = await call('GET', `/bookings/productnothings${query}`, headers);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as ReservationPage;
}
const ops = (...argv: string[]) => runOpsCommand(t.opsDeps(), argv);
const arrivalTexts = (phone: string) =>
  t.db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.phone, phone), like(smsOutbox.content, '%已到货%')));

// Products out of stock in the catalogue; each test that restocks takes its own.
const OUT_OF_STOCK = { listing: '1000109', restock: '1000306', parallel: '3000107', race: '4000106' };

describe('signed out', () => {
  it.each([
    ['GET', '/bookings/productnothings'],
    ['POST', '/details/rest/book'],
    ['DELETE', '/bookings/productnothings/1'],
  ] as const)('%s %s answers 401', async (method, path) => {
    const reply = await call(method, path, undefined, method === 'POST' ? {} : undefined);
    expect(reply.statusCode).toBe(401);
  });
});

describe('到货通知', () => {
  it('registers a phone for an out-of-stock product; asking again keeps one open reservation with the new phone', async () => {
    const { headers } = await t.createSignedInMember();
    const created = await book(headers, OUT_OF_STOCK.listing, '13912345678');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      productCode: OUT_OF_STOCK.listing,
      cellPhone: '139****5678',
      isArrival: 0,
      arrivalDate: null,
      productStatusType: 4,
    });
    const again = await book(headers, OUT_OF_STOCK.listing, '13787654321');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: created.json().id, cellPhone: '137****4321' });
    const page = await list(headers);
    expect(page).toMatchObject({ totalElements: 1, totalPages: 1, page: 1, size: 4 });
  });

  it('the prefilled masked phone stands for the member’s own; another masked phone is refused', async () => {
    const phone = uniquePhone();
    const { headers } = await t.createSignedInMember({ phone });
    const masked = `${phone.slice(0, 3)}****${phone.slice(7)}`;
    const foreign = await book(headers, OUT_OF_STOCK.listing, '139****0000');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(MSG.contactPhoneMalformed);
    const own = await book(headers, OUT_OF_STOCK.listing, masked);
    expect(own.statusCode, own.body).toBe(201);
    const [row] = await t.db.select().from(productReservations).where(eq(productReservations.id, own.json().id));
    expect(row?.contactPhone).toBe(phone);
  });

  it('eight bookings at once still make one open reservation', async () => {
    const { headers } = await t.createSignedInMember();
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => book(headers, OUT_OF_STOCK.listing, '13912345678')),
    );
    expect(replies.filter((reply) => reply.statusCode === 201)).toHaveLength(1);
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(7);
    expect((await list(headers)).totalElements).toBe(1);
  });

  it('refuses a bad phone, a bad product code, another register type, an in-stock or unknown product', async () => {
    const { headers } = await t.createSignedInMember();
    for (const phone of ['', '1234', '12345678901', '139123456789', null, 13912345678]) {
      const reply = await book(headers, OUT_OF_STOCK.listing, phone);
      expect(reply.statusCode, String(phone)).toBe(400);
      expect(reply.json().message).toBe(MSG.contactPhoneMalformed);
    }
    expect((await book(headers, 'abc', '13912345678')).statusCode).toBe(400);
    const type = await book(headers, OUT_OF_STOCK.listing, '13912345678', 2);
    expect(type.statusCode).toBe(400);
    expect(type.json().message).toBe(MSG.registerTypeInvalid);
    const inStock = await book(headers, '1000101', '13912345678');
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json().message).toBe(MSG.productInStock);
    expect((await book(headers, '9999999', '13912345678')).statusCode).toBe(404);
    for (const query of ['?page=0', '?size=51', '?size=x']) {
      expect((await call('GET', `/bookings/productnothings${query}`, headers)).statusCode, query).toBe(400);
    }
    expect((await list(headers)).totalElements).toBe(0);
  });

  it('取消登记 removes the member’s own; another member’s is 404 and stays', async () => {
    const owner = await t.createSignedInMember();
    const other = await t.createSignedInMember();
    const { id } = (await book(owner.headers, OUT_OF_STOCK.listing, '13912345678')).json();
    const foreign = await call('DELETE', `/bookings/productnothings/${id}`, other.headers);
    expect(foreign.statusCode).toBe(404);
    expect((await list(owner.headers)).totalElements).toBe(1);
    expect((await call('DELETE', `/bookings/productnothings/${id}`, owner.headers)).statusCode).toBe(204);
    expect((await call('DELETE', `/bookings/productnothings/${id}`, owner.headers)).statusCode).toBe(404);
    expect((await list(owner.headers)).totalElements).toBe(0);
  });
});

describe('restock', () => {
  it('puts the product on sale, marks its open reservations arrived and texts each phone once', async () => {
    const first = await t.createSignedInMember();
    const second = await t.createSignedInMember();
    const phones = [uniquePhone(), uniquePhone()];
    await book(first.headers, OUT_OF_STOCK.restock, phones[0]);
    await book(second.headers, OUT_OF_STOCK.restock, phones[1]);
    const result = await ops('restock', OUT_OF_STOCK.restock);
    expect(result.ok, result.lines.join('\n')).toBe(true);
    expect(result.lines[0]).toContain('2 条到货短信');
    expect((await findProduct(t.db, OUT_OF_STOCK.restock))?.stockStatus).toBe(2);
    const [reservation] = (await list(first.headers)).content;
    expect(reservation).toMatchObject({ isArrival: 1, productStatusType: 2, arrivalDate: expect.any(String) });
    for (const phone of phones) {
      const texts = await arrivalTexts(phone);
      expect(texts).toHaveLength(1);
      expect(texts[0]?.content).toContain(`/product/${OUT_OF_STOCK.restock}`);
    }
    // A second restock texts nobody again; the arrived reservation can still be cancelled.
    expect((await ops('restock', OUT_OF_STOCK.restock)).lines[0]).toContain('0 条到货短信');
    for (const phone of phones) expect(await arrivalTexts(phone)).toHaveLength(1);
    expect((await book(first.headers, OUT_OF_STOCK.restock, phones[0])).statusCode).toBe(409);
    expect((await call('DELETE', `/bookings/productnothings/${reservation?.id}`, first.headers)).statusCode).toBe(204);
  });

  it('two restocks at the same time text each phone exactly once', async () => {
    const phones = [uniquePhone(), uniquePhone(), uniquePhone()];
    for (const phone of phones) {
      const { headers } = await t.createSignedInMember();
      expect((await book(headers, OUT_OF_STOCK.parallel, phone)).statusCode).toBe(201);
    }
    const results = await Promise.all([ops('restock', OUT_OF_STOCK.parallel), ops('restock', OUT_OF_STOCK.parallel)]);
    expect(results.every((result) => result.ok)).toBe(true);
    const sent = results.map((result) => Number(/(\d+) 条到货短信/.exec(result.lines[0] ?? '')?.[1]));
    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(3);
    for (const phone of phones) expect(await arrivalTexts(phone)).toHaveLength(1);
  });

  it('a booking and a restock at the same time: the reservation is texted, or the booking sees the stock', async () => {
    const { headers } = await t.createSignedInMember();
    const phone = uniquePhone();
    const [booked] = await Promise.all([book(headers, OUT_OF_STOCK.race, phone), ops('restock', OUT_OF_STOCK.race)]);
    if (booked.statusCode === 201) {
      expect(await arrivalTexts(phone)).toHaveLength(1);
      expect((await list(headers)).content[0]?.isArrival).toBe(1);
    } else {
      expect(booked.statusCode).toBe(409);
      expect(await arrivalTexts(phone)).toHaveLength(0);
    }
    await ops('stockout', OUT_OF_STOCK.race);
  });

  it('refuses a bad or unknown product code; stockout makes a product reservable again', async () => {
    expect((await ops('restock')).ok).toBe(false);
    expect((await ops('restock', 'abc')).ok).toBe(false);
    const unknown = await ops('restock', '9999999');
    expect(unknown.ok).toBe(false);
    expect(unknown.lines[0]).toContain('404');
    const { headers } = await t.createSignedInMember();
    expect((await book(headers, '1000108', '13912345678')).statusCode).toBe(409);
    expect((await ops('stockout', '1000108')).ok).toBe(true);
    expect((await book(headers, '1000108', '13912345678')).statusCode).toBe(201);
  });
});

describe('demo data', () => {
  it('the demo member has reservations in both states, more than a page', async () => {
    await seedDemoMember(t.db, t.clock);
    await seedDemoReservations(t.db, t.clock);
    await seedDemoReservations(t.db, t.clock);
    const demo = await findMemberByPhone(t.db, DEMO_MEMBER.phone);
    const headers = { authorization: (await t.signIn(demo?.id as number)).authorization };
    const page = await list(headers, '?size=50');
    expect(page.totalElements).toBeGreaterThan(4);
    expect(new Set(page.content.map((item) => item.isArrival))).toEqual(new Set([0, 1]));
  });
});
