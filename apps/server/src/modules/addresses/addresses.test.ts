import { MSG } from '@anxin/shared/common/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { seedDemoMember } from '../account/account.seed.ts';
import { deliveryAddresses } from './addresses.schema.ts';
import { seedDemoAddresses } from './addresses.seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = { authorization: string };
type Body = Record<string, unknown>;

/** 广东省 深圳市 南山区 南头街道: a full 4-level chain. */
const SHENZHEN = { provinceCode: '44', cityCode: '4403', regionCode: '440305', streetCode: '440305001' };
/** 北京市 市辖区 东城区 东华门街道: a municipality, whose city level is 市辖区. */
const BEIJING = { provinceCode: '11', cityCode: '1101', regionCode: '110101', streetCode: '110101001' };

const validBody = (overrides: Body = {}): Body => ({
  consignee: '张三',
  consigneePhone2: '13912345678',
  consigneePhone1: '0755-86001234',
  ...SHENZHEN,
  customArea: '科技园南区深南大道10000号',
  zipCode: '518000',
  isDefault: false,
  ...overrides,
});

const url = (path = '') => `/web-gateway/v2/deliveryAddresses${path}`;
const create = (headers: Headers, payload: Body) => t.app.inject({ method: 'POST', url: url(), headers, payload });
const update = (headers: Headers, id: number, payload: Body) =>
  t.app.inject({ method: 'PUT', url: url(`/${id}`), headers, payload });
const remove = (headers: Headers, id: number) => t.app.inject({ method: 'DELETE', url: url(`/${id}`), headers });
const makeDefault = (headers: Headers, id: number) =>
  t.app.inject({ method: 'PUT', url: url(`/${id}/default`), headers });
const list = async (headers: Headers) => {
  const reply = await t.app.inject({ method: 'GET', url: url(), headers });
  expect(reply.statusCode).toBe(200);
  return reply.json() as { id: number; isDefault: boolean; consignee: string }[];
};

async function createOk(headers: Headers, overrides: Body = {}) {
  const reply = await create(headers, validBody(overrides));
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json() as { id: number; isDefault: boolean };
}

const rowsOf = (memberId: number) =>
  t.db.select().from(deliveryAddresses).where(eq(deliveryAddresses.memberId, memberId));
const rowOf = async (id: number) =>
  (await t.db.select().from(deliveryAddresses).where(eq(deliveryAddresses.id, id)))[0];
const defaultsOf = (memberId: number) =>
  t.db
    .select()
    .from(deliveryAddresses)
    .where(and(eq(deliveryAddresses.memberId, memberId), eq(deliveryAddresses.isDefault, true)));

describe('signed-out', () => {
  it.each([
    ['GET', url()],
    ['POST', url()],
    ['GET', url('/1001')],
    ['PUT', url('/1001')],
    ['DELETE', url('/1001')],
    ['PUT', url('/1001/default')],
  ] as const)('%s %s answers 401', async (method, path) => {
    const reply = await t.app.inject({ method, url: path, payload: method === 'POST' ? validBody() : undefined });
    expect(reply.statusCode).toBe(401);
    expect(reply.json().message).toBe(MSG.notSignedIn);
  });
});

describe('create and read', () => {
  it('creates the first address as the default, with names from the tree and masked phones', async () => {
    const { member, headers } = await t.createSignedInMember();
    const reply = await create(headers, validBody());
    expect(reply.statusCode).toBe(201);
    const address = reply.json();
    expect(address).toMatchObject({
      consignee: '张三',
      consigneePhone2: '139****5678',
      consigneePhone1: '0755-****1234',
      provinceName: '广东省',
      cityName: '深圳市',
      regionName: '南山区',
      streetName: '南头街道',
      customArea: '科技园南区深南大道10000号',
      deliveryAddress: '广东省深圳市南山区南头街道科技园南区深南大道10000号',
      zipCode: '518000',
      isDefault: true,
    });
    const [row] = await rowsOf(member.id);
    expect(row).toMatchObject({ consigneePhone2: '13912345678', consigneePhone1: '0755-86001234', isDefault: true });

    const one = await t.app.inject({ method: 'GET', url: url(`/${address.id}`), headers });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(address);
  });

  it('ignores names the page sends and leaves the placeholder city out of the one-line address', async () => {
    const { headers } = await t.createSignedInMember();
    const address = (
      await create(
        headers,
        validBody({ ...BEIJING, provinceName: '假省', cityName: '假市', customArea: '东华门大街1号' }),
      )
    ).json();
    expect(address).toMatchObject({ provinceName: '北京市', cityName: '市辖区', regionName: '东城区' });
    expect(address.deliveryAddress).toBe('北京市东城区东华门街道东华门大街1号');
  });

  it('takes province and city alone (district and street are optional), a dash-only landline and no zip', async () => {
    const { member, headers } = await t.createSignedInMember();
    const address = (
      await create(
        headers,
        validBody({ regionCode: '', streetCode: null, consigneePhone1: '-', zipCode: '', consignee: 'Tom' }),
      )
    ).json();
    expect(address).toMatchObject({
      regionCode: null,
      regionName: null,
      streetCode: null,
      consigneePhone1: null,
      zipCode: null,
      consignee: 'Tom',
    });
    const [row] = await rowsOf(member.id);
    expect(row.consigneePhone1).toBeNull();
  });

  it('accepts the limits exactly: 10-letter consignee, 50-character detail, 4+8 landline', async () => {
    const { headers } = await t.createSignedInMember();
    const reply = await create(
      headers,
      validBody({ consignee: 'Abcdefghij', customArea: '号'.repeat(50), consigneePhone1: '0755-12345678' }),
    );
    expect(reply.statusCode).toBe(201);
    expect(reply.json().consigneePhone1).toBe('0755-****5678');
  });

  it('lists the default first, then the newest', async () => {
    const { headers } = await t.createSignedInMember();
    const first = await createOk(headers, { consignee: '甲甲' });
    t.clock.advanceMinutes(1);
    const second = await createOk(headers, { consignee: '乙乙' });
    t.clock.advanceMinutes(1);
    const third = await createOk(headers, { consignee: '丙丙' });
    expect((await list(headers)).map((a) => a.id)).toEqual([first.id, third.id, second.id]);
    expect((await list(headers)).map((a) => a.isDefault)).toEqual([true, false, false]);
  });

  it('a new address marked default takes the mark from the old one', async () => {
    const { member, headers } = await t.createSignedInMember();
    await createOk(headers);
    const second = await createOk(headers, { isDefault: true });
    expect(second.isDefault).toBe(true);
    const defaults = await defaultsOf(member.id);
    expect(defaults.map((row) => row.id)).toEqual([second.id]);
  });
});

describe('bad input writes nothing', () => {
  const cases: [string, Body, string, string][] = [
    ['no consignee', { consignee: undefined }, 'consignee', MSG.consigneeEmpty],
    ['blank consignee', { consignee: '  ' }, 'consignee', MSG.consigneeEmpty],
    ['1-letter consignee', { consignee: '张' }, 'consignee', MSG.consigneeMalformed],
    ['11-letter consignee', { consignee: 'Abcdefghijk' }, 'consignee', MSG.consigneeMalformed],
    ['consignee with a digit', { consignee: '张三1' }, 'consignee', MSG.consigneeMalformed],
    ['consignee with a space', { consignee: '张 三' }, 'consignee', MSG.consigneeMalformed],
    ['consignee with markup', { consignee: '<b>张三</b>' }, 'consignee', MSG.consigneeMalformed],
    ['no mobile', { consigneePhone2: undefined }, 'consigneePhone2', MSG.phoneEmpty],
    ['empty mobile', { consigneePhone2: '' }, 'consigneePhone2', MSG.phoneEmpty],
    ['mobile starting 12', { consigneePhone2: '12912345678' }, 'consigneePhone2', MSG.phoneMalformed],
    ['12-digit mobile', { consigneePhone2: '139123456789' }, 'consigneePhone2', MSG.phoneMalformed],
    ['masked mobile on create', { consigneePhone2: '139****5678' }, 'consigneePhone2', MSG.phoneMalformed],
    ['landline without dash', { consigneePhone1: '075586001234' }, 'consigneePhone1', MSG.landlineMalformed],
    ['5-digit area code', { consigneePhone1: '07555-8600123' }, 'consigneePhone1', MSG.landlineMalformed],
    ['9-digit number', { consigneePhone1: '0755-860012345' }, 'consigneePhone1', MSG.landlineMalformed],
    ['area code only', { consigneePhone1: '0755-' }, 'consigneePhone1', MSG.landlineMalformed],
    ['letters in landline', { consigneePhone1: '0755-8600abcd' }, 'consigneePhone1', MSG.landlineMalformed],
    ['masked landline on create', { consigneePhone1: '0755-****1234' }, 'consigneePhone1', MSG.landlineMalformed],
    ['no province', { provinceCode: undefined }, 'provinceCode', MSG.provinceRequired],
    ['empty province', { provinceCode: '' }, 'provinceCode', MSG.provinceRequired],
    ['unknown province', { provinceCode: '99' }, 'provinceCode', MSG.provinceRequired],
    ['no city', { cityCode: undefined }, 'cityCode', MSG.cityRequired],
    ['city of another province', { cityCode: '1101' }, 'cityCode', MSG.cityRequired],
    ['city code of the wrong length', { cityCode: '44030' }, 'cityCode', MSG.cityRequired],
    ['district of another city', { regionCode: '110101' }, 'regionCode', MSG.regionInvalid],
    ['district code of the wrong length', { regionCode: '4403' }, 'regionCode', MSG.regionInvalid],
    ['street of another district', { streetCode: '440303001' }, 'streetCode', MSG.regionInvalid],
    ['street without district', { regionCode: '' }, 'regionCode', MSG.regionInvalid],
    ['unknown street', { streetCode: '440305999' }, 'streetCode', MSG.regionInvalid],
    ['no detail', { customArea: undefined }, 'customArea', MSG.detailAddressEmpty],
    ['blank detail', { customArea: '   ' }, 'customArea', MSG.detailAddressEmpty],
    ['51-character detail', { customArea: '号'.repeat(51) }, 'customArea', MSG.detailAddressTooLong],
    ['5-digit zip code', { zipCode: '51800' }, 'zipCode', MSG.zipCodeMalformed],
    ['zip code with letters', { zipCode: '51800a' }, 'zipCode', MSG.zipCodeMalformed],
    ['isDefault as text', { isDefault: 'yes' }, 'isDefault', MSG.badRequest],
  ];

  it.each(cases)('create: %s', async (_name, overrides, field, message) => {
    const { member, headers } = await t.createSignedInMember();
    const reply = await create(headers, validBody(overrides));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(message);
    expect(reply.json().fields).toContainEqual({ field, message });
    expect(await rowsOf(member.id)).toHaveLength(0);
  });

  // On edit the masked forms are what the reply showed: accepted (see "edit" below).
  const editCases = cases.filter(([name]) => !name.endsWith('on create'));

  it.each(editCases)('edit: %s', async (_name, overrides, field, message) => {
    const { headers } = await t.createSignedInMember();
    const { id } = await createOk(headers);
    const before = await rowOf(id);
    const reply = await update(headers, id, validBody({ consignee: '李四', ...overrides }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fields).toContainEqual({ field, message });
    expect(await rowOf(id)).toEqual(before);
  });

  it('a body that is not JSON object is refused', async () => {
    const { member, headers } = await t.createSignedInMember();
    const reply = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '"just a string"',
    });
    expect(reply.statusCode).toBe(400);
    expect(await rowsOf(member.id)).toHaveLength(0);
  });
});

describe('edit', () => {
  it('changes the fields and keeps stored phones when their masked forms come back unchanged', async () => {
    const { headers } = await t.createSignedInMember();
    const created = (await create(headers, validBody())).json();
    const reply = await update(headers, created.id, {
      ...validBody(BEIJING),
      consignee: '李四',
      consigneePhone2: created.consigneePhone2,
      consigneePhone1: created.consigneePhone1,
      customArea: '东华门大街2号',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ consignee: '李四', provinceName: '北京市', consigneePhone2: '139****5678' });
    const row = await rowOf(created.id);
    expect(row).toMatchObject({
      consigneePhone2: '13912345678',
      consigneePhone1: '0755-86001234',
      regionCode: '110101',
    });
  });

  it('replaces phones with new values and clears the landline with a lone dash', async () => {
    const { headers } = await t.createSignedInMember();
    const { id } = await createOk(headers);
    const reply = await update(headers, id, validBody({ consigneePhone2: '13700001111', consigneePhone1: '-' }));
    expect(reply.statusCode).toBe(200);
    expect(await rowOf(id)).toMatchObject({ consigneePhone2: '13700001111', consigneePhone1: null });
  });

  it.each([
    [
      'a masked mobile that is not the stored one',
      { consigneePhone2: '139****0000' },
      'consigneePhone2',
      MSG.phoneMalformed,
    ],
    [
      'a masked landline that is not the stored one',
      { consigneePhone1: '0755-****9999' },
      'consigneePhone1',
      MSG.landlineMalformed,
    ],
  ])('refuses %s', async (_name, overrides, field, message) => {
    const { headers } = await t.createSignedInMember();
    const { id } = await createOk(headers);
    const before = await rowOf(id);
    const reply = await update(headers, id, validBody(overrides));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fields).toContainEqual({ field, message });
    expect(await rowOf(id)).toEqual(before);
  });

  it('refuses a masked landline when none is stored', async () => {
    const { headers } = await t.createSignedInMember();
    const { id } = await createOk(headers, { consigneePhone1: '' });
    const reply = await update(headers, id, validBody({ consigneePhone1: '0755-****1234' }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(MSG.landlineMalformed);
  });

  it('isDefault true moves the mark; false on the default keeps it (there is always one)', async () => {
    const { member, headers } = await t.createSignedInMember();
    const first = await createOk(headers);
    const second = await createOk(headers);
    expect((await update(headers, first.id, validBody({ isDefault: false }))).json().isDefault).toBe(true);
    expect((await update(headers, second.id, validBody({ isDefault: true }))).json().isDefault).toBe(true);
    expect((await defaultsOf(member.id)).map((row) => row.id)).toEqual([second.id]);
  });
});

describe('delete and default', () => {
  it('deletes an address that is not the default; the default stays', async () => {
    const { member, headers } = await t.createSignedInMember();
    const first = await createOk(headers);
    const second = await createOk(headers);
    const reply = await remove(headers, second.id);
    expect(reply.statusCode).toBe(204);
    expect((await rowsOf(member.id)).map((row) => [row.id, row.isDefault])).toEqual([[first.id, true]]);
  });

  it('deleting the default makes the newest remaining address the default; the last one leaves none', async () => {
    const { member, headers } = await t.createSignedInMember();
    const oldest = await createOk(headers);
    t.clock.advanceMinutes(1);
    const newest = await createOk(headers);
    t.clock.advanceMinutes(1);
    // Created last, but dated before the others: "newest" goes by creation time, not by id.
    const backdated = await createOk(headers);
    const yesterday = new Date(t.clock.now().getTime() - 86_400_000);
    await t.db.update(deliveryAddresses).set({ createdAt: yesterday }).where(eq(deliveryAddresses.id, backdated.id));
    expect((await remove(headers, oldest.id)).statusCode).toBe(204);
    expect((await defaultsOf(member.id)).map((row) => row.id)).toEqual([newest.id]);
    expect((await remove(headers, newest.id)).statusCode).toBe(204);
    expect((await defaultsOf(member.id)).map((row) => row.id)).toEqual([backdated.id]);
    expect((await remove(headers, backdated.id)).statusCode).toBe(204);
    expect(await rowsOf(member.id)).toHaveLength(0);
    expect(await list(headers)).toEqual([]);
  });

  it('sets the default: one address carries the mark', async () => {
    const { member, headers } = await t.createSignedInMember();
    await createOk(headers);
    const second = await createOk(headers);
    const reply = await makeDefault(headers, second.id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ id: second.id, isDefault: true });
    expect((await defaultsOf(member.id)).map((row) => row.id)).toEqual([second.id]);
    // Again: nothing changes.
    expect((await makeDefault(headers, second.id)).statusCode).toBe(200);
    expect((await defaultsOf(member.id)).map((row) => row.id)).toEqual([second.id]);
    expect((await list(headers))[0].id).toBe(second.id);
  });

  it('the database refuses a second default whatever the code does', async () => {
    const { member, headers } = await t.createSignedInMember();
    await createOk(headers);
    const second = await createOk(headers);
    await expect(
      t.db.update(deliveryAddresses).set({ isDefault: true }).where(eq(deliveryAddresses.id, second.id)),
    ).rejects.toThrow();
    expect(await defaultsOf(member.id)).toHaveLength(1);
  });
});

describe('another member’s address is not found', () => {
  it('answers 404 on read, edit, delete and set-default and changes nothing', async () => {
    const owner = await t.createSignedInMember();
    const other = await t.createSignedInMember();
    await createOk(owner.headers);
    const { id } = await createOk(owner.headers);
    const before = await rowsOf(owner.member.id);
    const replies = [
      await t.app.inject({ method: 'GET', url: url(`/${id}`), headers: other.headers }),
      await update(other.headers, id, validBody({ consignee: '王五' })),
      await remove(other.headers, id),
      await makeDefault(other.headers, id),
    ];
    for (const reply of replies) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json().message).toBe(MSG.notFound);
    }
    expect(await rowsOf(owner.member.id)).toEqual(before);
    expect(await list(other.headers)).toEqual([]);
  });

  it.each(['999999999', 'abc', '0', '-1', '1.5', '99999999999999999999'])('id %s answers 404', async (id) => {
    const { headers } = await t.createSignedInMember();
    const reply = await t.app.inject({ method: 'GET', url: url(`/${id}`), headers });
    expect(reply.statusCode).toBe(404);
  });
});

describe('limits under concurrency', () => {
  it('refuses the 21st address', async () => {
    const { member, headers } = await t.createSignedInMember();
    for (let index = 0; index < 20; index += 1) await createOk(headers);
    const reply = await create(headers, validBody());
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(MSG.addressLimit);
    expect(await rowsOf(member.id)).toHaveLength(20);
    // After a delete there is room for one again.
    const [last] = await list(headers);
    expect((await remove(headers, last.id)).statusCode).toBe(204);
    expect((await create(headers, validBody())).statusCode).toBe(201);
  });

  it('25 parallel creations: exactly 20 are stored and exactly one is the default', async () => {
    const { member, headers } = await t.createSignedInMember();
    const replies = await Promise.all(
      Array.from({ length: 25 }, (_, index) => create(headers, validBody({ isDefault: index % 2 === 0 }))),
    );
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    for (const reply of replies.filter((r) => r.statusCode === 400))
      expect(reply.json().message).toBe(MSG.addressLimit);
    expect(await rowsOf(member.id)).toHaveLength(20);
    expect(await defaultsOf(member.id)).toHaveLength(1);
  });

  it('20 parallel creations of a new member all marked default: one default', async () => {
    const { member, headers } = await t.createSignedInMember();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => create(headers, validBody({ isDefault: true }))),
    );
    expect(replies.every((reply) => reply.statusCode === 201)).toBe(true);
    expect(await defaultsOf(member.id)).toHaveLength(1);
  });

  it('20 parallel set-default calls on 20 addresses: one default', async () => {
    const { member, headers } = await t.createSignedInMember();
    for (let index = 0; index < 20; index += 1) await createOk(headers);
    const ids = (await rowsOf(member.id)).map((row) => row.id);
    const replies = await Promise.all(ids.map((id) => makeDefault(headers, id)));
    expect(replies.every((reply) => reply.statusCode === 200)).toBe(true);
    expect(await defaultsOf(member.id)).toHaveLength(1);
  });

  it('parallel deletes of the default and others: one default remains while addresses remain', async () => {
    const { member, headers } = await t.createSignedInMember();
    for (let index = 0; index < 8; index += 1) await createOk(headers);
    const rows = await rowsOf(member.id);
    const doomed = rows.filter((row) => row.isDefault).concat(rows.filter((row) => !row.isDefault).slice(0, 4));
    const replies = await Promise.all(doomed.map((row) => remove(headers, row.id)));
    expect(replies.every((reply) => reply.statusCode === 204)).toBe(true);
    expect(await rowsOf(member.id)).toHaveLength(3);
    expect(await defaultsOf(member.id)).toHaveLength(1);
  });
});

describe('demo data', () => {
  it('gives the demo member five addresses in four provinces, one default, one landline; a second run adds nothing', async () => {
    const demo = await seedDemoMember(t.db, t.clock);
    await seedDemoAddresses(t.db, t.clock);
    await seedDemoAddresses(t.db, t.clock);
    const rows = await rowsOf(demo.id);
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((row) => row.provinceCode)).size).toBeGreaterThanOrEqual(4);
    expect(rows.filter((row) => row.isDefault)).toHaveLength(1);
    expect(rows.filter((row) => row.consigneePhone1)).toHaveLength(1);
    const { authorization } = await t.signIn(demo.id);
    const listed = await list({ authorization });
    expect(listed[0]).toMatchObject({
      isDefault: true,
      deliveryAddress: expect.stringContaining('广东省深圳市南山区'),
    });
  });
});
