import { MSG } from '@anxin/shared/common/messages';
import type { InvoiceLine } from '@anxin/shared/invoices/invoice.contract';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../platform/platform.schema.ts';
import { createLocalDiskStorage } from '../../platform/storage/local-disk-storage.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCoinService, createCouponService } from '../assets/assets.module.ts';
import { buyNow, createTestAddress, placeOrderFor } from '../checkout/shop-fixtures.ts';
import { createOrderService, orders } from '../orders/orders.module.ts';
import { INVOICE_SELLER } from './invoice-issue.ts';
import { invoiceRequests, invoices } from './invoices.schema.ts';
import { createInvoiceService } from './invoices.service.ts';

// Invoices (issue 14): the choice at settlement kept with the order, the invoice issued when the order is
// received, its PDF (read back), the signed links, e-mail through the sandbox outbox, ownership and limits.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The order moves the tests drive directly, on the test app's database and clock. */
const orderService = () => createOrderService({ db: t.db, clock: t.clock });

type Headers = Record<string, string>;
const COMPANY_CODE = '91350100M000100Y43';
const personal = {
  kind: 'electronic',
  titleType: 'personal',
  title: '王小明',
  content: '商品明细',
  email: 'wang@example.com',
};
const company = {
  kind: 'electronic',
  titleType: 'company',
  title: '福建安心医药有限公司',
  taxPayerNumber: COMPANY_CODE,
  content: '商品明细',
  email: 'finance@example.com',
};

/** A member with an order of 3 × 1000101 (¥19.80) placed with `invoice`, at ¥59.40 + ¥10 freight. */
async function orderWithInvoice(
  invoice: unknown,
  existing?: { headers: Headers; memberId: number; addressId: number },
) {
  let member = existing;
  if (!member) {
    const signed = await t.createSignedInMember();
    const address = await createTestAddress(t, signed.member.id);
    member = { headers: signed.headers, memberId: signed.member.id, addressId: address.id };
  }
  const settlement = (await buyNow(t, member.headers, '1000101', 3)).json();
  const placed = await placeOrderFor(t, member.headers, {
    settlementId: settlement.settlementId,
    addressId: member.addressId,
    paymentType: 99,
    invoice,
  });
  return { ...member, placed, ordersCode: placed.json().ordersCode as string };
}

/** A signed-in member with an address, for several orders. */
async function shopper() {
  const signed = await t.createSignedInMember();
  const address = await createTestAddress(t, signed.member.id);
  return { headers: signed.headers, memberId: signed.member.id, addressId: address.id };
}

/** Pays and ships the order (as the cashier and the operator would), then the member confirms receipt. */
async function receive(ordersCode: string, headers: Headers) {
  await t.db.transaction(async (tx) => {
    await orderService().applyOrderEvent(tx, ordersCode, 'pay');
    await orderService().applyOrderEvent(tx, ordersCode, 'ship');
  });
  const received = await t.app.inject({ method: 'PUT', url: `/web-gateway/v3/orders/${ordersCode}/received`, headers });
  expect(received.statusCode).toBe(200);
}

const get = (url: string, headers?: Headers) => t.app.inject({ method: 'GET', url: `/web-gateway${url}`, headers });
const sendEmail = (ordersCode: string, headers: Headers, payload: object) =>
  t.app.inject({ method: 'POST', url: `/web-gateway/v2/invoices/${ordersCode}/email`, headers, payload });

async function pdfText(bytes: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  return (await extractText(pdf, { mergePages: true })).text;
}

describe('the invoice choice at settlement', () => {
  it('keeps the choice with the order; no invoice is issued before the goods are received', async () => {
    const { placed, ordersCode, headers } = await orderWithInvoice(company);
    expect(placed.statusCode).toBe(201);
    const [order] = await t.db.select().from(orders).where(eq(orders.ordersCode, ordersCode));
    expect(order).toMatchObject({
      invoice: true,
      invoiceType: '2-1',
      consigneeType: '单位',
      taxPayerNumber: COMPANY_CODE,
      invoiceContent: '商品明细',
    });
    const [request] = await t.db.select().from(invoiceRequests).where(eq(invoiceRequests.orderId, order!.id));
    expect(request).toMatchObject({ title: '福建安心医药有限公司', email: 'finance@example.com' });
    expect((await get(`/v2/invoices/${ordersCode}`, headers)).statusCode).toBe(404);
    expect((await get('/v2/invoices', headers)).json().totalElements).toBe(0);
  });

  it('refuses a bad choice with its Chinese message and places nothing', async () => {
    const member = await shopper();
    const cases: [unknown, string][] = [
      [{ ...company, taxPayerNumber: '91350100M000100Y44' }, MSG.taxpayerNumberInvalid],
      [{ ...company, taxPayerNumber: undefined }, MSG.taxpayerNumberEmpty],
      [{ ...personal, email: undefined }, MSG.emailEmpty],
      [{ ...personal, email: 'wang@' }, MSG.emailMalformed],
      [{ ...personal, title: '  ' }, MSG.invoiceTitleEmpty],
      [{ ...personal, kind: 'vat-special' }, MSG.invoiceKindRequired],
    ];
    for (const [invoice, message] of cases) {
      const { placed } = await orderWithInvoice(invoice, member);
      expect(placed.statusCode).toBe(400);
      expect(placed.json().message).toBe(message);
    }
    expect(await t.db.select().from(orders).where(eq(orders.memberId, member.memberId))).toHaveLength(0);
  });
});

describe('the invoice title', () => {
  // Printed as it is on the PDF: a control character breaks the line or prints nothing, a direction override
  // (U+202E) shows the title reversed, so '北京安心\u202E司公限有' would print as 北京安心有限公司.
  const unprintable = [
    '北京安心\u202E司公限有',
    '\u202D李安心',
    '李\u202A安心\u202C',
    '李\u2066安心\u2069',
    '李安心\u200F',
    '李\u061C安心',
    '李\n安心',
    '李\t安心',
    '李\u001B[31m安心',
    '李\u007F安心',
    '李\u0085安心',
    '李\u200B安心',
    '李\uFEFF安心',
    '李\u2028安心',
  ];

  it('refuses control characters and direction overrides with the shopper’s message; nothing is placed', async () => {
    const member = await shopper();
    for (const title of unprintable) {
      for (const invoice of [
        { ...personal, title },
        { ...company, title },
      ]) {
        const { placed } = await orderWithInvoice(invoice, member);
        expect(placed.statusCode, JSON.stringify(title)).toBe(400);
        expect(placed.json().message, JSON.stringify(title)).toBe(MSG.invoiceTitleUnprintable);
        expect(placed.json().fields).toEqual([expect.objectContaining({ field: 'invoice.title' })]);
      }
    }
    // NUL and a lone surrogate never reach the schema: the gate of every route (platform/input-guard.ts) refuses
    // them first with 请求参数错误. The page's copy of the schema shows the title's message before sending.
    for (const title of ['李\u0000安心', '李\uD800安心']) {
      const { placed } = await orderWithInvoice({ ...personal, title }, member);
      expect(placed.statusCode, JSON.stringify(title)).toBe(400);
      expect(placed.json().message).toBe(MSG.badRequest);
    }
    expect(await t.db.select().from(orders).where(eq(orders.memberId, member.memberId))).toHaveLength(0);
    expect(await t.db.select().from(invoiceRequests).where(eq(invoiceRequests.memberId, member.memberId))).toHaveLength(
      0,
    );
  });

  it('keeps the titles people and companies have: spaces, brackets, dots and Latin letters', async () => {
    const member = await shopper();
    const titles = [
      '  李安心  ',
      '阿卜杜拉·买买提',
      '北京安心科技有限公司（海淀分公司）',
      'Anxin Pharmacy (Beijing) Co., Ltd.',
    ];
    for (const title of titles) {
      const { placed, ordersCode } = await orderWithInvoice({ ...company, title }, member);
      expect(placed.statusCode, placed.body).toBe(201);
      const [order] = await t.db.select().from(orders).where(eq(orders.ordersCode, ordersCode));
      const [request] = await t.db.select().from(invoiceRequests).where(eq(invoiceRequests.orderId, order!.id));
      expect(request?.title).toBe(title.trim());
    }
  });
});

describe('issued invoices', () => {
  it('issues the invoice when the order is received: list, detail with the amounts and the tax', async () => {
    const { ordersCode, headers } = await orderWithInvoice(company);
    await receive(ordersCode, headers);
    const list = await get('/v2/invoices?page=1', headers);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ totalElements: 1, totalPages: 1, page: 1, size: 4 });
    expect(list.json().content[0]).toMatchObject({
      ordersCode,
      invoiceType: '2-1',
      invoiceTypeName: '电子增值税普通发票',
      consigneeType: '单位',
      title: '福建安心医药有限公司',
      amount: 6940,
    });
    const detail = (await get(`/v2/invoices/${ordersCode}`, headers)).json();
    expect(detail.invoiceNumber).toMatch(/^\d{20}$/);
    expect(detail).toMatchObject({
      taxPayerNumber: COMPANY_CODE,
      sellerName: INVOICE_SELLER.name,
      amount: 6940,
      // 5940 at 13 % holds 683 of tax, the 1000 of freight at 9 % holds 83.
      taxAmount: 683 + 83,
      amountWithoutTax: 6940 - 766,
    });
    expect(detail.lines).toEqual([
      expect.objectContaining({
        name: '*药品*安心 布洛芬缓释胶囊',
        quantity: 3,
        unitPrice: 1980,
        amount: 5940,
        taxRate: 13,
      }),
      expect.objectContaining({ name: '*运输服务*运费', amount: 1000, taxRate: 9, taxAmount: 83 }),
    ]);
    // Evaluating (150) issues nothing more.
    await t.db.transaction((tx) => orderService().applyOrderEvent(tx, ordersCode, 'evaluate'));
    expect(await t.db.select().from(invoices).where(eq(invoices.ordersCode, ordersCode))).toHaveLength(1);
  });

  it('takes a freight subsidy off the freight at 9 %, and coins off the goods at 13 %', async () => {
    const member = await shopper();
    const now = t.clock.now();
    const subsidy = await createCouponService(t.db).issue(
      member.memberId,
      { couponType: 4, couponValue: 800, days: 30 },
      now,
    );
    await t.db.transaction((tx) => createCoinService(t.db).earn(tx, member.memberId, 1200, '测试', null, now));
    const settlement = (await buyNow(t, member.headers, '1000101', 3)).json();
    const placed = await placeOrderFor(t, member.headers, {
      settlementId: settlement.settlementId,
      addressId: member.addressId,
      paymentType: 99,
      couponId: subsidy.id,
      coins: 1200,
      invoice: personal,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { ordersCode } = placed.json();
    await receive(ordersCode, member.headers);
    const detail = (await get(`/v2/invoices/${ordersCode}`, member.headers)).json();
    expect(detail.lines.map((line: InvoiceLine) => [line.name, line.amount, line.taxRate, line.taxAmount])).toEqual([
      // 5940 of goods at 13 % hold 683 of tax; the 1000 of freight at 9 % hold 83.
      ['*药品*安心 布洛芬缓释胶囊', 5940, 13, 683],
      ['*运输服务*运费', 1000, 9, 83],
      // The freight subsidy paid freight, a transport service: it takes 66 of the freight's 9 % tax off.
      ['*运输服务*折扣', -800, 9, -66],
      // The coins paid goods: 138 of their 13 % tax.
      ['*药品*折扣', -1200, 13, -138],
    ]);
    expect(detail).toMatchObject({
      amount: 5940 + 1000 - 800 - 1200,
      taxAmount: 683 + 83 - 66 - 138,
      amountWithoutTax: 4940 - 562,
    });
  });

  it('puts a split order’s freight subsidy on the invoice of the sub-order that carries the freight', async () => {
    const member = await shopper();
    const subsidy = await createCouponService(t.db).issue(
      member.memberId,
      { couponType: 4, couponValue: 800, days: 30 },
      t.clock.now(),
    );
    await t.app.inject({
      method: 'POST',
      url: '/web-gateway/v2/memberShopCarts/items',
      headers: member.headers,
      payload: [
        { productCode: '1000101', num: 1 },
        { productCode: '1000102', num: 1 },
      ],
    });
    const settlement = (
      await t.app.inject({ method: 'POST', url: '/web-gateway/v2/settle/cart', headers: member.headers })
    ).json();
    const placed = await placeOrderFor(t, member.headers, {
      settlementId: settlement.settlementId,
      addressId: member.addressId,
      paymentType: 99,
      couponId: subsidy.id,
      invoice: personal,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [withFreight, without] = await t.db.transaction((tx) =>
      orderService().splitOrder(tx, placed.json().ordersCode, [['1000101'], ['1000102']]),
    );
    const linesOf = async (ordersCode: string) => {
      await receive(ordersCode, member.headers);
      const detail = (await get(`/v2/invoices/${ordersCode}`, member.headers)).json();
      return detail.lines.map((line: InvoiceLine) => [line.name, line.amount, line.taxRate, line.taxAmount]);
    };
    expect(await linesOf(withFreight!.ordersCode)).toEqual([
      ['*药品*安心 布洛芬缓释胶囊', 1980, 13, 228],
      ['*运输服务*运费', 1000, 9, 83],
      ['*运输服务*折扣', -800, 9, -66],
    ]);
    expect(await linesOf(without!.ordersCode)).toEqual([['*药品*连花清瘟胶囊', 2650, 13, 305]]);
  });

  it('issues nothing for an order placed without an invoice', async () => {
    const { ordersCode, headers } = await orderWithInvoice(null);
    await receive(ordersCode, headers);
    expect((await get(`/v2/invoices/${ordersCode}`, headers)).statusCode).toBe(404);
  });

  it('pages 4 at a time, newest first, and checks page and size', async () => {
    const member = await shopper();
    const codes: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const { ordersCode } = await orderWithInvoice(personal, member);
      t.clock.advance(60_000);
      await receive(ordersCode, member.headers);
      codes.push(ordersCode);
    }
    const first = (await get('/v2/invoices', member.headers)).json();
    expect(first).toMatchObject({ totalElements: 5, totalPages: 2, page: 1, size: 4 });
    expect(first.content.map((row: { ordersCode: string }) => row.ordersCode)).toEqual(codes.slice(1).reverse());
    const second = (await get('/v2/invoices?page=2', member.headers)).json();
    expect(second.content.map((row: { ordersCode: string }) => row.ordersCode)).toEqual([codes[0]]);
    const bad = await get('/v2/invoices?page=0&size=99', member.headers);
    expect(bad.statusCode).toBe(400);
    expect((await get('/v2/invoices')).statusCode).toBe(401);
  });
});

describe('the invoice PDF', () => {
  it('renders the buyer, the items and the amounts in Chinese with an embedded font subset', async () => {
    const { ordersCode, headers } = await orderWithInvoice(company);
    await receive(ordersCode, headers);
    const urls = await get(`/v2/invoices/${ordersCode}/urls`, headers);
    expect(urls.statusCode).toBe(200);
    const [url] = urls.json().urls as string[];
    expect(url).toMatch(new RegExp(`^/web-gateway/v2/invoices/${ordersCode}/pdf\\?exp=\\d+&sig=`));
    // Opened in a new tab: no Bearer header, the link is the key.
    const pdf = await t.app.inject({ method: 'GET', url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The subset: far below the 10 MB font.
    expect(pdf.rawPayload.length).toBeLessThan(200_000);
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      '电子增值税普通发票',
      '福建安心医药有限公司',
      COMPANY_CODE,
      INVOICE_SELLER.name,
      '*药品*安心 布洛芬缓释胶囊',
      '52.57', // 59.40 without its 13 % tax
      '¥69.40',
      '陆拾玖圆肆角整',
      ordersCode,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('keeps the PDF encrypted in storage, out of the public files route', async () => {
    const { ordersCode, headers } = await orderWithInvoice(personal);
    await receive(ordersCode, headers);
    await get(`/v2/invoices/${ordersCode}/urls`, headers);
    await get(`/v2/invoices/${ordersCode}/urls`, headers);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.ordersCode, ordersCode));
    expect(row!.pdfName).toMatch(/\.pdf$/);
    const stored = await createLocalDiskStorage('.tmp/test-data').get(row!.pdfName!);
    expect(stored!.subarray(0, 5).toString()).not.toBe('%PDF-');
    // The public files route never serves it.
    expect((await get(`/files/${row!.pdfName}`)).statusCode).toBe(404);
  });

  it('opens only with a live signature of the invoice’s owner', async () => {
    const { ordersCode, headers } = await orderWithInvoice(personal);
    await receive(ordersCode, headers);
    const [url] = (await get(`/v2/invoices/${ordersCode}/urls`, headers)).json().urls as string[];
    // One character of the signature changed (always to another one).
    const tampered = url.replace(/sig=(.)/, (_, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    expect((await get(`/v2/invoices/${ordersCode}/pdf`)).statusCode).toBe(404);
    // The same signature does not open another member's invoice.
    const other = await orderWithInvoice(personal);
    await receive(other.ordersCode, other.headers);
    expect((await t.app.inject({ method: 'GET', url: url.replace(ordersCode, other.ordersCode) })).statusCode).toBe(
      404,
    );
    t.clock.advance(11 * 60_000);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('another member’s invoice', () => {
  it('answers 404 to every call, like a missing one', async () => {
    const owner = await orderWithInvoice(personal);
    await receive(owner.ordersCode, owner.headers);
    const stranger = await t.createSignedInMember();
    for (const url of [
      `/v2/invoices/${owner.ordersCode}`,
      `/v2/invoices/${owner.ordersCode}/urls`,
      '/v2/invoices/AX0',
    ]) {
      const reply = await get(url, stranger.headers);
      expect(reply.statusCode).toBe(404);
      expect(reply.json().message).toBe(MSG.notFound);
    }
    const mail = await sendEmail(owner.ordersCode, stranger.headers, { emails: ['x@example.com'] });
    expect(mail.statusCode).toBe(404);
    expect((await get('/v2/invoices', stranger.headers)).json().totalElements).toBe(0);
  });
});

describe('sending the invoice by e-mail', () => {
  it('sends the PDF through the mail adapter; the sandbox outbox keeps the message', async () => {
    const { ordersCode, headers } = await orderWithInvoice(personal);
    await receive(ordersCode, headers);
    const sent = await sendEmail(ordersCode, headers, { emails: ['Wang@Example.com', 'boss@example.cn'] });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ sentTo: ['wang@example.com', 'boss@example.cn'] });
    const outbox = (await get('/dev/mail-outbox?to=boss@example.cn')).json();
    expect(outbox[0]).toMatchObject({
      recipients: ['wang@example.com', 'boss@example.cn'],
      subject: `【安心大药房】您的发票（订单${ordersCode}）`,
      attachments: [{ filename: `发票-${ordersCode}.pdf`, contentType: 'application/pdf' }],
    });
    expect(outbox[0].body).toContain('¥69.40');
  });

  it('refuses bad addresses with 邮箱不能为空 / 请输入正确的邮箱地址 and more than 5, sending nothing', async () => {
    const { ordersCode, headers } = await orderWithInvoice(personal);
    await receive(ordersCode, headers);
    const before = (await t.db.select().from(mailOutbox)).length;
    const cases: [object, string][] = [
      [{}, MSG.emailEmpty],
      [{ emails: [] }, MSG.emailEmpty],
      [{ emails: [''] }, MSG.emailEmpty],
      [{ emails: ['not-an-address'] }, MSG.emailMalformed],
      [{ emails: ['a@b.cn', 'b@b.cn', 'c@b.cn', 'd@b.cn', 'e@b.cn', 'f@b.cn'] }, MSG.invoiceEmailTooMany],
    ];
    for (const [payload, message] of cases) {
      const reply = await sendEmail(ordersCode, headers, payload);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(message);
    }
    expect((await t.db.select().from(mailOutbox)).length).toBe(before);
  });

  it('allows 10 requests an hour per member, then 429', async () => {
    const { ordersCode, headers, memberId } = await orderWithInvoice(personal);
    await receive(ordersCode, headers);
    for (let i = 0; i < 10; i += 1) {
      expect((await sendEmail(ordersCode, headers, { emails: ['a@example.com'] })).statusCode).toBe(200);
    }
    const refused = await sendEmail(ordersCode, headers, { emails: ['a@example.com'] });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MSG.tooManyRequests);
    t.clock.advance(3601_000);
    const later = { authorization: (await t.signIn(memberId)).authorization };
    expect((await sendEmail(ordersCode, later, { emails: ['a@example.com'] })).statusCode).toBe(200);
  });

  it('answers 502 发票邮件发送失败 when the mail service refuses the message', async () => {
    const { ordersCode, headers, memberId } = await orderWithInvoice(personal);
    await receive(ordersCode, headers);
    const service = createInvoiceService({
      db: t.db,
      clock: t.clock,
      storage: createLocalDiskStorage('.tmp/test-data'),
      mail: { send: () => Promise.reject(new Error('SMTP 550')) },
      fieldKey: t.app.services.secrets.fieldKey,
      log: { error: () => undefined },
    });
    await expect(service.email(memberId, ordersCode, ['a@example.com'])).rejects.toMatchObject({
      statusCode: 502,
      message: MSG.invoiceEmailFailed,
    });
  });
});
