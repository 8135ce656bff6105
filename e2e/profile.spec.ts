import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import type { Page } from '@playwright/test';
import { pickDate } from './support/pickers.ts';
import { signInAsNewMember } from './support/session.ts';
import { expect, test } from './support/test.ts';

// The profile page (/user/personal/addInfo/info): sex, birthday, nickname and the avatar upload (issue 4).

const PHOTO_PNG = readFileSync(new URL('../apps/server/src/modules/uploads/fixtures/photo.png', import.meta.url));

/** The fixture PNG grown to `totalBytes` with a private chunk that image readers skip. */
function pngOfSize(totalBytes: number): Buffer {
  const iend = PHOTO_PNG.length - 12;
  const data = Buffer.alloc(totalBytes - PHOTO_PNG.length - 12, 0x20);
  const type = Buffer.from('pdAt');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  return Buffer.concat([PHOTO_PNG.subarray(0, iend), length, type, data, crc, PHOTO_PNG.subarray(iend)]);
}

async function openProfile(page: Page) {
  await page.goto('/user/personal/addInfo/info');
  await expect(page.getByRole('tab', { name: '个人资料' })).toBeVisible();
  await expect(page.getByLabel('昵称')).toBeVisible();
}

/** The panel opens on January 1990 for a member without a birthday. */
const pickBirthday = (page: Page, date: string) => pickDate(page, page.getByPlaceholder('请选择生日'), date);

test('edit the profile: the rules show, then the header greeting and the member home change at once', async ({
  page,
}) => {
  await signInAsNewMember(page);
  await openProfile(page);

  // Nothing chosen yet: the two required choices say so; a short nickname is refused.
  await page.getByLabel('昵称').fill('abc');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('请选择性别')).toBeVisible();
  await expect(page.getByText('请选择生日')).toBeVisible();
  await expect(page.getByText('昵称为4-20位中文、数字、字母、下划线或横线', { exact: true }).first()).toBeVisible();

  await page.getByLabel('昵称').fill('安心新昵称2026');
  await page.getByLabel('男').check();
  await pickBirthday(page, '1990-01-15');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();

  // The greeting cuts the nickname to 6 characters plus '…', without a reload.
  await expect(page.getByTestId('greeting')).toHaveText('您好，安心新昵称2…');

  // Saved: a reload shows the values.
  await page.reload();
  await expect(page.getByLabel('昵称')).toHaveValue('安心新昵称2026');
  await expect(page.getByLabel('男')).toBeChecked();
  await expect(page.getByPlaceholder('请选择生日')).toHaveValue('1990-01-15');

  // The member home shows the new nickname too.
  await page.getByRole('link', { name: '会员中心' }).first().click();
  await expect(page.locator('.member-profile__name')).toHaveText('安心新昵称2…');
});

test('upload an avatar: checked before and after upload, progress shown, saved and shown on the member home', async ({
  page,
}) => {
  await signInAsNewMember(page);
  await openProfile(page);
  const fileInput = page.locator('.avatar-uploader input[type=file]');

  // Refused by the page before any upload.
  await fileInput.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('仅支持jpg、jpeg、png格式的图片')).toBeVisible();
  await fileInput.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: pngOfSize(2048 * 1024 + 1) });
  await expect(page.getByText('图片大小不能超过2M')).toBeVisible();

  // Refused by the server, which reads the bytes: a text file named .png.
  const rejected = page.waitForResponse((reply) => reply.url().includes('/v2/upload'));
  await fileInput.setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('只是一段文字'.repeat(50)),
  });
  expect((await rejected).status()).toBe(400);
  await expect(page.getByText('仅支持jpg、jpeg、png格式的图片').last()).toBeVisible();

  // A real picture of almost 2 MB on a slow uplink: the progress bar shows while it goes.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  const uploaded = page.waitForResponse((reply) => reply.url().includes('/v2/upload'));
  await fileInput.setInputFiles({ name: '我的头像.png', mimeType: 'image/png', buffer: pngOfSize(1900 * 1024) });
  await expect(page.getByTestId('avatar-progress')).toBeVisible();
  const reply = await uploaded;
  expect(reply.status()).toBe(201);
  const { url } = (await reply.json()) as { url: string };
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page.getByText('新头像已上传，保存后生效')).toBeVisible();
  await expect(page.getByTestId('profile-avatar').locator('img')).toHaveAttribute('src', url);

  await page.getByLabel('女').check();
  await pickBirthday(page, '1990-01-20');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page.getByText('新头像已上传，保存后生效')).toHaveCount(0);

  // Served from the avatar host as an image.
  const file = await page.request.get(url);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('image/png');
  expect(file.headers()['x-content-type-options']).toBe('nosniff');

  await page.getByRole('link', { name: '会员中心' }).first().click();
  await expect(page.locator('.member-profile__avatar img')).toHaveAttribute('src', url);
});
