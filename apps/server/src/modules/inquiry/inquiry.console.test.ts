import { MSG } from '@anxin/shared/common/messages';
import type { StaffRole } from '@anxin/shared/staff/staff-roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCommand } from '../../ops/commands.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { staffAuditLog } from '../audit/audit.module.ts';
import { memberWithOrder } from '../checkout/shop-fixtures.ts';
import { orders } from '../orders/orders.module.ts';
import { patientDataReads } from '../patients/patients.module.ts';
import { givenDiseases, givenPatient, inquiryBody } from './inquiry.fixtures.ts';

// 处方审核 in the console (docs/CONSOLE.md): the queue, one inquiry in full and the verdict, for rx.review only,
// each verdict audited in its own transaction, the command line's too.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await givenDiseases(t);
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const API = '/web-gateway';
const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers });
const post = (headers: Headers, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `${API}${url}`, headers, payload });
const auditOf = (code: string) => t.db.select().from(staffAuditLog).where(eq(staffAuditLog.objectId, code));
const orderRow = async (code: string) => (await t.db.select().from(orders).where(eq(orders.ordersCode, code)))[0];

/** A prescription order whose inquiry waits for the pharmacist. */
async function waitingInquiry() {
  const placed = await memberWithOrder(t, '1000401');
  const patient = await givenPatient(t, placed.member.id, { name: '李四' });
  const submitted = await post(
    placed.headers,
    `/v2/orders/inquiry/perfect/${placed.order.ordersCode}`,
    inquiryBody(patient.id, '1000401', ['I10']),
  );
  expect(submitted.statusCode, submitted.body).toBe(200);
  return { ...placed, patient };
}

describe('who may review', () => {
  it('lets the pharmacist and the admin in; other roles get 403, a member token or none 401', async () => {
    const { order } = await waitingInquiry();
    const routes = [
      (headers: Headers) => get(headers, '/admin/inquiries'),
      (headers: Headers) => get(headers, `/admin/inquiries/${order.ordersCode}`),
      (headers: Headers) => post(headers, `/admin/inquiries/AXNOSUCHORDER/audit`, { verdict: 'pass' }),
    ];
    const expected: [StaffRole, number[]][] = [
      ['pharmacist', [200, 200, 404]],
      ['admin', [200, 200, 404]],
      ['service', [403, 403, 403]],
      ['warehouse', [403, 403, 403]],
      ['operations', [403, 403, 403]],
    ];
    for (const [role, statuses] of expected) {
      const { headers } = await t.signedInStaff([role]);
      for (const [index, call] of routes.entries())
        expect((await call(headers)).statusCode, role).toBe(statuses[index]);
    }
    const member = await t.createSignedInMember();
    for (const call of routes) {
      expect((await call(member.headers)).statusCode).toBe(401);
      expect((await call({})).statusCode).toBe(401);
    }
  });
});

describe('the queue and one inquiry', () => {
  it('lists the waiting orders oldest first with their waiting time, without the patient’s details', async () => {
    const first = await waitingInquiry();
    t.clock.advanceMinutes(20);
    const second = await waitingInquiry();
    const { headers } = await t.signedInStaff(['pharmacist']);
    const queue = (await get(headers, '/admin/inquiries')).json() as { ordersCode: string; waitingMinutes: number }[];
    const codes = queue.map((item) => item.ordersCode);
    expect(codes.indexOf(first.order.ordersCode)).toBeLessThan(codes.indexOf(second.order.ordersCode));
    expect(queue.find((item) => item.ordersCode === first.order.ordersCode)).toMatchObject({
      waitingMinutes: 20,
      patientName: '李四',
      productNames: [expect.any(String)],
      isPaid: false,
    });
    expect(JSON.stringify(queue)).not.toContain(first.patient.idCard);
  });

  it('shows one inquiry in full but masked, with ICD-10 codes, answers and drugs; the read is logged', async () => {
    const { order, patient, member, headers: memberHeaders } = await waitingInquiry();
    // An earlier prescription of the same member, rejected.
    const earlier = await memberWithOrder(t, '1000401');
    await t.db.update(orders).set({ memberId: member.id }).where(eq(orders.ordersCode, earlier.order.ordersCode));
    await post(
      memberHeaders,
      `/v2/orders/inquiry/perfect/${earlier.order.ordersCode}`,
      inquiryBody(patient.id, '1000401', ['I10']),
    );
    await runOpsCommand(t.opsDeps(), [
      'audit',
      earlier.order.ordersCode,
      'reject',
      '--pharmacist',
      '王药师',
      '--reason',
      '用药人信息有误',
    ]);

    const { staff, headers } = await t.signedInStaff(['pharmacist']);
    const reply = await get(headers, `/admin/inquiries/${order.ordersCode}`);
    expect(reply.statusCode, reply.body).toBe(200);
    const detail = reply.json();
    expect(reply.body).not.toContain(patient.idCard);
    expect(detail).toMatchObject({
      ordersCode: order.ordersCode,
      status: 'reviewing',
      orderType: 'waitAudit',
      patient: {
        name: '李四',
        age: expect.any(Number),
        sex: 0,
        idCardNumber: `110***********${patient.idCard.slice(-4)}`,
      },
      diagnoses: [{ productCode: '1000401', diseases: [{ icdCode: 'I10', icdName: '原发性高血压', isCustom: false }] }],
      drugs: [expect.objectContaining({ productCode: '1000401', amount: 1 })],
      pharmacistName: null,
    });
    expect(detail.answers).toHaveLength(3);
    expect(detail.earlierPrescriptions).toEqual([
      expect.objectContaining({
        ordersCode: earlier.order.ordersCode,
        status: 'rejected',
        diseases: ['原发性高血压'],
        rejectReason: '用药人信息有误',
      }),
    ]);
    const reads = await t.db.select().from(patientDataReads).where(eq(patientDataReads.patientId, patient.id));
    expect(reads.map((read) => read.actor)).toContain(`staff:${staff.loginName}`);
    expect((await get(headers, '/admin/inquiries/AXNOSUCHORDER')).statusCode).toBe(404);
  });
});

describe('the verdict', () => {
  it('passes: the order moves on, the member sees the pharmacist, the log has who, roles and before → after', async () => {
    const { order, headers: memberHeaders } = await waitingInquiry();
    const { staff, headers } = await t.signedInStaff(['pharmacist']);
    const reply = await post(headers, `/admin/inquiries/${order.ordersCode}/audit`, { verdict: 'pass' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ ordersCode: order.ordersCode, status: 'passed', orderType: 'waitPay' });
    const [lookup] = (
      await get(memberHeaders, `/v5/orders/prescriptionSign/findByOrdersCodes?ordersCodes=${order.ordersCode}`)
    ).json();
    expect(lookup).toMatchObject({ status: 'passed', pharmacistName: staff.displayName });

    const entries = await auditOf(order.ordersCode);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      staffId: staff.id,
      actor: staff.loginName,
      roles: ['pharmacist'],
      action: 'rx.pass',
      objectType: 'order',
      before: { inquiryStatus: 'reviewing', orderType: 'waitAudit' },
      after: { inquiryStatus: 'passed', orderType: 'waitPay', pharmacistName: staff.displayName },
    });

    // A second verdict is refused and writes nothing.
    const again = await post(headers, `/admin/inquiries/${order.ordersCode}/audit`, { verdict: 'pass' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.inquiryNotWaiting);
    expect(await auditOf(order.ordersCode)).toHaveLength(1);
  });

  it('rejects only with a listed reason; the member reads the reason and the note; the order is cancelled', async () => {
    const { order, headers: memberHeaders } = await waitingInquiry();
    const { headers } = await t.signedInStaff(['pharmacist']);
    const url = `/admin/inquiries/${order.ordersCode}/audit`;
    const refusals: [object, string][] = [
      [{ verdict: 'reject' }, MSG.rxRejectReasonRequired],
      [{ verdict: 'reject', reason: '看着不像' }, MSG.rxRejectReasonUnknown],
      [{ verdict: 'reject', reason: '其他', note: '长'.repeat(81) }, MSG.rxReviewNoteTooLong],
    ];
    for (const [body, message] of refusals) {
      const reply = await post(headers, url, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json().message).toBe(message);
    }
    expect(await auditOf(order.ordersCode)).toEqual([]);
    expect((await orderRow(order.ordersCode))?.orderType).toBe('waitAudit');

    const reply = await post(headers, url, { verdict: 'reject', reason: '诊断与所购药品不符', note: '请补充诊断' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ status: 'rejected', orderType: 'canceled' });
    const [lookup] = (
      await get(memberHeaders, `/v5/orders/prescriptionSign/findByOrdersCodes?ordersCodes=${order.ordersCode}`)
    ).json();
    expect(lookup).toMatchObject({ status: 'rejected', rejectReason: '诊断与所购药品不符：请补充诊断' });
    const [entry] = await auditOf(order.ordersCode);
    expect(entry).toMatchObject({
      action: 'rx.reject',
      after: { inquiryStatus: 'rejected', orderType: 'canceled', rejectReason: '诊断与所购药品不符：请补充诊断' },
    });
  });

  it('the command line’s verdict is audited too, as ops', async () => {
    const { order } = await waitingInquiry();
    const result = await runOpsCommand(t.opsDeps(), ['audit', order.ordersCode, 'pass', '--pharmacist', '李药师']);
    expect(result.ok).toBe(true);
    const [entry] = await auditOf(order.ordersCode);
    expect(entry).toMatchObject({ actor: 'ops', staffId: null, roles: [], action: 'rx.pass' });
  });
});
