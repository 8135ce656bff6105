import { rmSync } from 'node:fs';
import { MSG } from '@anxin/shared/common/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStorage } from '../../platform/storage/create-storage.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { members } from '../account/account.module.ts';
import { seedDemoMember } from '../account/account.seed.ts';
import { multipartBody, photoPng } from '../uploads/fixtures/multipart-body.ts';
import { shopDate } from './profile.rules.ts';
import { seedDemoProfile } from './profile.seed.ts';

const DATA_DIR = `.tmp/test-profile-${process.pid}-${Date.now()}`;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR });
});
afterAll(async () => {
  await t?.close();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

type Headers = { authorization: string };
type Body = Record<string, unknown>;

const validBody = (overrides: Body = {}): Body => ({
  sex: 1,
  birthday: '1990-05-01',
  nickName: '健康小达人',
  ...overrides,
});
const put = (headers: Headers | undefined, payload: Body) =>
  t.app.inject({ method: 'PUT', url: '/web-gateway/v2/member/vo', headers, payload });
const getVo = async (headers: Headers) =>
  (await t.app.inject({ method: 'GET', url: '/web-gateway/v2/member/vo', headers })).json();
const memberRow = async (id: number) => (await t.db.select().from(members).where(eq(members.id, id)))[0];

async function uploadAvatar(headers: Headers): Promise<string> {
  const { payload, contentType } = multipartBody([
    { name: 'file', fileName: 'avatar.png', contentType: 'image/png', content: photoPng() },
  ]);
  const reply = await t.app.inject({
    method: 'POST',
    url: '/web-gateway/v2/upload?module=common',
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
  expect(reply.statusCode).toBe(201);
  return reply.json().url;
}

describe('PUT /v2/member/vo', () => {
  it('answers 401 without a token', async () => {
    expect((await put(undefined, validBody())).statusCode).toBe(401);
  });

  it('saves sex, birthday and nickname; GET shows them', async () => {
    const { member, headers } = await t.createSignedInMember();
    const reply = await put(headers, validBody({ nickName: '  健康小达人  ' }));
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      accountId: member.id,
      sex: 1,
      birthday: '1990-05-01',
      nickName: '健康小达人',
    });
    expect(await getVo(headers)).toMatchObject({ sex: 1, birthday: '1990-05-01', nickName: '健康小达人' });
    expect(await memberRow(member.id)).toMatchObject({ nickname: '健康小达人', sex: 1, birthday: '1990-05-01' });
  });

  it.each([
    ['sex 2 as text', { sex: '2' }, { sex: 2 }],
    ['a nickname of letters, digits, _ and -', { nickName: 'Anxin_2026-ok' }, { nickName: 'Anxin_2026-ok' }],
    ['a 4-character nickname', { nickName: '四个字符' }, { nickName: '四个字符' }],
    ['a 20-character nickname', { nickName: 'a'.repeat(20) }, { nickName: 'a'.repeat(20) }],
    ['the first birthday the picker offers', { birthday: '1900-01-01' }, { birthday: '1900-01-01' }],
    ['a leap day', { birthday: '2000-02-29' }, { birthday: '2000-02-29' }],
  ])('accepts %s', async (_name, overrides, expected) => {
    const { headers } = await t.createSignedInMember();
    const reply = await put(headers, validBody(overrides));
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject(expected);
  });

  it("accepts today's date and refuses tomorrow's (the shop's calendar, from the clock)", async () => {
    const { headers } = await t.createSignedInMember();
    const now = t.clock.now();
    expect((await put(headers, validBody({ birthday: shopDate(now) }))).statusCode).toBe(200);
    const tomorrow = shopDate(new Date(now.getTime() + 86_400_000));
    const reply = await put(headers, validBody({ birthday: tomorrow }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fields).toContainEqual({ field: 'birthday', message: MSG.birthdayInFuture });
  });

  it.each([
    ['no sex', { sex: undefined }, 'sex', MSG.sexRequired],
    ['sex 0', { sex: 0 }, 'sex', MSG.sexRequired],
    ['sex 3', { sex: 3 }, 'sex', MSG.sexRequired],
    ['sex as a word', { sex: '男' }, 'sex', MSG.sexRequired],
    ['sex null', { sex: null }, 'sex', MSG.sexRequired],
    ['no birthday', { birthday: undefined }, 'birthday', MSG.birthdayEmpty],
    ['an empty birthday', { birthday: '' }, 'birthday', MSG.birthdayEmpty],
    ['February 30th', { birthday: '1990-02-30' }, 'birthday', MSG.birthdayInvalid],
    ['a year before 1900', { birthday: '1899-12-31' }, 'birthday', MSG.birthdayInvalid],
    ['a birthday without dashes', { birthday: '19900501' }, 'birthday', MSG.birthdayInvalid],
    ['a birthday with a time', { birthday: '1990-05-01T00:00:00Z' }, 'birthday', MSG.birthdayInvalid],
    ['no nickname', { nickName: undefined }, 'nickName', MSG.nicknameInvalid],
    ['a 3-character nickname', { nickName: '三个字' }, 'nickName', MSG.nicknameInvalid],
    ['a 21-character nickname', { nickName: 'a'.repeat(21) }, 'nickName', MSG.nicknameInvalid],
    ['a nickname with a space', { nickName: '健康 达人' }, 'nickName', MSG.nicknameInvalid],
    ['a nickname with an emoji', { nickName: '健康达人😀' }, 'nickName', MSG.nicknameInvalid],
    ['a nickname with markup', { nickName: '<img src=x>' }, 'nickName', MSG.nicknameInvalid],
    ['a foreign avatar URL', { avatar: 'https://evil.example/a.png' }, 'avatar', MSG.avatarInvalid],
    [
      'an avatar that was never uploaded',
      { avatar: '/web-gateway/files/AAAAAAAAAAAAAAAAAAAAAAAA.png' },
      'avatar',
      MSG.avatarInvalid,
    ],
    ['a javascript: avatar', { avatar: 'javascript:alert(1)' }, 'avatar', MSG.avatarInvalid],
  ])('refuses %s and writes nothing', async (_name, overrides, field, message) => {
    const { member, headers } = await t.createSignedInMember();
    const before = await memberRow(member.id);
    const reply = await put(headers, validBody(overrides));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(message);
    expect(reply.json().fields).toContainEqual({ field, message });
    expect(await memberRow(member.id)).toEqual(before);
  });
});

describe('avatar', () => {
  it('takes the url of an own upload; GET and the member home show it', async () => {
    const { member, headers } = await t.createSignedInMember();
    const url = await uploadAvatar(headers);
    const reply = await put(headers, validBody({ avatar: url }));
    expect(reply.statusCode).toBe(200);
    expect(reply.json().avatar).toBe(url);
    expect((await getVo(headers)).avatar).toBe(url);
    // Stored without the host, so a new AVATAR_HOST (a CDN) serves the old avatars too.
    expect((await memberRow(member.id)).avatar).toBe(url.replace('/web-gateway/files/', ''));
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
  });

  it('takes the bare storage name too', async () => {
    const { headers } = await t.createSignedInMember();
    const url = await uploadAvatar(headers);
    const name = url.slice(url.lastIndexOf('/') + 1);
    expect((await put(headers, validBody({ avatar: name }))).json().avatar).toBe(url);
  });

  it('keeps the avatar when it is left out or sent back unchanged', async () => {
    const { headers } = await t.createSignedInMember();
    const url = await uploadAvatar(headers);
    await put(headers, validBody({ avatar: url }));
    expect((await put(headers, validBody({ nickName: '第二个昵称' }))).json().avatar).toBe(url);
    expect((await put(headers, validBody({ avatar: url, nickName: '第三个昵称' }))).json().avatar).toBe(url);
  });

  it('a member without an avatar may send the default one back: nothing changes', async () => {
    const { member, headers } = await t.createSignedInMember();
    const { avatar } = await getVo(headers);
    const reply = await put(headers, validBody({ avatar }));
    expect(reply.statusCode).toBe(200);
    expect(reply.json().avatar).toBe(avatar);
    expect((await memberRow(member.id)).avatar).toBeNull();
  });

  it("refuses another member's upload", async () => {
    const owner = await t.createSignedInMember();
    const other = await t.createSignedInMember();
    const url = await uploadAvatar(owner.headers);
    const reply = await put(other.headers, validBody({ avatar: url }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(MSG.avatarInvalid);
    expect((await memberRow(other.member.id)).avatar).toBeNull();
  });
});

describe('demo data', () => {
  it('gives the demo member an avatar that is served; a second run changes nothing', async () => {
    const storage = createFileStorage({ DATA_DIR });
    const demo = await seedDemoMember(t.db, t.clock);
    await seedDemoProfile(t.db, t.clock, storage);
    const first = await memberRow(demo.id);
    await seedDemoProfile(t.db, t.clock, storage);
    expect(await memberRow(demo.id)).toEqual(first);
    const { authorization } = await t.signIn(demo.id);
    const vo = await getVo({ authorization });
    expect(vo).toMatchObject({ nickName: '安心会员2026', sex: expect.any(Number), birthday: expect.any(String) });
    expect(vo.avatar).toMatch(/^\/web-gateway\/files\/.+\.png$/);
    const file = await t.app.inject({ method: 'GET', url: vo.avatar });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
  });
});

describe('PUT /v2/member/elderly-mode', () => {
  const setElderly = (headers: Headers | undefined, payload: Body) =>
    t.app.inject({ method: 'PUT', url: '/web-gateway/v2/member/elderly-mode', headers, payload });

  it('answers 401 without a token', async () => {
    expect((await setElderly(undefined, { elderlyMode: true })).statusCode).toBe(401);
  });

  it('is off for a new member, and once turned on every sign-in (a new device) reads it on', async () => {
    const { member, headers } = await t.createSignedInMember();
    expect(await getVo(headers)).toMatchObject({ elderlyMode: false });
    const reply = await setElderly(headers, { elderlyMode: true });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ accountId: member.id, elderlyMode: true });
    const otherDevice = await t.signIn(member.id);
    expect(await getVo({ authorization: otherDevice.authorization })).toMatchObject({ elderlyMode: true });
    const account = await t.app.inject({ method: 'GET', url: '/web-gateway/v2/member/account', headers });
    expect(account.json()).toMatchObject({ elderlyMode: true, hasPassword: false });
  });

  it('turns it off again, and saving the profile form keeps the choice', async () => {
    const { member, headers } = await t.createSignedInMember();
    await setElderly(headers, { elderlyMode: true });
    expect((await put(headers, validBody())).json()).toMatchObject({ elderlyMode: true });
    expect((await setElderly(headers, { elderlyMode: false })).json()).toMatchObject({ elderlyMode: false });
    expect(await memberRow(member.id)).toMatchObject({ elderlyMode: false });
  });

  it.each([
    ['nothing', {}],
    ['text', { elderlyMode: 'true' }],
    ['a number', { elderlyMode: 1 }],
    ['null', { elderlyMode: null }],
  ])('refuses %s with a Chinese message and changes nothing', async (_name, payload) => {
    const { member, headers } = await t.createSignedInMember();
    const reply = await setElderly(headers, payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(MSG.elderlyModeInvalid);
    expect(reply.json().fields).toContainEqual({ field: 'elderlyMode', message: MSG.elderlyModeInvalid });
    expect(await memberRow(member.id)).toMatchObject({ elderlyMode: false });
  });
});
