import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCommand } from '../../ops/commands.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { uploads } from '../uploads/uploads.module.ts';
import { merchantApplications } from './merchants.schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const entryUrl = '/web-gateway/v2/merchants/entry';
const getEntry = (headers: Headers) => t.app.inject({ method: 'GET', url: entryUrl, headers });
const apply = (headers: Headers, payload: object) => t.app.inject({ method: 'POST', url: entryUrl, headers, payload });
const ops = (...argv: string[]) => runOpsCommand(t.opsDeps(), ['merchant-entry', ...argv]);

/** An upload row of the member (what POST /v2/upload writes after checking the bytes); its files URL. */
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

async function applicant() {
  const signed = await t.createSignedInMember();
  const body = {
    companyName: '安心示范大药房有限公司',
    creditCode: '91350100M000100Y43',
    drugLicenceNo: '粤AA7550001',
    contactName: '王经理',
    contactPhone: '13912345678',
    businessLicenceImage: await givenUpload(signed.member.id),
    drugLicenceImage: await givenUpload(signed.member.id),
  };
  return { ...signed, body };
}

describe('/v2/merchants/entry', () => {
  it('stores an application the applicant then sees as 审核中, with the phone masked', async () => {
    const { headers, body } = await applicant();
    expect((await getEntry(headers)).json()).toEqual({ entry: null });
    const applied = await apply(headers, { ...body, creditCode: '91350100m000100y43' });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(applied.json()).toMatchObject({ status: 0, creditCode: '91350100M000100Y43', contactPhone: '139****5678' });
    expect((await getEntry(headers)).json().entry).toMatchObject({ status: 0, companyName: '安心示范大药房有限公司' });
    expect((await getEntry({})).statusCode).toBe(401);
  });

  it('refuses bad licence numbers, contact and images with the field’s message, storing nothing', async () => {
    const { member, headers, body } = await applicant();
    const other = await t.createMember();
    const cases: [object, string][] = [
      [{ creditCode: '91350100M000100Y44' }, '请输入正确的统一社会信用代码'],
      [{ creditCode: '9135010' }, '请输入正确的统一社会信用代码'],
      [{ drugLicenceNo: 'AA7550001' }, '请输入正确的药品经营许可证编号'],
      [{ companyName: '药' }, '企业名称为2-50个字'],
      [{ contactName: 'x' }, '联系人为2-10位中文或英文'],
      [{ contactPhone: '1234' }, '请输入正确的手机号'],
      [{ businessLicenceImage: '' }, '请上传营业执照照片'],
      [{ businessLicenceImage: 'https://elsewhere.example/a.png' }, '请上传营业执照照片'],
      [{ drugLicenceImage: await givenUpload(other.id) }, '请上传药品经营许可证照片'],
      [{ drugLicenceImage: await givenUpload(member.id, 'common') }, '请上传药品经营许可证照片'],
    ];
    for (const [change, message] of cases) {
      const reply = await apply(headers, { ...body, ...change });
      expect(reply.statusCode, JSON.stringify(change)).toBe(400);
      expect(reply.json().message).toBe(message);
    }
    expect((await getEntry(headers)).json()).toEqual({ entry: null });
  });

  it('one pending at a time; the operator rejects with a reason, the member applies again, then approves', async () => {
    const { headers, body } = await applicant();
    const first = (await apply(headers, body)).json();
    const again = await apply(headers, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('您的入驻申请正在审核中，请耐心等待');

    const listed = await ops();
    expect(listed.lines.join('\n')).toContain(`■ ${first.id}  安心示范大药房有限公司`);
    expect(listed.lines.join('\n')).toMatch(/营业执照 http.*\/v2\/upload\/private\/.*sig=/);
    expect((await ops(String(first.id), 'reject')).ok).toBe(false);
    expect((await ops(String(first.id), 'reject', '--reason', '营业执照照片不清晰')).ok).toBe(true);
    expect((await getEntry(headers)).json().entry).toMatchObject({ status: 2, rejectReason: '营业执照照片不清晰' });
    expect((await ops(String(first.id), 'approve')).lines[0]).toContain('(409)');

    const second = (await apply(headers, body)).json();
    expect(second.status).toBe(0);
    expect((await ops(String(second.id), 'approve')).ok).toBe(true);
    expect((await getEntry(headers)).json().entry).toMatchObject({ id: second.id, status: 1, rejectReason: null });
    const third = await apply(headers, body);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('您的入驻申请已通过，无需重复提交');
    expect((await ops('999999', 'approve')).lines[0]).toContain('(404)');
  });

  it('two parallel applications of one member store one', async () => {
    const { member, headers, body } = await applicant();
    const replies = await Promise.all([apply(headers, body), apply(headers, body)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.db.select().from(merchantApplications);
    expect(rows.filter((row) => row.memberId === member.id)).toHaveLength(1);
  });
});
