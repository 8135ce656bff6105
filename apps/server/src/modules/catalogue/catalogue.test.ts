import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { memberWithOrder } from '../checkout/shop-fixtures.ts';
import { orders } from '../orders/orders.module.ts';
import { insertReviews } from '../orders/reviews.repository.ts';
import { CATALOGUE_PRODUCTS } from './catalogue.data.ts';
import { loadCatalogue } from './catalogue.reference.ts';
import { products } from './catalogue.schema.ts';
import { nameLines } from './product-image.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url: `/web-gateway${url}` });

describe('reference data', () => {
  it('holds about 60 products across the classes, a few out of stock, and loads idempotently', async () => {
    const before = await t.db.select().from(products);
    expect(before.length).toBe(CATALOGUE_PRODUCTS.length);
    expect(before.length).toBeGreaterThanOrEqual(55);
    expect(new Set(before.map((row) => row.classCode)).size).toBeGreaterThanOrEqual(8);
    expect(before.filter((row) => row.stockStatus === 4).length).toBeGreaterThanOrEqual(3);
    expect(before.some((row) => row.prescriptionType === 4)).toBe(true);
    expect(before.some((row) => row.prescriptionType === 5)).toBe(true);
    expect(before.some((row) => row.classCode === '200704')).toBe(true);

    await t.db.update(products).set({ price: 1234 }).where(eq(products.productCode, '1000301'));
    await loadCatalogue(t.db);
    const after = await t.db.select().from(products);
    expect(after.length).toBe(before.length);
    // An operator's change survives a second load.
    expect(after.find((row) => row.productCode === '1000301')?.price).toBe(1234);
    await t.db.update(products).set({ price: 590 }).where(eq(products.productCode, '1000301'));
  });
});

describe('GET /v2/products/search', () => {
  it('finds products by name, paged, with image, packing and price in cents', async () => {
    const reply = await get(`/v2/products/search?keyword=${encodeURIComponent('布洛芬')}&page=1&size=10`);
    expect(reply.statusCode).toBe(200);
    const page = reply.json();
    expect(page).toMatchObject({ page: 1, size: 10, totalElements: 1, totalPages: 1 });
    expect(page.content[0]).toEqual({
      productCode: '1000101',
      productName: '安心 布洛芬缓释胶囊',
      commonTitle: '布洛芬缓释胶囊',
      packing: '0.3g*24粒/盒',
      price: 1980,
      prescriptionType: 2,
      stockStatus: 2,
      classCode: '200101',
      className: '感冒发烧',
      manufacturer: '安心制药（江苏）有限公司',
      productImageUrl: '/web-gateway/v2/products/1000101/image.svg',
    });
  });

  it('finds the products of a class by its name (the home page shortcuts) with in-stock ones first', async () => {
    const page = (await get(`/v2/products/search?keyword=${encodeURIComponent('感冒发烧')}&size=40`)).json();
    expect(page.totalElements).toBe(CATALOGUE_PRODUCTS.filter((p) => p.classCode === '200101').length);
    const stock = page.content.map((item: { stockStatus: number }) => item.stockStatus);
    expect(stock).toEqual([...stock].sort());
    expect(stock.at(-1)).toBe(4);
  });

  it('needs every word of the keyword and pages through the results', async () => {
    const both = (await get(`/v2/products/search?keyword=${encodeURIComponent('口罩 外科')}`)).json();
    expect(both.content.map((item: { productCode: string }) => item.productCode)).toEqual(['3000102']);

    const first = (await get(`/v2/products/search?keyword=${encodeURIComponent('维生素')}&page=1&size=3`)).json();
    const second = (await get(`/v2/products/search?keyword=${encodeURIComponent('维生素')}&page=2&size=3`)).json();
    expect(first.totalElements).toBeGreaterThan(3);
    expect(first.totalPages).toBe(Math.ceil(first.totalElements / 3));
    expect(second.content).toHaveLength(3);
    const codes = [...first.content, ...second.content].map((item: { productCode: string }) => item.productCode);
    expect(new Set(codes).size).toBe(6);
  });

  it('treats % and _ as plain characters, answers an empty page for no match, lists everything without keyword', async () => {
    expect((await get('/v2/products/search?keyword=%25')).json().totalElements).toBe(0);
    expect((await get('/v2/products/search?keyword=_')).json().totalElements).toBe(0);
    const none = (await get(`/v2/products/search?keyword=${encodeURIComponent('不存在的药')}`)).json();
    expect(none).toEqual({ content: [], totalElements: 0, totalPages: 0, page: 1, size: 20 });
    expect((await get('/v2/products/search')).json().totalElements).toBe(CATALOGUE_PRODUCTS.length);
  });

  it('refuses a keyword over 50 characters and a bad page size (400)', async () => {
    const long = await get(`/v2/products/search?keyword=${'药'.repeat(51)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('VALIDATION_FAILED');
    expect((await get('/v2/products/search?size=0')).statusCode).toBe(400);
    expect((await get('/v2/products/search?size=41')).statusCode).toBe(400);
    expect((await get('/v2/products/search?page=0')).statusCode).toBe(400);
  });
});

describe('GET /v2/products/:code', () => {
  it('answers a prescription product with its description', async () => {
    const reply = await get('/v2/products/1000601');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      productCode: '1000601',
      commonTitle: '阿莫西林胶囊',
      prescriptionType: 5,
      className: '抗菌消炎',
    });
    expect(reply.json().description.length).toBeGreaterThan(10);
  });

  it('answers 404 for an unknown code and 400 for a malformed one', async () => {
    expect((await get('/v2/products/9999999')).statusCode).toBe(404);
    const bad = await get('/v2/products/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('商品编码格式错误');
  });
});

describe('GET /v2/products/:code/image.svg', () => {
  it('draws the package in a colour of its own, with the short name and the Rx mark', async () => {
    const rx = await get('/v2/products/1000601/image.svg');
    expect(rx.statusCode).toBe(200);
    expect(rx.headers['content-type']).toContain('image/svg+xml');
    expect(rx.body).toContain('阿莫西林胶囊');
    expect(rx.body).toContain('>Rx<');
    const otc = (await get('/v2/products/1000101/image.svg')).body;
    expect(otc).toContain('>OTC<');
    const fill = (svg: string) => /<rect x="40" y="80"[^>]*fill="([^"]+)"/.exec(svg)?.[1];
    expect(fill(otc)).not.toBe(fill(rx.body));
    expect((await get('/v2/products/1000101/image.svg')).body).toBe(otc);
    expect((await get('/v2/products/9999999/image.svg')).statusCode).toBe(404);
  });

  it('escapes the text and wraps long names onto two lines', () => {
    expect(nameLines('维生素C片').lines).toEqual(['维生素C片']);
    expect(nameLines('双歧杆菌三联活菌胶囊').lines).toEqual(['双歧杆菌三', '联活菌胶囊']);
    expect(nameLines('一二三四五六七八九十一二三四五').lines.join('')).toBe('一二三四五六七八九十一二三…');
  });
});

describe('GET /v2/products/:code/reviews', () => {
  it('pages a product’s reviews newest first, masking an anonymous reviewer', async () => {
    const { member, order } = await memberWithOrder(t, '1000205');
    const [row] = await t.db.select().from(orders).where(eq(orders.ordersCode, order.ordersCode));
    const base = {
      orderId: row!.id,
      orderCode: order.ordersCode,
      memberId: member.id,
      score: 5,
      labels: ['效果好'],
      images: [],
    };
    await insertReviews(t.db, [
      {
        ...base,
        productCode: '1000205',
        content: '吃完消化好多了，物流也快。',
        isAnonymity: false,
        createdAt: new Date('2026-11-01T10:00:00Z'),
      },
    ]);
    const other = await memberWithOrder(t, '1000205');
    const [otherRow] = await t.db.select().from(orders).where(eq(orders.ordersCode, other.order.ordersCode));
    await insertReviews(t.db, [
      {
        ...base,
        orderId: otherRow!.id,
        orderCode: other.order.ordersCode,
        memberId: other.member.id,
        productCode: '1000205',
        content: '包装完好，日期新鲜，会回购。',
        isAnonymity: true,
        createdAt: new Date('2026-11-02T10:00:00Z'),
      },
    ]);
    const reply = await get('/v2/products/1000205/reviews?page=1&size=10');
    expect(reply.statusCode).toBe(200);
    const page = reply.json();
    expect(page.totalElements).toBe(2);
    expect(page.content[0]).toMatchObject({ content: '包装完好，日期新鲜，会回购。', isAnonymity: true });
    expect(page.content[0].nickname).toMatch(/^测\*\*\*\d$/);
    expect(page.content[1].nickname).toBe(member.nickname);
    expect(JSON.stringify(page)).not.toContain(String(member.id));
    expect((await get('/v2/products/1000101/reviews')).json().totalElements).toBe(0);
    expect((await get('/v2/products/9999999/reviews')).statusCode).toBe(404);
  });
});
