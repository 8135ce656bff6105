import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { runOpsCommand } from '../../ops/commands.ts';
import { sha256 } from '../../platform/crypto.ts';
import { smsOutbox } from '../../platform/platform.schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { products } from '../catalogue/catalogue.module.ts';
import { memberWithOrder } from '../checkout/shop-fixtures.ts';
import { orders } from '../orders/orders.module.ts';
import { patientDataReads } from '../patients/patients.module.ts';
import { privateUrlSigner, uploads } from '../uploads/uploads.module.ts';
import { givenDiseases, givenPatient, inquiryBody } from './inquiry.fixtures.ts';
import { inquiryLinks, orderInquiries } from './inquiry.schema.ts';
import { updateRxOrderSettings } from './rx-settings.ts';

const ORIGIN = 'https://m.anxin.example';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await givenDiseases(t);
  await t.db
    .update(products)
    .set({ forbiddenAgeLess: 18, forbiddenAgeGreater: 80 })
    .where(eq(products.productCode, '1000401'));
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const API = '/web-gateway';
const ops = (...argv: string[]) => runOpsCommand({ ...t.opsDeps(), publicOrigin: ORIGIN }, argv);
const getLink = (headers: Headers, key: string) =>
  t.app.inject({ method: 'GET', url: `${API}/v2/orders/ordersPatient/${key}`, headers });
const saveLink = (headers: Headers, key: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `${API}/v2/orders/ordersPatient/${key}`, headers, payload });

/** A private upload row of the member (what POST /v2/upload?module=private writes); answers its files URL form. */
async function givenUpload(memberId: number, module: 'private' | 'common' = 'private') {
  const name = `${randomUUID()}.png`;
  await t.db.insert(uploads).values({
    name,
    memberId,
    module,
    contentType: 'image/png',
    byteSize: 100,
    width: 10,
    height: 10,
    createdAt: t.clock.now(),
  });
  return `${t.app.services.config.AVATAR_HOST}${name}`;
}

/**
 * A member's prescription order with its inquiry submitted (waiting for the pharmacist), a second verified
 * patient, and a link made by the operator command; answers the key taken from the printed URL.
 */
async function orderWithLink(kind: 'complete' | 'chronic' = 'complete') {
  const placed = await memberWithOrder(t, '1000401');
  const first = await givenPatient(t, placed.member.id);
  const submitted = await t.app.inject({
    method: 'POST',
    url: `${API}/v2/orders/inquiry/perfect/${placed.order.ordersCode}`,
    headers: placed.headers,
    payload: inquiryBody(first.id, '1000401', ['I10']),
  });
  expect(submitted.statusCode).toBe(200);
  const second = await givenPatient(t, placed.member.id, { name: '李四', birth: '19700505' });
  const made = await ops('inquiry-link', placed.order.ordersCode, ...(kind === 'chronic' ? ['--chronic'] : []));
  expect(made.ok).toBe(true);
  const url = made.lines[1]!;
  const key = new URL(url).searchParams.get('useKey')!;
  const [order] = await t.db.select().from(orders).where(eq(orders.ordersCode, placed.order.ordersCode));
  return { ...placed, order: order!, first, second, key, url, made };
}

describe('npm run ops -- inquiry-link', () => {
  it('makes a 72-hour link, stores only its hash, sends the URL by SMS to the consignee and prints it', async () => {
    const { order, key, url, made } = await orderWithLink();
    expect(url).toBe(`${ORIGIN}/user/patientInfo/complete?useKey=${key}`);
    expect(made.lines[0]).toMatch(
      new RegExp(`^✔ ${order.ordersCode} 完善信息链接 complete link valid until .+, SMS sent to 139\\*{4}5678$`),
    );
    const [row] = await t.db
      .select()
      .from(inquiryLinks)
      .where(eq(inquiryLinks.tokenHash, sha256(key)));
    expect(row).toMatchObject({ kind: 'complete', completedAt: null });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(72 * 3600_000);
    const raw = await queryRows<{ token_hash: string }>(t.db, sql`select token_hash from inquiry_links`);
    expect(raw.some((link) => link.token_hash.includes(key))).toBe(false);

    const [sms] = await t.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.phone, order.consigneePhone), like(smsOutbox.content, `%${order.ordersCode}%`)));
    expect(sms!.content).toContain(url);
    expect(sms!.content).toContain('72小时');
  });

  it('makes a 24-hour chronic link', async () => {
    const { key } = await orderWithLink('chronic');
    const [row] = await t.db
      .select()
      .from(inquiryLinks)
      .where(eq(inquiryLinks.tokenHash, sha256(key)));
    expect(row!.kind).toBe('chronic');
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(24 * 3600_000);
  });

  it('refuses a bad command, an unknown order, an order without a waiting inquiry and one without Rx drugs', async () => {
    expect((await ops('inquiry-link')).ok).toBe(false);
    expect((await ops('inquiry-link', 'X', '--weekly')).ok).toBe(false);
    expect(await ops('inquiry-link', 'NOPE')).toEqual({ ok: false, lines: ['✘ 您访问的内容不存在 (404)'] });
    const waiting = await memberWithOrder(t, '1000401');
    expect(await ops('inquiry-link', waiting.order.ordersCode)).toEqual({
      ok: false,
      lines: ['✘ 该订单没有待审核的问诊 (409)'],
    });
    const ordinary = await memberWithOrder(t, '1000101');
    expect((await ops('inquiry-link', ordinary.order.ordersCode)).lines).toEqual(['✘ 该订单无需问诊 (409)']);
  });
});

describe('GET /v2/orders/ordersPatient/{key}', () => {
  it('shows the order, the time left, the image rule and the inquiry’s patient masked', async () => {
    const { member, order, key } = await orderWithLink();
    t.clock.advanceMinutes(60);
    const headers = { authorization: (await t.signIn(member.id)).authorization };
    const reply = await getLink(headers, key);
    expect(reply.statusCode).toBe(200);
    const data = reply.json();
    expect(data).toMatchObject({
      ordersCode: order.ordersCode,
      kind: 'complete',
      isPrescriptionImageRequired: false,
      products: [{ productCode: '1000401' }],
      patient: { name: '张三' },
      prescriptionImages: [],
    });
    expect(data.secondsLeft).toBeGreaterThan(71 * 3600 - 5);
    expect(data.secondsLeft).toBeLessThanOrEqual(71 * 3600);
    expect(data.patient.idCardNumber).toMatch(/^110\*+\d{3}[\dX]$/);
  });

  it('answers 404 to an unknown or malformed key and to another member; 401 when signed out', async () => {
    const { key } = await orderWithLink();
    const other = await t.createSignedInMember();
    expect((await getLink(other.headers, key)).statusCode).toBe(404);
    expect((await getLink(other.headers, 'A'.repeat(43))).statusCode).toBe(404);
    expect((await getLink(other.headers, 'bad key!')).statusCode).toBe(404);
    expect((await getLink({}, key)).statusCode).toBe(401);
  });

  it('expires after 72 hours: 410 链接已失效', async () => {
    const { member, key } = await orderWithLink();
    t.clock.advanceMinutes(72 * 60 - 1);
    let headers = { authorization: (await t.signIn(member.id)).authorization };
    expect((await getLink(headers, key)).json().secondsLeft).toBeLessThanOrEqual(60);
    t.clock.advanceMinutes(1);
    headers = { authorization: (await t.signIn(member.id)).authorization };
    const reply = await getLink(headers, key);
    expect(reply.statusCode).toBe(410);
    expect(reply.json()).toEqual({ code: 'LINK_EXPIRED', message: '链接已失效' });
  });

  it('a chronic link expires after 24 hours', async () => {
    const { member, key } = await orderWithLink('chronic');
    t.clock.advanceMinutes(24 * 60);
    const headers = { authorization: (await t.signIn(member.id)).authorization };
    expect((await getLink(headers, key)).statusCode).toBe(410);
  });

  it('answers 410 once the order is canceled', async () => {
    const { headers, order, key } = await orderWithLink();
    await t.db.update(orders).set({ orderType: 'canceled' }).where(eq(orders.id, order.id));
    expect((await getLink(headers, key)).statusCode).toBe(410);
    const saved = await saveLink(headers, key, { patientId: 1, prescriptionImages: [] });
    expect(saved.statusCode).toBe(410);
  });
});

describe('POST /v2/orders/ordersPatient/{key}', () => {
  it('replaces the inquiry’s patient and images (encrypted, read logged); a complete link stays usable', async () => {
    const { headers, member, order, key, second } = await orderWithLink();
    const images = [await givenUpload(member.id), await givenUpload(member.id)];
    const reply = await saveLink(headers, key, { patientId: second.id, prescriptionImages: images });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ ordersCode: order.ordersCode, kind: 'complete', isCompleted: false });

    const raw = await queryRows<{ prescription_images_enc: string; patient_name: string; patient_id: number }>(
      t.db,
      sql`select prescription_images_enc, patient_name, patient_id from order_inquiries where order_id = ${order.id}`,
    );
    expect(raw[0]).toMatchObject({ patient_name: '李四' });
    expect(Number(raw[0]!.patient_id)).toBe(second.id);
    expect(raw[0]!.prescription_images_enc.startsWith('v1.')).toBe(true);
    expect(raw[0]!.prescription_images_enc).not.toContain(images[0]!.split('/').pop());
    const [saved] = await t.db.select().from(orderInquiries).where(eq(orderInquiries.orderId, order.id));
    // The bare storage names are stored (encrypted), never a URL.
    expect(JSON.parse(t.app.services.cipher.decrypt(saved!.prescriptionImagesEnc))).toEqual(
      images.map((image) => image.split('/').pop()),
    );
    const reads = await t.db.select().from(patientDataReads).where(eq(patientDataReads.patientId, second.id));
    expect(reads).toEqual([expect.objectContaining({ actor: 'member', purpose: 'inquiry snapshot (complete link)' })]);

    const again = (await getLink(headers, key)).json();
    expect(again).toMatchObject({ patient: { name: '李四' } });
    // Shown as signed URLs of the member's private uploads, which the page may send back as they are.
    expect(again.prescriptionImages).toEqual(
      images.map((image) =>
        expect.stringMatching(new RegExp(`^/web-gateway/v2/upload/private/${image.split('/').pop()}\\?exp=\\d+&sig=`)),
      ),
    );
    const resent = await saveLink(headers, key, { patientId: second.id, prescriptionImages: again.prescriptionImages });
    expect(resent.statusCode).toBe(200);
    const [inquiry] = await t.db.select().from(orderInquiries).where(eq(orderInquiries.orderId, order.id));
    expect(inquiry!.status).toBe('reviewing');

    // The pharmacist's queue gives each image as a signed URL of the member's, to open for 10 minutes.
    const queue = (await ops('inquiries', '--pharmacist', '李药师')).lines.filter((line) => line.includes('处方图片'));
    expect(queue).toHaveLength(2);
    const opened = new URL(queue[0]!.trim().split(' ')[1]!);
    expect(opened.origin).toBe(ORIGIN);
    const name = opened.pathname.split('/').pop()!;
    expect(name).toBe(images[0]!.split('/').pop());
    const signer = privateUrlSigner(t.app.services.secrets.fieldKey);
    const [exp, sig] = [opened.searchParams.get('exp') ?? undefined, opened.searchParams.get('sig') ?? undefined];
    expect(signer.verify(name, exp, sig, member.id, t.clock.now())).toBe(true);
  });

  it('uses up a chronic link: afterwards 410', async () => {
    const { headers, key, first } = await orderWithLink('chronic');
    const reply = await saveLink(headers, key, { patientId: first.id });
    expect(reply.json()).toMatchObject({ kind: 'chronic', isCompleted: true });
    const [row] = await t.db
      .select()
      .from(inquiryLinks)
      .where(eq(inquiryLinks.tokenHash, sha256(key)));
    expect(row!.completedAt).not.toBeNull();
    expect((await getLink(headers, key)).statusCode).toBe(410);
    expect((await saveLink(headers, key, { patientId: first.id })).statusCode).toBe(410);
  });

  it('refuses images that are not the member’s uploads, more than 5, and none when the settings require them', async () => {
    const { headers, member, key, first } = await orderWithLink();
    const stranger = await t.createMember();
    const theirs = await givenUpload(stranger.id);
    let reply = await saveLink(headers, key, { patientId: first.id, prescriptionImages: [theirs] });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('处方图片无效，请重新上传');
    reply = await saveLink(headers, key, { patientId: first.id, prescriptionImages: ['https://evil.example/x.png'] });
    expect(reply.json().message).toBe('处方图片无效，请重新上传');
    // A common (public, unencrypted) upload of the member is refused: prescription images must be private.
    reply = await saveLink(headers, key, {
      patientId: first.id,
      prescriptionImages: [await givenUpload(member.id), await givenUpload(member.id, 'common')],
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fields).toEqual([{ field: 'prescriptionImages.1', message: '处方图片无效，请重新上传' }]);

    const six = await Promise.all(Array.from({ length: 6 }, () => givenUpload(member.id)));
    reply = await saveLink(headers, key, { patientId: first.id, prescriptionImages: six });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('最多上传5张处方图片');
    reply = await saveLink(headers, key, { patientId: first.id, prescriptionImages: six.slice(0, 5) });
    expect(reply.statusCode).toBe(200);

    await updateRxOrderSettings(t.db, { isPrescriptionImageRequired: true }, t.clock);
    try {
      expect((await getLink(headers, key)).json().isPrescriptionImageRequired).toBe(true);
      reply = await saveLink(headers, key, { patientId: first.id, prescriptionImages: [] });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe('请上传处方图片');
    } finally {
      await updateRxOrderSettings(t.db, { isPrescriptionImageRequired: false }, t.clock);
    }
  });

  it('refuses another member’s patient, an unverified one, one the drug is banned for; another member gets 404', async () => {
    const { headers, member, key } = await orderWithLink();
    const otherOrder = await memberWithOrder(t, '1000101');
    const theirPatient = await givenPatient(t, otherOrder.member.id);
    const cases: [number, string][] = [
      [theirPatient.id, '用药人信息不能为空'],
      [
        (await givenPatient(t, member.id, { name: '王五', birth: '19750101', isValidateName: false })).id,
        '用药人未实名认证',
      ],
      [
        (await givenPatient(t, member.id, { name: '小明', birth: '20150101' })).id,
        '药品存在禁忌症，请检查用药人或更换用药人',
      ],
    ];
    for (const [patientId, message] of cases) {
      const reply = await saveLink(headers, key, { patientId });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(message);
    }
    const [inquiry] = await t.db.select().from(orderInquiries).where(eq(orderInquiries.memberId, member.id));
    expect(inquiry!.patientName).toBe('张三');
    expect((await saveLink(otherOrder.headers, key, { patientId: theirPatient.id })).statusCode).toBe(404);
  });

  it('refuses once the pharmacist has reviewed the inquiry (409)', async () => {
    const { headers, order, key, first } = await orderWithLink();
    expect((await ops('audit', order.ordersCode, 'pass', '--pharmacist', '李药师')).ok).toBe(true);
    const reply = await saveLink(headers, key, { patientId: first.id });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe('该订单没有待审核的问诊');
  });
});
