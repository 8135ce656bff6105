import { MSG } from '@anxin/shared/common/messages';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loadRegions, readRegionRecords } from './regions.reference.ts';
import { regions } from './regions.schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const getRegions = (query = '') => t.app.inject({ method: 'GET', url: `/web-gateway/v2/regions${query}` });

describe('GET /v2/regions', () => {
  it('answers the 31 provinces without a parentCode, in code order, without signing in', async () => {
    const reply = await getRegions();
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toContain('max-age');
    const provinces = reply.json() as { code: string; name: string; leaf: boolean }[];
    expect(provinces).toHaveLength(31);
    expect(provinces[0]).toEqual({ code: '11', name: '北京市', leaf: false });
    expect(provinces.map((p) => p.code)).toEqual([...provinces.map((p) => p.code)].sort());
    expect(provinces.find((p) => p.code === '44')?.name).toBe('广东省');
  });

  it('walks the four levels down to streets, which are leaves', async () => {
    expect((await getRegions('?parentCode=11')).json()).toEqual([{ code: '1101', name: '市辖区', leaf: false }]);
    const districts = (await getRegions('?parentCode=4403')).json();
    expect(districts).toContainEqual({ code: '440305', name: '南山区', leaf: false });
    const streets = (await getRegions('?parentCode=440305')).json();
    expect(streets).toContainEqual({ code: '440305001', name: '南头街道', leaf: true });
    expect(streets.every((street: { leaf: boolean }) => street.leaf)).toBe(true);
    expect((await getRegions('?parentCode=440305001')).json()).toEqual([]);
  });

  it('an empty parentCode means the provinces; an unknown one has no children', async () => {
    expect((await getRegions('?parentCode=')).json()).toHaveLength(31);
    expect((await getRegions('?parentCode=99')).json()).toEqual([]);
  });

  it.each(['abc', '1', '123', '4403051', "11' or '1'='1"])('refuses parentCode %s', async (code) => {
    const reply = await getRegions(`?parentCode=${encodeURIComponent(code)}`);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(MSG.regionInvalid);
  });
});

describe('the reference-data loader', () => {
  it('loaded the whole tree and a second run inserts nothing', async () => {
    const [{ value: before }] = await t.db.select({ value: count() }).from(regions);
    expect(before).toBe(readRegionRecords().length);
    expect(before).toBeGreaterThan(40_000);
    await loadRegions(t.db);
    const [{ value: after }] = await t.db.select({ value: count() }).from(regions);
    expect(after).toBe(before);
  });

  it('fills in what an interrupted first load left out', async () => {
    await t.db.delete(regions).where(eq(regions.parentCode, '440305'));
    expect((await getRegions('?parentCode=440305')).json()).toEqual([]);
    await loadRegions(t.db);
    expect((await getRegions('?parentCode=440305')).json()).toContainEqual({
      code: '440305001',
      name: '南头街道',
      leaf: true,
    });
  });
});
