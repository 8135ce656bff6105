import { MSG } from '@anxin/shared/common/messages';
import { type CouponBatch, MARKETING_MSG } from '@anxin/shared/staff/console-assets.contract';
import type { StaffRole } from '@anxin/shared/staff/staff-roles';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCommand } from '../../ops/commands.ts';
import { buildTestApp, type TestApp, uniquePhone } from '../../test/build-test-app.ts';
import { members } from '../account/account.module.ts';
import { staffAuditLog } from '../audit/audit.module.ts';
import { coinEntries, couponBatches, coupons, couponTemplates } from './assets.schema.ts';
import { COUPON_BATCH_CHUNK, COUPON_BATCH_STALLED_MS, createCouponBatchService } from './coupon-batches.service.ts';

// 营销 — 健康补贴与健康币 in the console (docs/CONSOLE.md): coupon templates, batches with their progress, coin
// adjustments; who may; every act audited in its transaction, the command line's as ops.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/web-gateway/admin${url}`, headers, payload });
const auditOf = (action: string) =>
  t.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, action)).orderBy(desc(staffAuditLog.id));
const ops = (...argv: string[]) => runOpsCommand(t.opsDeps(), argv);

let templateSequence = 0;
/** A template body of a value no other test uses, so its coupons are told apart. */
const newTemplate = (change: object = {}) => {
  templateSequence += 1;
  return {
    code: `test-${process.pid % 1000}-${templateSequence}`,
    title: `测试补贴${templateSequence}`,
    couponType: 1,
    couponValue: 7000 + templateSequence,
    minConsume: 9900,
    days: 15,
    ...change,
  };
};

async function createTemplate(headers: Headers, change: object = {}) {
  const reply = await api('POST', '/coupon-templates', headers, newTemplate(change));
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json() as { id: number; code: string; couponValue: number };
}

/** Reads the batch until it is done (it runs after its start has answered). */
async function batchWhenDone(headers: Headers, id: number): Promise<CouponBatch> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const batch = (await api('GET', `/coupon-batches/${id}`, headers)).json() as CouponBatch;
    if (batch.state === 'done') return batch;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`batch ${id} not done`);
}

const couponsOfValue = (couponValue: number) => t.db.select().from(coupons).where(eq(coupons.couponValue, couponValue));

describe('who may', () => {
  const routes = (templateId: number, batchId: number, phone: string) => ({
    coupons: [
      ['GET', '/coupon-templates'],
      ['POST', '/coupon-templates', newTemplate()],
      ['GET', '/coupon-batches'],
      ['POST', '/coupon-batches', { templateId, phones: [phone] }],
      ['GET', `/coupon-batches/${batchId}`],
    ] as const,
    coins: [
      ['GET', '/coin-adjustments'],
      ['POST', '/coin-adjustments', { phone, amount: 5, reason: '权限测试' }],
    ] as const,
  });

  it('lets operations and admin use every route; other roles get 403, a member token and none 401', async () => {
    const member = await t.createSignedInMember();
    const phone = member.member.phone as string;
    const { headers: operations } = await t.signedInStaff(['operations']);
    const template = await createTemplate(operations);
    const started = await api('POST', '/coupon-batches', operations, { templateId: template.id, phones: [phone] });
    await batchWhenDone(operations, started.json().id);

    for (const role of ['operations', 'admin'] as StaffRole[]) {
      const { headers } = await t.signedInStaff([role]);
      const all = routes(template.id, started.json().id, phone);
      for (const [method, url, payload] of [...all.coupons, ...all.coins]) {
        const reply = await api(method, url, headers, payload);
        expect(reply.statusCode, `${role} ${method} ${url} ${reply.body}`).toBeLessThan(300);
      }
    }

    const written = async () => ({
      templates: (await t.db.select({ n: count() }).from(couponTemplates))[0]?.n,
      batches: (await t.db.select({ n: count() }).from(couponBatches))[0]?.n,
      coins: (await t.db.select({ n: count() }).from(coinEntries))[0]?.n,
      audit: (await t.db.select({ n: count() }).from(staffAuditLog))[0]?.n,
    });
    const before = await written();
    const all = routes(template.id, started.json().id, phone);
    for (const role of ['pharmacist', 'service', 'warehouse'] as StaffRole[]) {
      const { headers } = await t.signedInStaff([role]);
      for (const [method, url, payload] of [...all.coupons, ...all.coins]) {
        const reply = await api(method, url, headers, payload);
        expect(reply.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(reply.json().message).toBe(MSG.staffForbidden);
      }
    }
    for (const headers of [member.headers, {}]) {
      for (const [method, url, payload] of [...all.coupons, ...all.coins]) {
        expect((await api(method, url, headers, payload)).statusCode, `${method} ${url}`).toBe(401);
      }
    }
    expect(await written()).toEqual(before);
  });
});

describe('coupon templates', () => {
  it('lists the templates every install has', async () => {
    const { headers } = await t.signedInStaff(['operations']);
    const list = (await api('GET', '/coupon-templates', headers)).json() as { code: string }[];
    expect(list.map((template) => template.code)).toEqual(
      expect.arrayContaining(['freight-10', 'spend-99-10', 'spend-199-30', 'chronic-20']),
    );
    expect(list.find((template) => template.code === 'chronic-20')).toMatchObject({
      title: '慢病用药满99减20',
      couponType: 1,
      couponValue: 2000,
      minConsume: 9900,
      days: 60,
      usingRange: '仅限慢病用药',
      scope: 'classCodes',
      scopeCodes: ['200401'],
      createdBy: null,
    });
  });

  it('makes a template with the type’s range by default, lists it first and audits it', async () => {
    const { headers, staff } = await t.signedInStaff(['operations']);
    const body = newTemplate({ couponType: 4, minConsume: 0, title: ' 运费补贴 ' });
    const reply = await api('POST', '/coupon-templates', headers, body);
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({
      code: body.code,
      title: '运费补贴',
      couponType: 4,
      usingRange: '运费补贴，仅抵扣运费',
      scope: 'all',
      scopeCodes: [],
      createdBy: staff.loginName,
    });
    expect((await api('GET', '/coupon-templates', headers)).json()[0].code).toBe(body.code);
    const [entry] = await auditOf('coupon.template');
    expect(entry).toMatchObject({
      actor: staff.loginName,
      roles: ['operations'],
      objectType: 'coupon-template',
      objectId: body.code,
      after: expect.objectContaining({ title: '运费补贴', couponValue: body.couponValue, days: 15 }),
    });
  });

  it('refuses a taken code (409) and bad terms (400 with the field’s message), writing nothing', async () => {
    const { headers } = await t.signedInStaff(['admin']);
    const made = await createTemplate(headers);
    const entries = (await auditOf('coupon.template')).length;
    const taken = await api('POST', '/coupon-templates', headers, newTemplate({ code: made.code }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MARKETING_MSG.templateCodeTaken);
    for (const [change, message] of [
      [{ couponValue: 0 }, MARKETING_MSG.templateValueInvalid],
      [{ days: 10_000 }, MARKETING_MSG.templateDaysInvalid],
      [{ couponType: 2 }, MARKETING_MSG.templateTypeInvalid],
      [{ code: 'Bad Code' }, MARKETING_MSG.templateCodeInvalid],
    ] as const) {
      const body = newTemplate(change);
      const refused = await api('POST', '/coupon-templates', headers, body);
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.json().message).toBe(message);
      expect(await t.db.select().from(couponTemplates).where(eq(couponTemplates.title, body.title))).toEqual([]);
    }
    expect(await auditOf('coupon.template')).toHaveLength(entries);
  });
});

describe('coupon batches', () => {
  it('issues to the listed phones’ members, skips a phone no member has, and shows the progress to its end', async () => {
    const { headers, staff } = await t.signedInStaff(['operations']);
    const template = await createTemplate(headers);
    const [a, b] = [await t.createMember(), await t.createMember()];
    const unknown = uniquePhone();
    const started = await api('POST', '/coupon-batches', headers, {
      templateId: template.id,
      phones: [a.phone, b.phone, unknown, a.phone],
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ total: 3, skipped: 1, allMembers: false, phones: 3 });
    const batch = await batchWhenDone(headers, started.json().id);
    expect(batch).toMatchObject({
      total: 3,
      done: 3,
      issued: 2,
      skipped: 1,
      state: 'done',
      createdBy: staff.loginName,
    });
    expect(batch.finishedAt).not.toBeNull();
    const issued = await couponsOfValue(template.couponValue);
    expect(issued.map((row) => row.memberId).sort()).toEqual([a.id, b.id].sort());
    expect(issued[0]).toMatchObject({ couponType: 1, minConsume: 9900, usingRange: '全场通用', giftSlot: null });
    expect(issued[0] && issued[0].expiredDate.getTime() - issued[0].activeDate.getTime()).toBe(15 * 86_400_000);
    const [entry] = await auditOf('coupon.batch');
    expect(entry).toMatchObject({
      actor: staff.loginName,
      objectType: 'coupon-batch',
      objectId: String(batch.id),
      after: expect.objectContaining({ template: template.code, total: 3, unknownPhones: 1, allMembers: false }),
    });
    const listed = (await api('GET', '/coupon-batches', headers)).json() as CouponBatch[];
    expect(listed[0]).toMatchObject({ id: batch.id, issued: 2, templateTitle: expect.stringContaining('测试补贴') });
  });

  it('issues to every member not closed, in chunks, one coupon each', async () => {
    const { headers } = await t.signedInStaff(['admin']);
    const template = await createTemplate(headers);
    const now = t.clock.now();
    // More members than a chunk, so the batch takes more than one transaction.
    await t.db.insert(members).values(
      Array.from({ length: COUPON_BATCH_CHUNK + 3 }, (_, index) => ({
        phone: `137${String(process.pid % 1000).padStart(3, '0')}${String(index).padStart(5, '0')}`,
        nickname: `批量会员${index}`,
        createdAt: now,
        updatedAt: now,
      })),
    );
    const closed = await t.createMember();
    await t.db.update(members).set({ status: 'closed' }).where(eq(members.id, closed.id));
    const [open] = await t.db.select({ n: count() }).from(members).where(eq(members.status, 'active'));
    const started = await api('POST', '/coupon-batches', headers, { templateId: template.id, allMembers: true });
    expect(started.statusCode, started.body).toBe(201);
    const batch = await batchWhenDone(headers, started.json().id);
    expect(batch).toMatchObject({ total: open?.n, issued: open?.n, skipped: 0, allMembers: true });
    const issued = await couponsOfValue(template.couponValue);
    expect(issued).toHaveLength(open?.n ?? -1);
    expect(new Set(issued.map((row) => row.memberId)).size).toBe(issued.length);
    expect(issued.some((row) => row.memberId === closed.id)).toBe(false);
  });

  it('refuses an unknown template (404), malformed phones and an empty target (400), writing nothing', async () => {
    const { headers } = await t.signedInStaff(['operations']);
    const template = await createTemplate(headers);
    const batchesBefore = (await t.db.select({ n: count() }).from(couponBatches))[0]?.n;
    const member = await t.createMember();
    const unknown = await api('POST', '/coupon-batches', headers, { templateId: 99_999_999, phones: [member.phone] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MARKETING_MSG.templateUnknown);
    const malformed = await api('POST', '/coupon-batches', headers, {
      templateId: template.id,
      phones: [member.phone, '1234'],
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(MARKETING_MSG.batchPhonesMalformed(['1234']));
    const empty = await api('POST', '/coupon-batches', headers, { templateId: template.id, phones: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MARKETING_MSG.batchTargetEmpty);
    expect((await api('GET', '/coupon-batches/99999999', headers)).statusCode).toBe(404);
    expect((await t.db.select({ n: count() }).from(couponBatches))[0]?.n).toBe(batchesBefore);
    expect(await couponsOfValue(template.couponValue)).toEqual([]);
  });

  it('is carried on by whichever server reads it once it stalled', async () => {
    const { headers, staff } = await t.signedInStaff(['operations']);
    const template = await createTemplate(headers);
    const listed = [await t.createMember(), await t.createMember(), await t.createMember()];
    // Started as a process would that stopped before its first chunk.
    const batch = await createCouponBatchService(t.app.services).start(
      { templateId: template.id, phones: listed.map((member) => member.phone as string), allMembers: false },
      { id: staff.id, loginName: staff.loginName, roles: ['operations'] },
    );
    expect((await api('GET', `/coupon-batches/${batch.id}`, headers)).json()).toMatchObject({
      state: 'running',
      done: 0,
    });
    t.clock.advance(COUPON_BATCH_STALLED_MS + 1000);
    const peer = await t.buildPeer();
    await peer.inject({ method: 'GET', url: `/web-gateway/admin/coupon-batches/${batch.id}`, headers });
    expect(await batchWhenDone(headers, batch.id)).toMatchObject({ total: 3, issued: 3, skipped: 0 });
    const issued = await couponsOfValue(template.couponValue);
    expect(issued.map((row) => row.memberId).sort()).toEqual(listed.map((member) => member.id).sort());
  });

  it('issues each member once though several processes carry a batch on at once', async () => {
    const { headers, staff } = await t.signedInStaff(['operations']);
    const template = await createTemplate(headers);
    const listed = [await t.createMember(), await t.createMember()];
    const batches = createCouponBatchService(t.app.services);
    const batch = await batches.start(
      { templateId: template.id, phones: listed.map((member) => member.phone as string), allMembers: false },
      { id: staff.id, loginName: staff.loginName, roles: ['operations'] },
    );
    await Promise.all(Array.from({ length: 8 }, () => batches.runChunk(batch.id)));
    expect((await batches.read(batch.id)).batch).toMatchObject({ state: 'done', total: 2, done: 2, issued: 2 });
    expect(await couponsOfValue(template.couponValue)).toHaveLength(2);
  });
});

describe('coin adjustments', () => {
  it('gives and takes back coins with the reason the member reads, audited, and lists them newest first', async () => {
    const { headers, staff } = await t.signedInStaff(['operations']);
    const member = await t.createSignedInMember();
    const phone = member.member.phone as string;
    const given = await api('POST', '/coin-adjustments', headers, { phone, amount: 120, reason: ' 客服补偿 ' });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json()).toMatchObject({
      balance: 120,
      adjustment: {
        amount: 120,
        reason: '客服补偿',
        adjustedBy: staff.loginName,
        phone: `${phone.slice(0, 3)}****${phone.slice(7)}`,
      },
    });
    const taken = await api('POST', '/coin-adjustments', headers, { phone, amount: -20, reason: '误发更正' });
    expect(taken.json().balance).toBe(100);

    const total = await t.app.inject({ method: 'GET', url: '/web-gateway/v2/coins/total', headers: member.headers });
    expect(total.json()).toEqual({ total: 100 });
    const history = await t.app.inject({ method: 'GET', url: '/web-gateway/v2/coins', headers: member.headers });
    expect(history.json().content.map((entry: { description: string }) => entry.description)).toEqual([
      '误发更正',
      '客服补偿',
    ]);

    const [entry] = await auditOf('coins.adjust');
    expect(entry).toMatchObject({
      actor: staff.loginName,
      roles: ['operations'],
      objectType: 'member',
      objectId: String(member.member.id),
      before: { balance: 120 },
      after: { balance: 100, amount: -20, reason: '误发更正' },
    });
    const page = (await api('GET', `/coin-adjustments?phone=${phone}`, headers)).json();
    expect(page.totalElements).toBe(2);
    expect(page.content.map((item: { amount: number }) => item.amount)).toEqual([-20, 120]);
    expect((await api('GET', '/coin-adjustments?phone=1', headers)).json().content.length).toBeGreaterThan(0);
    expect((await api('GET', '/coin-adjustments?phone=abc', headers)).json().message).toBe(
      MARKETING_MSG.coinPhoneSearchInvalid,
    );
  });

  it('never takes the balance below zero, refuses an unknown phone and bad input, writing nothing', async () => {
    const { headers } = await t.signedInStaff(['admin']);
    const member = await t.createMember();
    const phone = member.phone as string;
    await api('POST', '/coin-adjustments', headers, { phone, amount: 50, reason: '活动奖励' });
    const entries = (await auditOf('coins.adjust')).length;
    const below = await api('POST', '/coin-adjustments', headers, { phone, amount: -51, reason: '扣回' });
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toBe(MARKETING_MSG.coinBelowZero(50));
    const unknown = await api('POST', '/coin-adjustments', headers, {
      phone: uniquePhone(),
      amount: 5,
      reason: '奖励',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MARKETING_MSG.coinMemberUnknown);
    for (const [body, message] of [
      [{ phone, amount: 0, reason: '奖励' }, MARKETING_MSG.coinAmountInvalid],
      [{ phone, amount: 10, reason: ' ' }, MARKETING_MSG.coinReasonEmpty],
      [{ phone: '123', amount: 10, reason: '奖励' }, MSG.phoneMalformed],
    ] as const) {
      const refused = await api('POST', '/coin-adjustments', headers, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    const rows = await t.db.select().from(coinEntries).where(eq(coinEntries.memberId, member.id));
    expect(rows.map((row) => row.amount)).toEqual([50]);
    expect(await auditOf('coins.adjust')).toHaveLength(entries);
  });

  it('may take back every coin, down to zero', async () => {
    const { headers } = await t.signedInStaff(['operations']);
    const member = await t.createMember();
    await api('POST', '/coin-adjustments', headers, { phone: member.phone, amount: 30, reason: '奖励' });
    const reply = await api('POST', '/coin-adjustments', headers, { phone: member.phone, amount: -30, reason: '收回' });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().balance).toBe(0);
  });
});

describe('the command line, on the same services, audited as ops', () => {
  it('coins, coupon and coupon-batch write their audit entries as ops; coupon-batch skips no one silently', async () => {
    const member = await t.createMember();
    const phone = member.phone as string;
    expect((await ops('coins', phone, '40', '线下活动')).ok).toBe(true);
    expect((await auditOf('coins.adjust'))[0]).toMatchObject({
      actor: 'ops',
      staffId: null,
      objectId: String(member.id),
      after: expect.objectContaining({ amount: 40, reason: '线下活动' }),
    });
    const [adjusted] = await t.db.select().from(coinEntries).where(eq(coinEntries.memberId, member.id));
    expect(adjusted?.adjustedBy).toBe('ops');

    expect((await ops('coupon', phone, '6.5')).ok).toBe(true);
    const [issued] = await t.db.select().from(coupons).where(eq(coupons.memberId, member.id));
    expect((await auditOf('coupon.issue'))[0]).toMatchObject({
      actor: 'ops',
      objectType: 'coupon',
      objectId: String(issued?.id),
      after: expect.objectContaining({ memberId: member.id, couponValue: 650 }),
    });

    const result = await ops('coupon-batch', 'freight-10', phone);
    expect(result.ok, result.lines.join('\n')).toBe(true);
    expect(result.lines[0]).toContain('给 1 位会员');
    expect((await auditOf('coupon.batch'))[0]).toMatchObject({
      actor: 'ops',
      after: expect.objectContaining({ template: 'freight-10', total: 1 }),
    });
    const freight = await t.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.memberId, member.id), eq(coupons.couponType, 4)));
    expect(freight).toHaveLength(1);
  });

  it('coupon-batch --all reaches every open member, and coupon-templates lists the codes', async () => {
    const { headers } = await t.signedInStaff(['operations']);
    const template = await createTemplate(headers);
    const result = await ops('coupon-batch', template.code, '--all');
    expect(result.ok, result.lines.join('\n')).toBe(true);
    const [open] = await t.db
      .select({ n: count() })
      .from(members)
      .where(inArray(members.status, ['active', 'closing']));
    expect(await couponsOfValue(template.couponValue)).toHaveLength(open?.n ?? -1);
    const listed = await ops('coupon-templates');
    expect(listed.lines.some((line) => line.startsWith(`${template.code} `))).toBe(true);
    expect(listed.lines.some((line) => line.startsWith('chronic-20 '))).toBe(true);
  });
});
