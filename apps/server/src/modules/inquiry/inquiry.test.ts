import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { runOpsCommand } from '../../ops/commands.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { memoryStorage } from '../../test/memory-storage.ts';
import { seedDemoMember } from '../account/account.seed.ts';
import { products } from '../catalogue/catalogue.module.ts';
import { memberWithOrder } from '../checkout/shop-fixtures.ts';
import { orders } from '../orders/orders.module.ts';
import { seedDemoOrders } from '../orders/orders.seed.ts';
import { patientDataReads } from '../patients/patients.module.ts';
import { seedDemoPatients } from '../patients/patients.seed.ts';
import { givenDiseases, givenPatient, inquiryBody, RIGHT_ANSWERS } from './inquiry.fixtures.ts';
import { orderInquiries } from './inquiry.schema.ts';
import { seedDemoInquiries } from './inquiry.seed.ts';
import { updateRxOrderSettings } from './rx-settings.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await givenDiseases(t);
  // The bans these tests rely on, whatever the catalogue's reference data says.
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
const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers });
const submit = (headers: Headers, ordersCode: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `${API}/v2/orders/inquiry/perfect/${ordersCode}`, headers, payload });
const orderRow = async (code: string) => (await t.db.select().from(orders).where(eq(orders.ordersCode, code)))[0]!;
const ops = (...argv: string[]) => runOpsCommand(t.opsDeps(), argv);

/** A member with a prescription order (amlodipine, 1000401) waiting for the audit, and a verified patient. */
async function rxOrderWithPatient(patient: Parameters<typeof givenPatient>[2] = {}) {
  const placed = await memberWithOrder(t, '1000401');
  const person = await givenPatient(t, placed.member.id, patient);
  return { ...placed, patient: person };
}

describe('GET /v2/orders/inquiry/{ordersCode}', () => {
  it('shows the prescription products with their bans and usual diagnoses, the settings, nothing submitted', async () => {
    const { headers, order } = await rxOrderWithPatient();
    const reply = await get(headers, `/v2/orders/inquiry/${order.ordersCode}`);
    expect(reply.statusCode).toBe(200);
    const data = reply.json();
    expect(data).toMatchObject({ ordersCode: order.ordersCode, isPerfect: false, patientVo: null, status: null });
    expect(data.settings).toMatchObject({ isNeedUserValidation: true, isDiseaseRequired: true });
    expect(data.products).toHaveLength(1);
    expect(data.products[0]).toMatchObject({ productCode: '1000401', forbiddenAgeLess: 18, forbiddenAgeGreater: 80 });
    expect(data.products[0].diseasesList).toContainEqual({
      diseasesDesc: '原发性高血压',
      icdCode: 'I10',
      sex: 'common',
      isDefault: true,
      isCustom: false,
      selected: true,
    });
  });

  it('answers 404 for another member’s order and 409 for an order without prescription drugs', async () => {
    const { order } = await rxOrderWithPatient();
    const other = await t.createSignedInMember();
    expect((await get(other.headers, `/v2/orders/inquiry/${order.ordersCode}`)).statusCode).toBe(404);
    const ordinary = await memberWithOrder(t, '1000101');
    const reply = await get(ordinary.headers, `/v2/orders/inquiry/${ordinary.order.ordersCode}`);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe('该订单无需问诊');
  });
});

describe('POST /v2/orders/inquiry/perfect/{ordersCode}', () => {
  it('stores the inquiry with the patient encrypted, logs the read, and the order can then be paid', async () => {
    const { headers, order, patient, member } = await rxOrderWithPatient();
    const reply = await submit(headers, order.ordersCode, inquiryBody(patient.id, '1000401', ['I10']));
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ ordersCode: order.ordersCode, isPerfect: true, status: 'reviewing' });
    expect((await orderRow(order.ordersCode)).isPrescriptionComplete).toBe(true);

    const raw = await queryRows<{ patient_snapshot_enc: string; patient_name: string }>(
      t.db,
      sql`select patient_snapshot_enc, patient_name from order_inquiries where member_id = ${member.id}`,
    );
    expect(raw[0].patient_name).toBe('张三');
    expect(raw[0].patient_snapshot_enc).not.toContain(patient.idCard);
    expect(raw[0].patient_snapshot_enc.startsWith('v1.')).toBe(true);
    const reads = await t.db.select().from(patientDataReads).where(eq(patientDataReads.patientId, patient.id));
    expect(reads).toEqual([expect.objectContaining({ actor: 'member', purpose: 'inquiry snapshot' })]);

    const data = (await get(headers, `/v2/orders/inquiry/${order.ordersCode}`)).json();
    expect(data).toMatchObject({ isPerfect: true, status: 'reviewing' });
    expect(data.patientVo.idCardNumber).toMatch(/^110\*+\d{3}[\dX]$/);

    const pay = await t.app.inject({
      method: 'POST',
      url: `${API}/v2/pay`,
      headers,
      payload: { userId: member.id, orderCodes: order.ordersCode, paymentType: 99, platform: 'PC' },
    });
    expect(pay.statusCode).toBe(200);

    const again = await submit(headers, order.ordersCode, inquiryBody(patient.id, '1000401', ['I10']));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('该订单已完成问诊');
  });

  const refusals: [string, (ids: { patientId: number }) => object, string][] = [
    ['no patient of the member', () => inquiryBody(999999, '1000401', ['I10']), '用药人信息不能为空'],
    ['no disease chosen', ({ patientId }) => inquiryBody(patientId, '1000401', []), '请选择确诊疾病'],
    [
      'a disease not in the dictionary',
      ({ patientId }) => inquiryBody(patientId, '1000401', ['Z99.99']),
      '所选疾病不存在，请重新选择',
    ],
    [
      'a disease for the other sex',
      ({ patientId }) => inquiryBody(patientId, '1000401', ['I10', 'N94.6']),
      '所选用药人性别不适用，请更换用药人',
    ],
    [
      'another product than the order’s',
      ({ patientId }) => inquiryBody(patientId, '1000402', ['E11.9']),
      '问诊商品与订单不符，请刷新后重试',
    ],
    [
      'a wrong answer to question 1',
      ({ patientId }) => ({
        ...inquiryBody(patientId, '1000401', ['I10']),
        prescriptionAnswer: RIGHT_ANSWERS.map((a, i) => (i === 0 ? { ...a, answer: '否' } : a)),
      }),
      '您存在相关禁忌症',
    ],
    [
      'a wrong answer to question 3',
      ({ patientId }) => ({
        ...inquiryBody(patientId, '1000401', ['I10']),
        prescriptionAnswer: RIGHT_ANSWERS.map((a, i) => (i === 2 ? { ...a, answer: '是' } : a)),
      }),
      '您对该药品存在不良反应',
    ],
    [
      'a missing answer',
      ({ patientId }) => ({
        ...inquiryBody(patientId, '1000401', ['I10']),
        prescriptionAnswer: RIGHT_ANSWERS.slice(0, 2),
      }),
      '请回答全部问诊问题',
    ],
    [
      'no consent',
      ({ patientId }) => ({ ...inquiryBody(patientId, '1000401', ['I10']), isConfirmed: false }),
      '请确认已在线下确诊并使用过该药品',
    ],
    [
      'six self-added diseases',
      ({ patientId }) => ({
        ...inquiryBody(patientId, '1000401', ['I10']),
        skus: [{ productCode: '1000401', diseases: ['I10'], customizeDiseases: ['一', '二', '三', '四', '五', '六'] }],
      }),
      '最多添加5个疾病',
    ],
    [
      'a self-added disease twice',
      ({ patientId }) => ({
        ...inquiryBody(patientId, '1000401', ['I10']),
        skus: [{ productCode: '1000401', diseases: ['I10'], customizeDiseases: ['原发性高血压'] }],
      }),
      '该疾病已存在',
    ],
    [
      'a prescription image that is not the member’s upload',
      ({ patientId }) => ({
        ...inquiryBody(patientId, '1000401', ['I10']),
        prescriptionImages: ['https://evil.example/x.png'],
      }),
      '处方图片无效，请重新上传',
    ],
  ];
  it.each(refusals)('refuses %s (400, message shown, order unchanged)', async (_what, body, message) => {
    const { headers, order, patient } = await rxOrderWithPatient({ sex: 0 });
    const reply = await submit(headers, order.ordersCode, body({ patientId: patient.id }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(message);
    expect((await orderRow(order.ordersCode)).isPrescriptionComplete).toBe(false);
    expect(await t.db.select().from(orderInquiries).where(eq(orderInquiries.memberId, patient.memberId))).toEqual([]);
  });

  it('refuses an unverified patient, a child under the ban and a patient over it', async () => {
    for (const [values, message] of [
      [{ isValidateName: false }, '用药人未实名认证'],
      [{ birth: '20150101' }, '药品存在禁忌症，请检查用药人或更换用药人'],
      [{ birth: '19300101' }, '药品存在禁忌症，请检查用药人或更换用药人'],
    ] as const) {
      const { headers, order, patient } = await rxOrderWithPatient(values);
      const reply = await submit(headers, order.ordersCode, inquiryBody(patient.id, '1000401', ['I10']));
      expect(reply.json().message).toBe(message);
      expect((await orderRow(order.ordersCode)).isPrescriptionComplete).toBe(false);
    }
  });

  it('refuses another member’s order (404) and another member’s patient (400)', async () => {
    const mine = await rxOrderWithPatient();
    const other = await rxOrderWithPatient();
    const theirs = await submit(mine.headers, other.order.ordersCode, inquiryBody(mine.patient.id, '1000401', ['I10']));
    expect(theirs.statusCode).toBe(404);
    const theirPatient = await submit(
      mine.headers,
      mine.order.ordersCode,
      inquiryBody(other.patient.id, '1000401', ['I10']),
    );
    expect(theirPatient.json().message).toBe('用药人信息不能为空');
  });

  it('follows the operator’s Rx settings: unverified patients and no disease allowed when switched off', async () => {
    await updateRxOrderSettings(t.db, { isNeedUserValidation: false, isDiseaseRequired: false }, t.clock);
    try {
      const { headers, order, patient } = await rxOrderWithPatient({ isValidateName: false });
      const reply = await submit(headers, order.ordersCode, inquiryBody(patient.id, '1000401', []));
      expect(reply.statusCode).toBe(200);
    } finally {
      await updateRxOrderSettings(t.db, { isNeedUserValidation: true, isDiseaseRequired: true }, t.clock);
    }
  });

  it('takes the order code in the body at perfectV2', async () => {
    const { headers, order, patient } = await rxOrderWithPatient();
    const reply = await t.app.inject({
      method: 'POST',
      url: `${API}/v2/orders/inquiry/perfectV2`,
      headers,
      payload: { ...inquiryBody(patient.id, '1000401', ['I10']), ordersCode: order.ordersCode },
    });
    expect(reply.statusCode).toBe(200);
  });
});

describe('self-typed diseases (perfect/{ordersCode})', () => {
  const withDiseases = (patientId: number, diseases: string[], customizeDiseases: string[]) => ({
    ...inquiryBody(patientId, '1000401', diseases),
    skus: [{ productCode: '1000401', diseases, customizeDiseases }],
  });

  it.each([
    ['the dictionary code N40', ['N40'], []],
    ['its name typed, without the code', [], ['前列腺增生']],
    ['its name typed beside a common diagnosis', ['I10'], ['前列腺增生']],
  ])('refuses a female patient 前列腺增生 given as %s', async (_what, codes, typed) => {
    const { headers, order, patient, member } = await rxOrderWithPatient({ sex: 1 });
    const reply = await submit(headers, order.ordersCode, withDiseases(patient.id, codes, typed));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('所选用药人性别不适用，请更换用药人');
    expect((await orderRow(order.ordersCode)).isPrescriptionComplete).toBe(false);
    expect(await t.db.select().from(orderInquiries).where(eq(orderInquiries.memberId, member.id))).toEqual([]);
  });

  it('needs a dictionary diagnosis: typed names alone that are not in it are not enough', async () => {
    const { headers, order, patient, member } = await rxOrderWithPatient();
    const reply = await submit(headers, order.ordersCode, withDiseases(patient.id, [], ['高血压病', '夜间腿抽筋']));
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      message: '请选择确诊疾病',
      fields: [{ field: 'skus.0.diseases', message: '请选择确诊疾病' }],
    });
    expect(await t.db.select().from(orderInquiries).where(eq(orderInquiries.memberId, member.id))).toEqual([]);
  });

  it('stores a typed dictionary name as that entry, other typed names as the shopper’s own', async () => {
    const { headers, order, patient } = await rxOrderWithPatient({ sex: 0 });
    const reply = await submit(headers, order.ordersCode, withDiseases(patient.id, [], ['前列腺增生', '夜间腿抽筋']));
    expect(reply.statusCode, reply.body).toBe(200);
    const [lookup] = (
      await get(headers, `/v5/orders/prescriptionSign/findByOrdersCodes?ordersCodes=${order.ordersCode}`)
    ).json();
    expect(lookup.prescriptionSignExternal.diseaseData).toEqual([
      {
        productCode: '1000401',
        diseasesList: [
          { icdName: '前列腺增生', icdCode: 'N40', isCustom: false },
          { icdName: '夜间腿抽筋', icdCode: null, isCustom: true },
        ],
      },
    ]);
  });

  it('refuses a typed name of a dictionary diagnosis also chosen by its code', async () => {
    const { headers, order, patient } = await rxOrderWithPatient();
    const reply = await submit(headers, order.ordersCode, withDiseases(patient.id, ['N40'], ['前列腺增生']));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('该疾病已存在');
  });
});

describe('one answer per known question (perfect/{ordersCode} and perfectV2)', () => {
  const [diagnosed, allergy, adverse] = RIGHT_ANSWERS;
  const invented = { question: '药师备注：已电话核实，可直接通过', answer: '是' };
  const answerSets: [string, object[], string][] = [
    [
      'the allergy and adverse-reaction questions answered again with 是, plus an invented line',
      [...RIGHT_ANSWERS, { ...allergy!, answer: '是' }, { ...adverse!, answer: '是' }, invented],
      '每个问诊问题只能回答一次',
    ],
    [
      'a question answered twice, contradicting itself',
      [...RIGHT_ANSWERS, { ...allergy!, answer: '是' }],
      '每个问诊问题只能回答一次',
    ],
    ['a question answered twice alike', [diagnosed!, diagnosed!, allergy!, adverse!], '每个问诊问题只能回答一次'],
    ['an invented question beside the three', [...RIGHT_ANSWERS, invented], '问诊问题有误，请刷新后重试'],
    [
      'an invented question instead of one of the three',
      [diagnosed!, allergy!, invented],
      '问诊问题有误，请刷新后重试',
    ],
  ];
  const endpoints: [string, (headers: Headers, ordersCode: string, payload: object) => ReturnType<typeof submit>][] = [
    ['perfect/{ordersCode}', submit],
    [
      'perfectV2',
      (headers, ordersCode, payload) =>
        t.app.inject({
          method: 'POST',
          url: `${API}/v2/orders/inquiry/perfectV2`,
          headers,
          payload: { ...payload, ordersCode },
        }),
    ],
  ];
  const cases = endpoints.flatMap(([endpoint, send]) =>
    answerSets.map(([what, answers, message]) => [endpoint, what, send, answers, message] as const),
  );

  it.each(cases)(
    '%s refuses %s (400, nothing stored, not payable)',
    async (_endpoint, _what, send, answers, message) => {
      const { headers, order, patient, member } = await rxOrderWithPatient();
      const reply = await send(headers, order.ordersCode, {
        ...inquiryBody(patient.id, '1000401', ['I10']),
        prescriptionAnswer: answers,
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ message, fields: [{ field: 'prescriptionAnswer', message }] });
      expect((await orderRow(order.ordersCode)).isPrescriptionComplete).toBe(false);
      expect(await t.db.select().from(orderInquiries).where(eq(orderInquiries.memberId, member.id))).toEqual([]);
      const pay = await t.app.inject({
        method: 'POST',
        url: `${API}/v2/pay`,
        headers,
        payload: { userId: member.id, orderCodes: order.ordersCode, paymentType: 99, platform: 'PC' },
      });
      expect(pay.statusCode).toBe(409);
      expect(pay.json().message).toBe('请先完善处方问诊信息后再付款');
    },
  );
});

describe('the pharmacist’s review and the prescription', () => {
  it('lists the waiting inquiry, passes it with the pharmacist’s name; the member sees the prescription', async () => {
    const { headers: firstHeaders, order, patient, member } = await rxOrderWithPatient();
    let headers = firstHeaders;
    expect((await get(headers, `/v2/orders/${order.ordersCode}/prescription`)).statusCode).toBe(404);
    await submit(headers, order.ordersCode, inquiryBody(patient.id, '1000401', ['I10']));

    const queue = await ops('inquiries', '--pharmacist', '李药师');
    expect(queue.lines.join('\n')).toContain(`■ ${order.ordersCode}`);
    expect(queue.lines.join('\n')).toContain('原发性高血压(I10)');
    const reads = await t.db.select().from(patientDataReads).where(eq(patientDataReads.patientId, patient.id));
    expect(reads.map((read) => read.actor)).toContain('pharmacist:李药师');

    expect((await ops('audit', order.ordersCode, 'pass')).ok).toBe(false);
    t.clock.advanceMinutes(45);
    const passed = await ops('audit', order.ordersCode, 'pass', '--pharmacist', '李药师');
    expect(passed.lines[0]).toContain('审核通过 passed by 李药师 → 待付款 (waitPay)');
    // The payment deadline counts from the review, not from placing the order.
    expect((await orderRow(order.ordersCode)).payDeadline!.getTime()).toBeGreaterThan(
      t.clock.now().getTime() + 29 * 60_000,
    );
    headers = { authorization: (await t.signIn(member.id)).authorization }; // the first sign-in has expired

    const lookup = (
      await get(headers, `/v5/orders/prescriptionSign/findByOrdersCodes?ordersCodes=${order.ordersCode}`)
    ).json();
    expect(lookup).toEqual([
      expect.objectContaining({
        ordersCode: order.ordersCode,
        status: 'passed',
        statusText: '审核通过',
        pharmacistName: '李药师',
      }),
    ]);
    const prescription = await get(headers, `/v2/orders/${order.ordersCode}/prescription`);
    expect(prescription.statusCode).toBe(200);
    expect(prescription.json()).toMatchObject({
      patient: { name: '张三' },
      diagnoses: ['原发性高血压'],
      drugs: [expect.objectContaining({ productCode: '1000401' })],
      pharmacistName: '李药师',
    });
    expect((await ops('audit', order.ordersCode, 'reject', '--pharmacist', '李药师', '--reason', '晚了')).ok).toBe(
      false,
    );
  });

  it('rejects with a reason: the order is canceled and the member sees why', async () => {
    const { headers, order, patient } = await rxOrderWithPatient();
    await submit(headers, order.ordersCode, inquiryBody(patient.id, '1000401', ['I10']));
    expect((await ops('audit', order.ordersCode, 'reject', '--pharmacist', '李药师')).ok).toBe(false);
    const rejected = await ops(
      'audit',
      order.ordersCode,
      'reject',
      '--pharmacist',
      '李药师',
      '--reason',
      '诊断与药品不符',
    );
    expect(rejected.lines[0]).toContain('→ 已取消 (canceled)');
    const [lookup] = (
      await get(headers, `/v5/orders/prescriptionSign/findByOrdersCodes?ordersCodes=${order.ordersCode}`)
    ).json();
    expect(lookup).toMatchObject({ status: 'rejected', statusText: '未通过', rejectReason: '诊断与药品不符' });
    expect((await get(headers, `/v2/orders/${order.ordersCode}/prescription`)).statusCode).toBe(404);
  });

  it('shows and changes the Rx order settings', async () => {
    expect((await ops('rx-settings')).lines).toContain('isDiseaseRequired = true');
    expect((await ops('rx-settings', 'isPrescriptionImageRequired=maybe')).ok).toBe(false);
    expect((await ops('rx-settings', 'nonsense=true')).ok).toBe(false);
    expect((await ops('rx-settings', 'isPrescriptionImageRequired=true')).lines).toContain(
      'isPrescriptionImageRequired = true',
    );
    // The pages read them on every call.
    const { headers, order } = await rxOrderWithPatient();
    const data = (await get(headers, `/v2/orders/inquiry/${order.ordersCode}`)).json();
    expect(data.settings.isPrescriptionImageRequired).toBe(true);
    await ops('rx-settings', 'isPrescriptionImageRequired=false');
  });

  it('refuses a review of an order without a waiting inquiry', async () => {
    const { order } = await rxOrderWithPatient();
    const result = await ops('audit', order.ordersCode, 'pass', '--pharmacist', '李药师');
    expect(result).toEqual({ ok: false, lines: ['✘ 该订单没有待审核的问诊 (409)'] });
    expect((await orderRow(order.ordersCode)).orderType).toBe('waitAudit');
  });
});

describe('demo data', () => {
  it('gives the demo member prescription orders in every inquiry state; idempotent', async () => {
    const storage = memoryStorage();
    const demo = await seedDemoMember(t.db, t.clock);
    await seedDemoOrders(t.db, t.clock);
    await seedDemoPatients(t.db, t.clock, storage, t.app.services.secrets);
    await seedDemoInquiries(t.db, t.clock, storage, t.app.services.secrets);
    await seedDemoInquiries(t.db, t.clock, storage, t.app.services.secrets);

    const rxOrders = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.memberId, demo.id), eq(orders.isRxDrug, true)));
    const headers = { authorization: (await t.signIn(demo.id)).authorization };
    const codes = rxOrders.map((order) => order.ordersCode).join(',');
    const lookup: { ordersCode: string; status: string }[] = (
      await get(headers, `/v5/orders/prescriptionSign/findByOrdersCodes?ordersCodes=${codes}`)
    ).json();
    const statusOf = (type: string) =>
      rxOrders
        .filter((order) => order.orderType === type)
        .map((order) => lookup.find((item) => item.ordersCode === order.ordersCode)?.status ?? 'none')
        .sort();
    expect(statusOf('waitAudit')).toEqual(['none', 'reviewing']);
    expect(statusOf('waitPay')).toEqual(['passed']);
    expect(statusOf('canceled')).toEqual(['rejected']);
    expect(lookup).toHaveLength(rxOrders.length - 1);
  });
});
