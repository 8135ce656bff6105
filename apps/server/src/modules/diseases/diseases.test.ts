import { DISEASE_SEXES } from '@anxin/shared/inquiry/inquiry.contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { CATALOGUE_PRODUCTS, products } from '../catalogue/catalogue.module.ts';
import { loadCatalogue, PRODUCT_AGE_BANS } from '../catalogue/catalogue.reference.ts';
import { DISEASE_DICTIONARY, loadDiseases, PRODUCT_DISEASES } from './diseases.reference.ts';
import { findDiseasesByCodes, findProductDiseases } from './diseases.repository.ts';
import { diseases, productDiseases } from './diseases.schema.ts';

const ICD10_CODE = /^[A-Z]\d{2}(\.\d{1,2})?$/;
const HAN = /\p{Script=Han}/u;
const prescriptionProducts = CATALOGUE_PRODUCTS.filter((p) => p.prescriptionType === 4 || p.prescriptionType === 5);

describe('the dictionary and the products’ diagnoses (reference data)', () => {
  it('holds at least 300 diagnoses with unique, well-formed ICD-10 codes, Chinese names and known sexes', () => {
    expect(DISEASE_DICTIONARY.length).toBeGreaterThanOrEqual(300);
    const codes = DISEASE_DICTIONARY.map((d) => d.icdCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.filter((code) => !ICD10_CODE.test(code))).toEqual([]);
    expect(DISEASE_DICTIONARY.filter((d) => d.icdName.trim() === '' || !HAN.test(d.icdName))).toEqual([]);
    expect(new Set(DISEASE_DICTIONARY.map((d) => d.icdName)).size).toBe(codes.length);
    expect(DISEASE_DICTIONARY.filter((d) => !DISEASE_SEXES.includes(d.sex))).toEqual([]);
    expect(new Set(DISEASE_DICTIONARY.map((d) => d.sortOrder)).size).toBe(codes.length);
  });

  it('puts the common outpatient diagnoses first and marks sex-specific chapters', () => {
    const first = DISEASE_DICTIONARY.slice(0, 15).map((d) => d.icdCode);
    expect(first.slice(0, 3)).toEqual(['I10', 'E11.9', 'E78.5']);
    expect(first).toEqual(expect.arrayContaining(['K29.7', 'J06.9', 'J45.9', 'J30.4', 'G47.0', 'M10.9', 'L30.9']));
    const sexOf = (code: string) => DISEASE_DICTIONARY.find((d) => d.icdCode === code)?.sex;
    for (const d of DISEASE_DICTIONARY) {
      if (d.icdCode.startsWith('O')) expect(d.sex, d.icdCode).toBe('female');
      const block = d.icdCode.slice(0, 3);
      if (block >= 'N40' && block <= 'N51') expect(d.sex, d.icdCode).toBe('male');
      if (block >= 'N70' && block <= 'N98') expect(d.sex, d.icdCode).toBe('female');
    }
    expect(sexOf('I10')).toBe('common');
    expect(sexOf('C61')).toBe('male');
    expect(sexOf('Z39.1')).toBe('female');
  });

  it('gives every prescription product 1 to 4 known diagnoses, one or two of them default', () => {
    const dictionary = new Set(DISEASE_DICTIONARY.map((d) => d.icdCode));
    const catalogue = new Set(CATALOGUE_PRODUCTS.map((p) => p.productCode));
    for (const [productCode, list] of Object.entries(PRODUCT_DISEASES)) {
      expect(catalogue.has(productCode), productCode).toBe(true);
      expect(
        list.filter((link) => !dictionary.has(link.icdCode)),
        productCode,
      ).toEqual([]);
      expect(new Set(list.map((link) => link.icdCode)).size, productCode).toBe(list.length);
    }
    expect(prescriptionProducts.length).toBeGreaterThan(10);
    for (const product of prescriptionProducts) {
      const list = PRODUCT_DISEASES[product.productCode] ?? [];
      expect(list.length, product.productCode).toBeGreaterThanOrEqual(1);
      expect(list.length, product.productCode).toBeLessThanOrEqual(4);
      const defaults = list.filter((link) => link.isDefault).length;
      expect(defaults, product.productCode).toBeGreaterThanOrEqual(1);
      expect(defaults, product.productCode).toBeLessThanOrEqual(2);
    }
    // Age bans only on prescription products, within sensible years.
    const prescription = new Set(prescriptionProducts.map((p) => p.productCode));
    for (const [productCode, ban] of Object.entries(PRODUCT_AGE_BANS)) {
      expect(prescription.has(productCode), productCode).toBe(true);
      for (const years of [ban.forbiddenAgeLess, ban.forbiddenAgeGreater]) {
        if (years !== null) expect(years > 0 && years < 120, productCode).toBe(true);
      }
    }
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Page = {
  content: { icdCode: string; icdName: string; sex: string }[];
  totalElements: number;
  totalPages: number;
  page: number;
  size: number;
};
type Query = Record<string, string | number>;
const search = async (query: Query) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) params.set(key, String(value));
  return t.app.inject({ method: 'GET', url: `/web-gateway/v3/product/dataDict/diseases?${params}` });
};
const searchPage = async (query: Query) => {
  const reply = await search(query);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as Page;
};
const codesOf = (page: Page) => page.content.map((item) => item.icdCode);

describe('loading', () => {
  it('loads the whole dictionary and the products’ diagnoses, again without change', async () => {
    const count = async () => ({
      diseases: (await t.db.select().from(diseases)).length,
      links: (await t.db.select().from(productDiseases)).length,
    });
    const before = await count();
    expect(before.diseases).toBe(DISEASE_DICTIONARY.length);
    expect(before.links).toBe(Object.values(PRODUCT_DISEASES).flat().length);
    // A name corrected in the file reaches an installed dictionary at the next load.
    await t.db.update(diseases).set({ icdName: '旧名称' }).where(eq(diseases.icdCode, 'I10'));
    await loadDiseases(t.db);
    expect(await count()).toEqual(before);
    const [i10] = await t.db.select().from(diseases).where(eq(diseases.icdCode, 'I10'));
    expect(i10?.icdName).toBe('原发性高血压');
  });

  it('gives the prescription products their age bans, filling a missing one without undoing an operator’s', async () => {
    const rows = await t.db
      .select()
      .from(products)
      .where(inArray(products.productCode, ['1000405', '1000602', '1000402']));
    const ban = (code: string) => rows.find((row) => row.productCode === code);
    expect(ban('1000405')).toMatchObject({ forbiddenAgeLess: 16, forbiddenAgeGreater: null });
    expect(ban('1000402')).toMatchObject({ forbiddenAgeLess: 10, forbiddenAgeGreater: null });
    expect(ban('1000602')).toMatchObject({ forbiddenAgeLess: null, forbiddenAgeGreater: null });

    // A database from before the columns: the ban is filled in; an operator's own ban stays.
    await t.db.update(products).set({ forbiddenAgeLess: null }).where(eq(products.productCode, '1000405'));
    await t.db.update(products).set({ forbiddenAgeLess: 12, price: 999 }).where(eq(products.productCode, '1000402'));
    await loadCatalogue(t.db);
    const [aspirin] = await t.db.select().from(products).where(eq(products.productCode, '1000405'));
    const [metformin] = await t.db.select().from(products).where(eq(products.productCode, '1000402'));
    expect(aspirin?.forbiddenAgeLess).toBe(16);
    expect(metformin).toMatchObject({ forbiddenAgeLess: 12, price: 999 });
    await t.db.update(products).set({ forbiddenAgeLess: 10, price: 1890 }).where(eq(products.productCode, '1000402'));
  });
});

describe('GET /v3/product/dataDict/diseases', () => {
  it('is public and, with no name, gives the most common diagnoses first, 10 a page', async () => {
    const page = await searchPage({});
    expect(page).toMatchObject({
      page: 1,
      size: 10,
      totalElements: DISEASE_DICTIONARY.length,
      totalPages: Math.ceil(DISEASE_DICTIONARY.length / 10),
    });
    expect(page.content[0]).toEqual({ icdCode: 'I10', icdName: '原发性高血压', sex: 'common' });
    expect(codesOf(page)).toEqual(DISEASE_DICTIONARY.slice(0, 10).map((d) => d.icdCode));
  });

  it('finds diseases by a part of the Chinese name, in the dictionary’s order', async () => {
    const page = await searchPage({ name: '高血压' });
    expect(codesOf(page)[0]).toBe('I10');
    expect(codesOf(page)).toEqual(expect.arrayContaining(['I15.9', 'I11.9', 'O13']));
    expect(page.content.every((item) => item.icdName.includes('高血压'))).toBe(true);
    expect(page.totalElements).toBe(DISEASE_DICTIONARY.filter((d) => d.icdName.includes('高血压')).length);
    // Surrounding spaces do not count.
    expect((await searchPage({ name: '  胃炎 ' })).totalElements).toBeGreaterThanOrEqual(5);
  });

  it('finds diseases by the start of the ICD-10 code, in any case', async () => {
    const upper = await searchPage({ name: 'E11', size: 50 });
    const lower = await searchPage({ name: 'e11', size: 50 });
    const expected = DISEASE_DICTIONARY.filter((d) => d.icdCode.startsWith('E11')).map((d) => d.icdCode);
    expect(expected.length).toBeGreaterThanOrEqual(9);
    expect(codesOf(upper).sort()).toEqual([...expected].sort());
    expect(codesOf(lower)).toEqual(codesOf(upper));
    expect(codesOf(await searchPage({ name: 'k21.0' }))).toEqual(['K21.0']);
    // The start of the code, not any part of it.
    expect(codesOf(await searchPage({ name: '11.9', size: 50 }))).toEqual([]);
  });

  it('keeps to the diseases of the patient’s sex (0 male, 1 female), common ones always', async () => {
    const all = await searchPage({ name: '前列腺', size: 50 });
    expect(codesOf(all)).toEqual(expect.arrayContaining(['N40', 'N41.1', 'C61']));
    expect((await searchPage({ name: '前列腺', sex: 1 })).totalElements).toBe(0);
    expect((await searchPage({ name: '前列腺', sex: 0, size: 50 })).totalElements).toBe(all.totalElements);

    const male = await searchPage({ name: '妊娠', sex: 0 });
    expect(male.totalElements).toBe(0);
    const female = await searchPage({ name: '妊娠', sex: 1, size: 50 });
    expect(codesOf(female)).toEqual(expect.arrayContaining(['O24.4', 'O13', 'Z33']));

    const everyMale = await searchPage({ sex: 0, size: 50, page: 1 });
    const malePages = Math.ceil(everyMale.totalElements / 50);
    const seen: string[] = [];
    for (let page = 1; page <= malePages; page++) {
      const result = await searchPage({ sex: 0, size: 50, page });
      seen.push(...result.content.map((item) => item.sex));
    }
    expect(seen).not.toContain('female');
    expect(seen).toContain('male');
    expect(everyMale.totalElements).toBe(DISEASE_DICTIONARY.filter((d) => d.sex !== 'female').length);
    // The age is accepted; the dictionary has no age rules.
    expect((await searchPage({ name: '痛经', sex: 1, age: 30 })).content[0]?.icdCode).toBe('N94.6');
  });

  it('pages through the results without overlap', async () => {
    const first = await searchPage({ name: '炎', page: 1, size: 5 });
    const second = await searchPage({ name: '炎', page: 2, size: 5 });
    expect(first.totalElements).toBeGreaterThan(10);
    expect(first.totalPages).toBe(Math.ceil(first.totalElements / 5));
    expect(second).toMatchObject({ page: 2, size: 5, totalElements: first.totalElements });
    expect(second.content).toHaveLength(5);
    expect(codesOf(second).some((code) => codesOf(first).includes(code))).toBe(false);
    const byOrder = DISEASE_DICTIONARY.filter((d) => d.icdName.includes('炎')).map((d) => d.icdCode);
    expect([...codesOf(first), ...codesOf(second)]).toEqual(byOrder.slice(0, 10));
    const beyond = await searchPage({ name: '炎', page: first.totalPages + 1, size: 5 });
    expect(beyond.content).toEqual([]);
  });

  it('refuses a keyword over 50 characters, a bad sex or page with 400 and the field', async () => {
    expect((await search({ name: '炎'.repeat(50) })).statusCode).toBe(200);
    const long = await search({ name: '炎'.repeat(51) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '搜索内容不能超过50个字',
      fields: [{ field: 'name', message: '搜索内容不能超过50个字' }],
    });
    for (const query of [{ sex: 2 }, { sex: 'x' }, { page: 0 }, { size: 51 }, { age: -1 }] as Query[]) {
      const reply = await search(query);
      expect(reply.statusCode, JSON.stringify(query)).toBe(400);
      expect(reply.json().fields[0].field, JSON.stringify(query)).toBe(Object.keys(query)[0]);
    }
  });

  it('treats %, _ and \\ as plain characters', async () => {
    for (const name of ['%', '_', '\\', '%炎', '_炎', 'E_1', 'E%']) {
      expect((await searchPage({ name })).totalElements, name).toBe(0);
    }
    await t.db.insert(diseases).values([
      { icdCode: 'X98.1', icdName: '测试病100%_甲', sex: 'common', sortOrder: 9000 },
      { icdCode: 'X98.2', icdName: '测试病1000乙', sex: 'common', sortOrder: 9001 },
    ]);
    try {
      expect(codesOf(await searchPage({ name: '100%' }))).toEqual(['X98.1']);
      expect(codesOf(await searchPage({ name: '%_甲' }))).toEqual(['X98.1']);
      expect(codesOf(await searchPage({ name: '测试病100' }))).toEqual(['X98.1', 'X98.2']);
    } finally {
      await t.db.delete(diseases).where(inArray(diseases.icdCode, ['X98.1', 'X98.2']));
    }
  });
});

describe('lookups for the inquiry', () => {
  it('findProductDiseases gives each product its diagnoses, defaults first, and an empty list otherwise', async () => {
    const found = await findProductDiseases(t.db, ['1000405', '1000702', '1000101', 'nope']);
    expect([...found.keys()].sort()).toEqual(['1000101', '1000405', '1000702', 'nope']);
    expect(found.get('1000405')).toEqual([
      { icdCode: 'I25.1', icdName: '冠状动脉粥样硬化性心脏病', sex: 'common', isDefault: true },
      { icdCode: 'I63.9', icdName: '脑梗死', sex: 'common', isDefault: true },
      { icdCode: 'I20.9', icdName: '心绞痛', sex: 'common', isDefault: false },
      { icdCode: 'I25.2', icdName: '陈旧性心肌梗死', sex: 'common', isDefault: false },
    ]);
    expect(
      found
        .get('1000702')
        ?.filter((d) => d.isDefault)
        .map((d) => d.icdCode),
    ).toEqual(['J45.9', 'J30.4']);
    expect(found.get('1000101')).toEqual([]);
    expect(found.get('nope')).toEqual([]);
    expect((await findProductDiseases(t.db, [])).size).toBe(0);
  });

  it('findDiseasesByCodes gives the known codes only', async () => {
    const found = await findDiseasesByCodes(t.db, ['N40', 'I10', 'I10', 'Z99.99']);
    expect([...found.keys()].sort()).toEqual(['I10', 'N40']);
    expect(found.get('N40')).toEqual({ icdCode: 'N40', icdName: '前列腺增生', sex: 'male' });
    expect((await findDiseasesByCodes(t.db, [])).size).toBe(0);
  });
});
