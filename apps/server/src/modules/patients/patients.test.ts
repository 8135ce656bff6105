import { Writable } from 'node:stream';
import { ageOn } from '@anxin/shared/common/id-card';
import { MSG } from '@anxin/shared/common/messages';
import { dateToBirthDay, EMPTY_HEALTH_INFO, PATIENT_LIMIT } from '@anxin/shared/patients/patient.contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobCipher } from '../../platform/crypto.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { memoryStorage } from '../../test/memory-storage.ts';
import { seedDemoMember } from '../account/account.seed.ts';
import { multipartBody, photoPng } from '../uploads/fixtures/multipart-body.ts';
import { privateUrlSigner, uploads } from '../uploads/uploads.module.ts';
import { patientDataReads, patients } from './patients.schema.ts';
import { DEMO_GUARDIAN_IMAGE_NAME, demoIdCard, seedDemoPatients } from './patients.seed.ts';
import { patientServiceOf } from './patients.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = { authorization: string };
type Body = Record<string, unknown>;
type Reply = {
  id: number;
  name: string;
  consigneePhone: string;
  idCardNumber: string | null;
  cardNumber: string | null;
  sex: number;
  age: number;
  birthDay: number;
  isDefault: boolean;
  isValidateName: boolean;
  healthInfo: unknown;
  guardianVo: { name: string; phone: string; cardNum: string; certificateImage: string } | null;
  region: Record<string, string | null> | null;
};

/** The China date `years` years and 30 days ago (so the age is exactly `years` on the test clock). */
function birthYearsAgo(years: number) {
  const day = new Date(t.clock.now().getTime() + 8 * 3600_000 - 30 * 86_400_000).toISOString().slice(0, 10);
  const date = `${Number(day.slice(0, 4)) - years}${day.slice(4)}`;
  return date.endsWith('-02-29') ? date.replace(/-29$/, '-28') : date;
}

let sequence = 100;
/** A fresh valid ID card number: adult by default; sequence digits never 999 (the sandbox's failing pair). */
const newIdCard = (birthDate = '1985-04-12') => demoIdCard(birthDate, String(++sequence).padStart(3, '0'));

const validBody = (overrides: Body = {}): Body => ({
  name: '王小明',
  consigneePhone: '13912345678',
  certificateType: 1,
  idCardNumber: newIdCard(),
  relationLabel: 'self',
  healthInfo: {
    ...EMPTY_HEALTH_INFO,
    drugAllergy: { status: 1, labels: ['青霉素类'], other: '芒果过敏' },
  },
  ...overrides,
});

const url = (path = '') => `/web-gateway/patients${path}`;
const post = (headers: Headers, payload: Body) => t.app.inject({ method: 'POST', url: url(), headers, payload });
const get = (headers: Headers, path: string) => t.app.inject({ method: 'GET', url: url(path), headers });
const remove = (headers: Headers, id: number) => t.app.inject({ method: 'DELETE', url: url(`/${id}`), headers });
const makeDefault = (headers: Headers, id: number) =>
  t.app.inject({ method: 'PUT', url: url(`/${id}/default`), headers });
const list = async (headers: Headers) => {
  const reply = await get(headers, '');
  expect(reply.statusCode).toBe(200);
  return reply.json() as Reply[];
};
async function createOk(headers: Headers, overrides: Body = {}) {
  const reply = await post(headers, validBody(overrides));
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json() as Reply;
}
const rowsOf = (memberId: number) => t.db.select().from(patients).where(eq(patients.memberId, memberId));
const rowOf = async (id: number) => (await t.db.select().from(patients).where(eq(patients.id, id)))[0];
const readsOf = (patientId: number) =>
  t.db.select().from(patientDataReads).where(eq(patientDataReads.patientId, patientId));

/** A private upload row of this member (the file itself is not needed by the patient rules). */
async function ownUpload(
  memberId: number,
  name = `guardian_${memberId}_${++sequence}_abcdefgh.png`,
  module: 'private' | 'common' = 'private',
) {
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
  return name;
}

async function childBody(memberId: number, overrides: Body = {}): Promise<Body> {
  return validBody({
    name: '王小宝',
    relationLabel: 'child',
    idCardNumber: newIdCard(birthYearsAgo(5)),
    guardianVo: {
      name: '王大明',
      phone: '13912345678',
      cardNum: newIdCard(),
      certificateImage: await ownUpload(memberId),
    },
    guardianConsent: true,
    ...overrides,
  });
}

function expectError(reply: { statusCode: number; json(): unknown; body: string }, status: number, message: string) {
  expect(reply.statusCode, reply.body).toBe(status);
  expect((reply.json() as { message: string }).message).toBe(message);
}

describe('signed-out', () => {
  it.each([
    ['GET', url()],
    ['POST', url()],
    ['GET', url('/default')],
    ['GET', url('/1001')],
    ['DELETE', url('/1001')],
    ['PUT', url('/1001/default')],
  ] as const)('%s %s answers 401', async (method, path) => {
    const reply = await t.app.inject({ method, url: path, payload: method === 'POST' ? validBody() : undefined });
    expect(reply.statusCode).toBe(401);
  });
});

describe('add and read', () => {
  it('adds an ID-card patient: checked, masked, sex and birth from the card, the first is the default', async () => {
    const { member, headers } = await t.createSignedInMember();
    const idCardNumber = demoIdCard('1985-04-12', '013'); // odd last sequence digit: male
    const created = await createOk(headers, { idCardNumber, name: ' 阿卜杜 . 热合曼 ' });
    expect(created).toMatchObject({
      name: '阿卜杜·热合曼',
      consigneePhone: '139****5678',
      certificateType: 1,
      idCardNumber: `440***********${idCardNumber.slice(-4)}`,
      cardNumber: null,
      sex: 0,
      age: ageOn('1985-04-12', t.clock.now()),
      birthDay: dateToBirthDay('1985-04-12'),
      relationLabel: 'self',
      guardianVo: null,
      isValidateName: true,
      isDefault: true,
      isSystemDefault: false,
    });
    expect(created.healthInfo).toMatchObject({ drugAllergy: { status: 1, labels: ['青霉素类'], other: '芒果过敏' } });
    const row = await rowOf(created.id);
    expect(row.validatedAt).not.toBeNull();
    expect(row.memberId).toBe(member.id);

    const one = await get(headers, `/${created.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(created);
    const byDefault = await get(headers, '/default');
    expect(byDefault.json()).toEqual(created);
    expect(await list(headers)).toEqual([created]);
  });

  it('lists the default first, then the newest', async () => {
    const { headers } = await t.createSignedInMember();
    const first = await createOk(headers);
    t.clock.advance(1000);
    const second = await createOk(headers, { name: '李四', relationLabel: 'parents' });
    t.clock.advance(1000);
    const third = await createOk(headers, { name: '赵五', relationLabel: 'friend' });
    expect((await list(headers)).map((p) => p.id)).toEqual([first.id, third.id, second.id]);
  });

  it('another certificate type is saved unchecked, with the sex and birth date entered', async () => {
    const { headers } = await t.createSignedInMember();
    const reply = await post(
      headers,
      validBody({
        certificateType: 2,
        idCardNumber: undefined,
        cardNumber: 'E12345678',
        sex: 1,
        birthDay: dateToBirthDay('1992-02-03'),
      }),
    );
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({
      certificateType: 2,
      idCardNumber: null,
      cardNumber: 'E12**5678',
      sex: 1,
      birthDay: dateToBirthDay('1992-02-03'),
      isValidateName: false,
    });
    const missing = await post(
      headers,
      validBody({ certificateType: 2, idCardNumber: undefined, cardNumber: 'E87654321' }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.map((f: { field: string }) => f.field)).toEqual(['sex', 'birthDay']);
  });

  it('GET /patients/default answers 404 when there is none', async () => {
    const { headers } = await t.createSignedInMember();
    expectError(await get(headers, '/default'), 404, MSG.notFound);
  });
});

describe('bad input changes nothing', () => {
  it.each([
    ['short name', { name: '王' }, 'name', MSG.patientNameLength],
    ['bad phone', { consigneePhone: '12345' }, 'consigneePhone', MSG.phoneMalformed],
    ['bad ID card check digit', { idCardNumber: '44030519850412013X' }, 'idCardNumber', MSG.idCardCheckDigit],
    ['no ID card', { idCardNumber: undefined }, 'idCardNumber', MSG.idCardEmpty],
    ['unknown relation', { relationLabel: 'boss' }, 'relationLabel', MSG.relationRequired],
    [
      'health other text too long',
      { healthInfo: { ...EMPTY_HEALTH_INFO, pastHistory: { status: 1, labels: [], other: '长'.repeat(51) } } },
      'healthInfo.pastHistory.other',
      MSG.healthOtherTooLong,
    ],
  ])('%s: 400 on its field', async (_, overrides, field, message) => {
    const { member, headers } = await t.createSignedInMember();
    const reply = await post(headers, validBody(overrides));
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json().fields).toContainEqual({ field, message });
    expect(await rowsOf(member.id)).toHaveLength(0);
  });

  it('sex or birth date that disagree with the ID card: 400 identityMismatch', async () => {
    const { member, headers } = await t.createSignedInMember();
    const idCardNumber = demoIdCard('1985-04-12', '013'); // male
    expectError(await post(headers, validBody({ idCardNumber, sex: 1 })), 400, MSG.identityMismatch);
    expectError(
      await post(headers, validBody({ idCardNumber, birthDay: dateToBirthDay('1985-04-13') })),
      400,
      MSG.identityMismatch,
    );
    expect(await rowsOf(member.id)).toHaveLength(0);
    await createOk(headers, { idCardNumber, sex: 0, birthDay: dateToBirthDay('1985-04-12') });
  });

  it('a birth date in the future is refused', async () => {
    const { headers } = await t.createSignedInMember();
    const future = t.clock.now().getTime() + 400 * 86_400_000;
    const reply = await post(
      headers,
      validBody({ certificateType: 2, idCardNumber: undefined, cardNumber: 'E12345679', sex: 0, birthDay: future }),
    );
    expectError(reply, 400, MSG.patientBirthDayInvalid);
  });

  it('a masked certificate number on add: 400 maskedCertificateMismatch', async () => {
    const { member, headers } = await t.createSignedInMember();
    expectError(
      await post(headers, validBody({ idCardNumber: '440***********0123' })),
      400,
      MSG.maskedCertificateMismatch,
    );
    expect(await rowsOf(member.id)).toHaveLength(0);
  });
});

describe('limits', () => {
  it(`at most ${PATIENT_LIMIT} patients`, async () => {
    const { member, headers } = await t.createSignedInMember();
    for (let i = 0; i < PATIENT_LIMIT; i++) await createOk(headers, { relationLabel: 'relative' });
    expectError(await post(headers, validBody()), 400, MSG.patientLimit);
    expect(await rowsOf(member.id)).toHaveLength(PATIENT_LIMIT);
  });

  it('the same certificate twice for one member: 409; another member may add it', async () => {
    const { headers } = await t.createSignedInMember();
    const idCardNumber = newIdCard();
    await createOk(headers, { idCardNumber });
    expectError(await post(headers, validBody({ idCardNumber, name: '王小明' })), 409, MSG.patientDuplicate);
    const other = await t.createSignedInMember();
    await createOk(other.headers, { idCardNumber });
  });
});

describe('edit (POST with id)', () => {
  it('masked values sent back keep the stored ones; answers 200', async () => {
    const { headers } = await t.createSignedInMember();
    const idCardNumber = newIdCard();
    const created = await createOk(headers, { idCardNumber });
    const before = await rowOf(created.id);
    const reply = await post(headers, {
      ...validBody(),
      id: created.id,
      idCardNumber: created.idCardNumber,
      consigneePhone: created.consigneePhone,
      relationLabel: 'partner',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ id: created.id, relationLabel: 'partner', isValidateName: true });
    const after = await rowOf(created.id);
    expect(after.certificateNumberEnc).toBe(before.certificateNumberEnc);
    expect(after.consigneePhone).toBe('13912345678');
    expect(after.validatedAt).toEqual(before.validatedAt);
  });

  it('a masked value that is not the stored one: 400', async () => {
    const { headers } = await t.createSignedInMember();
    const created = await createOk(headers);
    const base = { ...validBody(), id: created.id, idCardNumber: created.idCardNumber };
    expectError(
      await post(headers, { ...base, idCardNumber: '440***********9999' }),
      400,
      MSG.maskedCertificateMismatch,
    );
    expectError(await post(headers, { ...base, consigneePhone: '139****0000' }), 400, MSG.phoneMalformed);
    expect((await rowOf(created.id)).relationLabel).toBe('self');
  });

  it('a real-name-verified patient cannot change name or certificate number', async () => {
    const { headers } = await t.createSignedInMember();
    const created = await createOk(headers);
    const base = { ...validBody(), id: created.id, idCardNumber: created.idCardNumber };
    expectError(await post(headers, { ...base, name: '王大明' }), 400, MSG.patientVerifiedLocked);
    expectError(await post(headers, { ...base, idCardNumber: newIdCard() }), 400, MSG.patientVerifiedLocked);
    expect((await rowOf(created.id)).name).toBe('王小明');
  });

  it('an unverified patient is checked on edit, reading the stored number (logged)', async () => {
    const { headers } = await t.createSignedInMember();
    const created = await createOk(headers);
    await t.db.update(patients).set({ isValidateName: false, validatedAt: null }).where(eq(patients.id, created.id));
    const reply = await post(headers, {
      ...validBody(),
      id: created.id,
      idCardNumber: created.idCardNumber,
      name: '王晓明',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ name: '王晓明', isValidateName: true });
    expect(await readsOf(created.id)).toEqual([
      expect.objectContaining({
        actor: 'identity-check',
        purpose: 'real-name check on edit',
        fields: 'certificateNumber',
      }),
    ]);
  });

  it('editing another member’s patient: 404, unchanged', async () => {
    const owner = await t.createSignedInMember();
    const created = await createOk(owner.headers);
    const other = await t.createSignedInMember();
    expectError(await post(other.headers, { ...validBody(), id: created.id }), 404, MSG.notFound);
    expect((await rowOf(created.id)).memberId).toBe(owner.member.id);
  });
});

describe('region (所在地区)', () => {
  const NANTOU = { provinceCode: '44', cityCode: '4403', regionCode: '440305', streetCode: '440305001' };
  const NANTOU_NAMED = {
    ...NANTOU,
    provinceName: '广东省',
    cityName: '深圳市',
    regionName: '南山区',
    streetName: '南头街道',
  };

  it('is optional: none sent, none stored', async () => {
    const { headers } = await t.createSignedInMember();
    const created = await createOk(headers);
    expect(created).toMatchObject({ region: null });
    expect(await rowOf(created.id)).toMatchObject({ provinceCode: null, cityCode: null, streetCode: null });
  });

  it('stores four levels with their names from the region tree; edit changes it, shortens it or clears it', async () => {
    const { headers } = await t.createSignedInMember();
    const created = await createOk(headers, {
      region: { ...NANTOU, provinceName: '伪造省' } as Body,
    });
    expect(created).toMatchObject({ region: NANTOU_NAMED });
    expect((await get(headers, `/${created.id}`)).json()).toMatchObject({ region: NANTOU_NAMED });
    expect(await list(headers)).toMatchObject([{ region: NANTOU_NAMED }]);

    const edit = async (region: unknown) => {
      t.clock.advance(1000);
      const reply = await post(headers, {
        ...validBody({ id: created.id, name: created.name, idCardNumber: created.idCardNumber }),
        region,
      });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json() as Reply;
    };
    expect(await edit({ provinceCode: '11', cityCode: '1101', regionCode: '110101' })).toMatchObject({
      region: {
        provinceCode: '11',
        provinceName: '北京市',
        cityCode: '1101',
        cityName: '市辖区',
        regionCode: '110101',
        regionName: '东城区',
        streetCode: null,
        streetName: null,
      },
    });
    expect(await edit({ provinceCode: '44', cityCode: '', regionCode: null })).toMatchObject({
      region: { provinceCode: '44', provinceName: '广东省', cityCode: null, regionCode: null, streetCode: null },
    });
    expect(await edit(null)).toMatchObject({ region: null });
    expect(await rowOf(created.id)).toMatchObject({ provinceCode: null, provinceName: null });
  });

  it.each([
    ['an unknown province', { provinceCode: '99' }, 'region.provinceCode'],
    ['a city of another province', { provinceCode: '11', cityCode: '4403' }, 'region.cityCode'],
    ['an unknown district', { ...NANTOU, regionCode: '440399', streetCode: undefined }, 'region.regionCode'],
    ['a street of another district', { ...NANTOU, streetCode: '110101001' }, 'region.streetCode'],
    ['a district without its city', { provinceCode: '44', regionCode: '440305' }, 'region.cityCode'],
    [
      'a street without its district',
      { provinceCode: '44', cityCode: '4403', streetCode: '440305001' },
      'region.regionCode',
    ],
    ['a code of the wrong length', { provinceCode: '440' }, 'region.provinceCode'],
    ['no province', { cityCode: '4403' }, 'region.provinceCode'],
  ])('%s: 400 regionInvalid, nothing saved or changed', async (_case, region, field) => {
    const { member, headers } = await t.createSignedInMember();
    const added = await post(headers, validBody({ region }));
    expectError(added, 400, MSG.regionInvalid);
    expect((added.json() as { fields: { field: string }[] }).fields).toEqual([{ field, message: MSG.regionInvalid }]);
    expect(await rowsOf(member.id)).toEqual([]);

    const created = await createOk(headers, { region: NANTOU });
    const before = await rowOf(created.id);
    t.clock.advance(1000);
    const edited = await post(headers, {
      ...validBody({ id: created.id, name: created.name, idCardNumber: created.idCardNumber }),
      region,
    });
    expectError(edited, 400, MSG.regionInvalid);
    expect(await rowOf(created.id)).toEqual(before);
  });
});

describe('identity check (sandbox)', () => {
  it('a failing name or ID card: 400 patientRealNameFailed, nothing saved', async () => {
    const { member, headers } = await t.createSignedInMember();
    expectError(await post(headers, validBody({ name: '假名字' })), 400, MSG.patientRealNameFailed);
    expectError(
      await post(headers, validBody({ idCardNumber: demoIdCard('1985-04-12', '999') })),
      400,
      MSG.patientRealNameFailed,
    );
    expect(await rowsOf(member.id)).toHaveLength(0);
  });

  it('a failing guardian: 400 with code 000001, nothing saved', async () => {
    const { member, headers } = await t.createSignedInMember();
    const body = await childBody(member.id);
    const guardianVo = { ...(body.guardianVo as Body), name: '假监护' };
    const reply = await post(headers, { ...body, guardianVo });
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json()).toMatchObject({ code: '000001', message: MSG.guardianRealNameFailed });
    expect(await rowsOf(member.id)).toHaveLength(0);
  });
});

describe('children', () => {
  it('6 or under needs a guardian; under 14 needs the consent, whose time is kept', async () => {
    const { member, headers } = await t.createSignedInMember();
    const body = await childBody(member.id);
    const noGuardian = await post(headers, { ...body, guardianVo: null });
    expect(noGuardian.statusCode).toBe(400);
    expect(noGuardian.json().fields).toEqual([{ field: 'guardianVo', message: MSG.guardianRequired }]);
    expectError(await post(headers, { ...body, guardianConsent: false }), 400, MSG.guardianConsentRequired);
    const teen = validBody({ idCardNumber: newIdCard(birthYearsAgo(10)), relationLabel: 'child' });
    expectError(await post(headers, teen), 400, MSG.guardianConsentRequired);
    expect(await rowsOf(member.id)).toHaveLength(0);

    const beforeSave = t.clock.now().getTime();
    const created = await createOk(headers, body);
    expect(created.age).toBe(5);
    expect(created.guardianVo).toEqual({
      name: '王大明',
      phone: '139****5678',
      cardNum: expect.stringMatching(/^440\*{11}\w{4}$/),
      certificateImage: expect.stringMatching(
        new RegExp(`^/web-gateway/v2/upload/private/${(body.guardianVo as Body).certificateImage}\\?exp=\\d+&sig=`),
      ),
    });
    const consentAt = (await rowOf(created.id)).guardianConsentAt?.getTime() ?? 0;
    expect(consentAt).toBeGreaterThanOrEqual(beforeSave);
    expect(consentAt).toBeLessThanOrEqual(t.clock.now().getTime());
    const olderTeen = await createOk(headers, { ...teen, guardianConsent: true });
    expect(olderTeen.guardianVo).toBeNull();
    expect((await rowOf(olderTeen.id)).guardianConsentAt).not.toBeNull();
  });

  it('the guardian photo must be the member’s own upload', async () => {
    const { member, headers } = await t.createSignedInMember();
    const other = await t.createMember();
    const body = await childBody(member.id);
    const guardianVo = { ...(body.guardianVo as Body), certificateImage: await ownUpload(other.id) };
    const reply = await post(headers, { ...body, guardianVo });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fields).toEqual([{ field: 'guardianVo.certificateImage', message: MSG.guardianImageInvalid }]);
    const signedTheirs = privateUrlSigner(t.app.services.secrets.fieldKey).sign(
      guardianVo.certificateImage as string,
      other.id,
      t.clock.now(),
    );
    const again = await post(headers, { ...body, guardianVo: { ...guardianVo, certificateImage: signedTheirs } });
    expect(again.json().fields).toEqual([{ field: 'guardianVo.certificateImage', message: MSG.guardianImageInvalid }]);
    expect(await rowsOf(member.id)).toHaveLength(0);
  });

  it('the guardian photo must be a private upload: a common one is refused, a private one shown by a signed URL', async () => {
    const { member, headers } = await t.createSignedInMember();
    const body = await childBody(member.id);
    const photo = photoPng();
    const sendPhoto = async (module: string) => {
      const { payload, contentType } = multipartBody([{ name: 'file', fileName: 'id.png', content: photo }]);
      const reply = await t.app.inject({
        method: 'POST',
        url: `/web-gateway/v2/upload?module=${module}`,
        headers: { ...headers, 'content-type': contentType },
        payload,
      });
      return reply.json().url as string;
    };
    const common = await sendPhoto('common');
    const withCommon = { ...(body.guardianVo as Body), certificateImage: common };
    const refused = await post(headers, { ...body, guardianVo: withCommon });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual([
      { field: 'guardianVo.certificateImage', message: MSG.guardianImageInvalid },
    ]);
    expect(await rowsOf(member.id)).toHaveLength(0);

    const signed = await sendPhoto('private');
    const name = signed.split('?')[0].split('/').pop();
    // The signed URL and the public URL form of the member's private upload are both taken; the bare name is stored.
    for (const sent of [signed, `/web-gateway/files/${name}`]) {
      const another = await childBody(member.id);
      const created = await createOk(headers, {
        ...another,
        guardianVo: { ...(another.guardianVo as Body), certificateImage: sent },
      });
      const service = patientServiceOf(t.app.services);
      expect((await service.getPatientForInquiry(member.id, created.id)).guardian?.certificateImage).toBe(name);
      const shown = created.guardianVo?.certificateImage ?? '';
      expect(shown).toMatch(/^\/web-gateway\/v2\/upload\/private\/.+\?exp=\d+&sig=/);
      const file = await t.app.inject({ method: 'GET', url: shown });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(photo)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: `/web-gateway/files/${name}` })).statusCode).toBe(404);
    }
  });

  it('the guardian’s masked values sent back keep the stored ones (a logged read)', async () => {
    const { member, headers } = await t.createSignedInMember();
    const body = await childBody(member.id);
    const created = await createOk(headers, body);
    const before = await rowOf(created.id);
    const reply = await post(headers, {
      ...body,
      id: created.id,
      idCardNumber: created.idCardNumber,
      guardianVo: created.guardianVo,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    // The photo's link is signed anew on each answer: its expiry (in seconds) may have moved on.
    const unsigned = (guardian: Body | null | undefined) => ({
      ...guardian,
      certificateImage: String(guardian?.certificateImage).split('?')[0],
    });
    expect(unsigned(reply.json().guardianVo)).toEqual(unsigned(created.guardianVo));
    expect(await readsOf(created.id)).toEqual([expect.objectContaining({ fields: 'guardian' })]);
    const service = patientServiceOf(t.app.services);
    const full = await service.getPatientForInquiry(member.id, created.id);
    expect(full.guardian).toEqual({
      ...(body.guardianVo as Body),
      certificateImage: (body.guardianVo as Body).certificateImage,
    });
    expect(before.guardianConsentAt).toEqual((await rowOf(created.id)).guardianConsentAt);
    const wrongCard = { ...created.guardianVo, cardNum: '110***********0000' };
    expectError(
      await post(headers, { ...body, id: created.id, idCardNumber: created.idCardNumber, guardianVo: wrongCard }),
      400,
      MSG.maskedCertificateMismatch,
    );
  });
});

describe('default and delete', () => {
  it('setting a default clears the others; deleting the default makes the newest remaining one default', async () => {
    const { member, headers } = await t.createSignedInMember();
    const first = await createOk(headers);
    t.clock.advance(1000);
    const second = await createOk(headers, { relationLabel: 'parents' });
    t.clock.advance(1000);
    const third = await createOk(headers, { relationLabel: 'friend', isDefault: true });
    const defaults = async () =>
      (
        await t.db
          .select()
          .from(patients)
          .where(and(eq(patients.memberId, member.id), eq(patients.isDefault, true)))
      ).map((row) => row.id);
    expect(await defaults()).toEqual([third.id]);

    const set = await makeDefault(headers, first.id);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ id: first.id, isDefault: true });
    expect(await defaults()).toEqual([first.id]);

    expect((await remove(headers, first.id)).statusCode).toBe(204);
    expect(await defaults()).toEqual([third.id]);
    expect((await remove(headers, second.id)).statusCode).toBe(204);
    expect(await defaults()).toEqual([third.id]);
    expect((await remove(headers, third.id)).statusCode).toBe(204);
    expectError(await get(headers, '/default'), 404, MSG.notFound);
  });

  it('another member’s patient is 404 on GET, DELETE and default', async () => {
    const owner = await t.createSignedInMember();
    const created = await createOk(owner.headers);
    const other = await t.createSignedInMember();
    expectError(await get(other.headers, `/${created.id}`), 404, MSG.notFound);
    expectError(await remove(other.headers, created.id), 404, MSG.notFound);
    expectError(await makeDefault(other.headers, created.id), 404, MSG.notFound);
    expectError(await get(other.headers, '/abc'), 404, MSG.notFound);
    expect(await rowOf(created.id)).toBeDefined();
    await expect(
      patientServiceOf(t.app.services).getPatientForInquiry(other.member.id, created.id),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('encryption at rest and the access log', () => {
  it('stores the certificate, guardian and health info as ciphertext', async () => {
    const { member, headers } = await t.createSignedInMember();
    const body = await childBody(member.id, {
      healthInfo: { ...EMPTY_HEALTH_INFO, pastHistory: { status: 1, labels: ['哮喘'], other: '秘密病史文字' } },
    });
    const created = await createOk(headers, body);
    const guardian = body.guardianVo as Body;
    const result = await t.db.execute(
      sql`select certificate_number_enc, health_info_enc, guardian_enc from patients where id = ${created.id}`,
    );
    const raw = JSON.stringify((result as { rows?: unknown }).rows ?? result);
    for (const plain of [body.idCardNumber, guardian.cardNum, guardian.name, guardian.phone, '哮喘', '秘密病史文字']) {
      expect(raw).not.toContain(plain as string);
    }
    expect(raw).toMatch(/v1\./);
    const row = await rowOf(created.id);
    expect(row.certificateNumberHash).not.toContain(body.idCardNumber as string);
    expect(row.certificateNumberMasked).toBe(created.idCardNumber);
  });

  it('getPatientForInquiry answers the patient in full and logs the read; masked replies log nothing', async () => {
    const { member, headers } = await t.createSignedInMember();
    const idCardNumber = newIdCard();
    const created = await createOk(headers, { idCardNumber });
    await get(headers, `/${created.id}`);
    await list(headers);
    expect(await readsOf(created.id)).toHaveLength(0);
    const full = await patientServiceOf(t.app.services).getPatientForInquiry(member.id, created.id);
    expect(full).toMatchObject({ id: created.id, certificateNumber: idCardNumber, consigneePhone: '13912345678' });
    expect(full.healthInfo.drugAllergy.other).toBe('芒果过敏');
    expect(await readsOf(created.id)).toEqual([
      expect.objectContaining({
        memberId: member.id,
        actor: 'member',
        purpose: 'inquiry snapshot',
        fields: 'certificateNumber,healthInfo',
        readAt: expect.any(Date),
      }),
    ]);
  });

  it('never logs the ID number, the guardian or the health info', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildTestApp({}, { logStream: stream });
    try {
      const { member, headers } = await logged.createSignedInMember();
      const name = `guardian_log_${member.id}_abcdefgh.png`;
      await logged.db.insert(uploads).values({
        name,
        memberId: member.id,
        module: 'private',
        contentType: 'image/png',
        byteSize: 1,
        width: 1,
        height: 1,
        createdAt: logged.clock.now(),
      });
      const idCardNumber = newIdCard(birthYearsAgo(4));
      const guardianCard = newIdCard();
      const payload = validBody({
        idCardNumber,
        relationLabel: 'child',
        guardianVo: { name: '王大明', phone: '13912345678', cardNum: guardianCard, certificateImage: name },
        guardianConsent: true,
      });
      const reply = await logged.app.inject({ method: 'POST', url: url(), headers, payload });
      expect(reply.statusCode, reply.body).toBe(201);
      await logged.app.inject({ method: 'POST', url: url(), headers, payload: { ...payload, name: '假名' } });
      logged.app.log.info({ body: payload }, 'a body logged by mistake');
      const text = lines.join('');
      expect(text).toContain('a body logged by mistake');
      for (const secret of [idCardNumber, guardianCard, '芒果过敏']) expect(text).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});

describe('demo data', () => {
  it('gives the demo member three patients (self verified, a parent of 65, a child of 5 with guardian); idempotent', async () => {
    const storage = memoryStorage();
    const demo = await seedDemoMember(t.db, t.clock);
    await seedDemoPatients(t.db, t.clock, storage, t.app.services.secrets);
    await seedDemoPatients(t.db, t.clock, storage, t.app.services.secrets);
    // The demo guardian photo is a private upload: encrypted in storage, shown by a signed URL.
    const storedPhoto = storage.files.get(DEMO_GUARDIAN_IMAGE_NAME);
    expect(storedPhoto && BlobCipher.isEncrypted(storedPhoto)).toBe(true);
    const [photoRow] = await t.db.select().from(uploads).where(eq(uploads.name, DEMO_GUARDIAN_IMAGE_NAME));
    expect(photoRow?.module).toBe('private');
    const { authorization } = await t.signIn(demo.id);
    const rows = await list({ authorization });
    expect(
      rows.map((p) => [
        (p as unknown as { relationLabel: string }).relationLabel,
        p.age,
        p.isValidateName,
        p.isDefault,
      ]),
    ).toEqual([
      ['self', ageOn('1990-06-18', t.clock.now()), true, true],
      ['child', 5, true, false],
      ['parents', 65, false, false],
    ]);
    expect(rows[1].guardianVo).toMatchObject({ name: '林小安', phone: '138****8000' });
    // The child's guardian photo is the demo member's upload: an edit sending it back is accepted.
    const child = rows[1];
    const reply = await post(
      { authorization },
      {
        id: child.id,
        name: child.name,
        consigneePhone: child.consigneePhone,
        idCardNumber: child.idCardNumber,
        relationLabel: 'child',
        healthInfo: child.healthInfo,
        guardianVo: child.guardianVo,
        guardianConsent: true,
      },
    );
    expect(reply.statusCode, reply.body).toBe(200);
  });
});
