import { MSG } from '@anxin/shared/common/messages';
import type { StaffRole } from '@anxin/shared/staff/staff-roles';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCommand } from '../../ops/commands.ts';
import { smsOutbox } from '../../platform/platform.schema.ts';
import { buildTestApp, type TestApp, uniquePhone } from '../../test/build-test-app.ts';
import { staffAuditLog } from '../audit/audit.module.ts';
import { findProduct } from '../catalogue/catalogue.module.ts';

// 补货到货 and 预约登记 in the console (docs/CONSOLE.md): the stock list with the waiting reservations, restock
// (the arrival SMS through the outbox, counted) and stock-out, each audited; the reservations, phones masked;
// the roles that may and may not.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const API = '/web-gateway/admin';
const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers });
const post = (headers: Headers, url: string) =>
  t.app.inject({ method: 'POST', url: `${API}${url}`, headers, payload: {} });
const book = (headers: Headers, productCode: string, contactMsg: string) =>
  t.app.inject({
    method: 'POST',
    url: '/web-gateway/details/rest/book',
    headers,
    payload: { productCode, contactMsg, registerType: 1 },
  });
const arrivalTexts = (phone: string) =>
  t.db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.phone, phone), like(smsOutbox.content, '%已到货%')));
const auditOf = (productCode: string) =>
  t.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.objectType, 'product'), eq(staffAuditLog.objectId, productCode)));

/** A member's reservation of an out-of-stock product; answers the phone it texts. */
async function givenReservation(productCode: string) {
  const phone = uniquePhone();
  const { headers } = await t.createSignedInMember();
  const reply = await book(headers, productCode, phone);
  expect(reply.statusCode, reply.body).toBe(201);
  return phone;
}

// Out of stock in the catalogue; each test that changes the stock takes its own product.
const PRODUCT = { listing: '1000109', restock: '3000107', stockout: '1000103', reservations: '4000106' };

describe('who may', () => {
  it('stock for operations and admin, reservations for service and admin; 403 otherwise, 401 for a member', async () => {
    // Restock and stock-out of an unknown product: refused before it is looked at, or 404 once allowed.
    const calls: [string, (headers: Headers) => ReturnType<typeof get>][] = [
      ['stock', (headers) => get(headers, '/stock')],
      ['restock', (headers) => post(headers, '/stock/9999999/restock')],
      ['stockout', (headers) => post(headers, '/stock/9999999/stockout')],
      ['reservations', (headers) => get(headers, '/reservations')],
    ];
    const expected: Record<StaffRole, number[]> = {
      operations: [200, 404, 404, 403],
      service: [403, 403, 403, 200],
      admin: [200, 404, 404, 200],
      pharmacist: [403, 403, 403, 403],
      warehouse: [403, 403, 403, 403],
    };
    for (const [role, statuses] of Object.entries(expected) as [StaffRole, number[]][]) {
      const { headers } = await t.signedInStaff([role]);
      for (const [index, [name, call]] of calls.entries()) {
        const reply = await call(headers);
        expect(reply.statusCode, `${role} ${name}`).toBe(statuses[index]);
        if (reply.statusCode === 403) expect(reply.json().message).toBe(MSG.staffForbidden);
      }
    }
    const member = await t.createSignedInMember();
    for (const [name, call] of calls) {
      expect((await call(member.headers)).statusCode, `member ${name}`).toBe(401);
      expect((await call({})).statusCode, `none ${name}`).toBe(401);
    }
    expect(await auditOf('9999999')).toEqual([]);
  });
});

describe('补货到货', () => {
  it('lists products by code or name with their waiting reservations, the most awaited first', async () => {
    await givenReservation(PRODUCT.listing);
    await givenReservation(PRODUCT.listing);
    const { headers } = await t.signedInStaff(['operations']);
    const out = (await get(headers, '/stock?stock=outOfStock')).json();
    expect(out.content[0]).toEqual({
      productCode: PRODUCT.listing,
      name: '康正 复方氨酚烷胺片',
      packing: expect.any(String),
      price: expect.any(Number),
      inStock: false,
      waitingReservations: 2,
    });
    expect(out.content.every((item: { inStock: boolean }) => !item.inStock)).toBe(true);
    const byName = (await get(headers, `/stock?q=${encodeURIComponent('复方氨酚')}`)).json();
    expect(byName.content.map((item: { productCode: string }) => item.productCode)).toEqual([PRODUCT.listing]);
    expect((await get(headers, '/stock?q=10001')).json().totalElements).toBe(9);
    expect((await get(headers, '/stock?q=100%25')).json().totalElements).toBe(0);
    expect((await get(headers, '/stock?stock=sold')).statusCode).toBe(400);
  });

  it('restocks: the waiting phones get one SMS each through the outbox, the reply counts them; audited', async () => {
    const phones = [await givenReservation(PRODUCT.restock), await givenReservation(PRODUCT.restock)];
    const { headers, staff } = await t.signedInStaff(['operations']);
    const restocked = await post(headers, `/stock/${PRODUCT.restock}/restock`);
    expect(restocked.statusCode, restocked.body).toBe(200);
    expect(restocked.json()).toEqual({
      product: expect.objectContaining({ productCode: PRODUCT.restock, inStock: true, waitingReservations: 0 }),
      texted: 2,
      failed: 0,
    });
    for (const phone of phones) expect(await arrivalTexts(phone)).toHaveLength(1);
    expect((await findProduct(t.db, PRODUCT.restock))?.stockStatus).toBe(2);
    // Again: nobody is waiting any more, nobody is texted twice.
    expect((await post(headers, `/stock/${PRODUCT.restock}/restock`)).json().texted).toBe(0);
    for (const phone of phones) expect(await arrivalTexts(phone)).toHaveLength(1);

    const [entry] = await auditOf(PRODUCT.restock);
    expect(entry).toMatchObject({
      action: 'stock.restock',
      actor: staff.loginName,
      roles: ['operations'],
      before: { stock: '缺货' },
      after: { stock: '有货', arrivedReservations: 2 },
    });
  });

  it('marks a product out of stock, audited; the command line’s acts are audited as ops', async () => {
    const { headers } = await t.signedInStaff(['admin']);
    const out = await post(headers, `/stock/${PRODUCT.stockout}/stockout`);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({ productCode: PRODUCT.stockout, inStock: false, waitingReservations: 0 });
    expect((await findProduct(t.db, PRODUCT.stockout))?.stockStatus).toBe(4);
    expect((await post(headers, '/stock/12/stockout')).json().message).toBe(MSG.productCodeMalformed);

    expect((await runOpsCommand(t.opsDeps(), ['restock', PRODUCT.stockout])).ok).toBe(true);
    const entries = await auditOf(PRODUCT.stockout);
    expect(entries.map((entry) => [entry.action, entry.actor, entry.before, entry.after])).toEqual([
      ['stock.stockout', expect.any(String), { stock: '有货' }, { stock: '缺货' }],
      ['stock.restock', 'ops', { stock: '缺货' }, { stock: '有货', arrivedReservations: 0 }],
    ]);
  });
});

describe('预约登记', () => {
  it('lists reservations newest first by product, phone and state, phones masked', async () => {
    const first = await givenReservation(PRODUCT.reservations);
    const second = await givenReservation(PRODUCT.reservations);
    const { headers } = await t.signedInStaff(['service']);
    const listed = (await get(headers, `/reservations?productCode=${PRODUCT.reservations}`)).json();
    expect(listed.content.map((item: { phone: string }) => item.phone)).toEqual([
      `${second.slice(0, 3)}****${second.slice(-4)}`,
      `${first.slice(0, 3)}****${first.slice(-4)}`,
    ]);
    expect(listed.content[0]).toMatchObject({
      productCode: PRODUCT.reservations,
      productName: '青禾 宁夏枸杞原浆',
      state: 'waiting',
      arrivedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(first);
    const byPhone = (await get(headers, `/reservations?phone=${first}`)).json();
    expect(byPhone.content).toHaveLength(1);
    expect((await get(headers, `/reservations?phone=${first}&state=arrived`)).json().content).toEqual([]);
    expect((await get(headers, '/reservations?phone=abc')).statusCode).toBe(400);
  });
});
