import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { MSG } from '@anxin/shared/common/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  jpegWithFrame,
  type MultipartPart,
  makeGrayPng,
  makePng,
  multipartBody,
  photoJpeg,
  photoPng,
  pngOfSize,
  pngOfZeros,
  pngWithBadChecksum,
  pngWithBrokenData,
} from './fixtures/multipart-body.ts';
import { privateUrlSigner, resolveOwnUpload } from './private-uploads.ts';
import { uploads } from './uploads.schema.ts';

const DATA_DIR = `.tmp/test-uploads-${process.pid}-${Date.now()}`;
const UPLOAD_DIR = join(DATA_DIR, 'uploads');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR });
});
afterAll(async () => {
  await t?.close();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

type Headers = { authorization: string };

function upload(headers: Headers | undefined, parts: MultipartPart[], query = '?module=common') {
  const { payload, contentType } = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: `/web-gateway/v2/upload${query}`,
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
}

const fileUpload = (headers: Headers, fileName: string, content: Buffer | string, contentType = 'image/png') =>
  upload(headers, [{ name: 'file', fileName, contentType, content }]);

/** 130 KB claiming 4096 × 4096 16-bit RGBA: 128 MB of pixels once inflated. */
const BOMB = pngOfZeros(4096, 4096, { bitDepth: 16, colorType: 6 });

const storedFiles = () => (existsSync(UPLOAD_DIR) ? readdirSync(UPLOAD_DIR) : []);
const uploadsOf = (memberId: number) => t.db.select().from(uploads).where(eq(uploads.memberId, memberId));

describe('POST /v2/upload', () => {
  it('answers 401 without a token and stores nothing', async () => {
    const before = storedFiles().length;
    const reply = await upload(undefined, [{ name: 'file', fileName: 'a.png', content: photoPng() }]);
    expect(reply.statusCode).toBe(401);
    expect(storedFiles()).toHaveLength(before);
  });

  it('stores a PNG under a random name and serves it from the avatar host prefix', async () => {
    const { member, headers } = await t.createSignedInMember();
    const bytes = photoPng();
    const reply = await fileUpload(headers, '我的头像.png', bytes);
    expect(reply.statusCode).toBe(201);
    const { url } = reply.json();
    expect(url).toMatch(/^\/web-gateway\/files\/[A-Za-z0-9_-]{24}\.png$/);
    expect(url).not.toContain('我的头像');

    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(bytes)).toBe(true);

    const [row] = await uploadsOf(member.id);
    expect(row).toMatchObject({
      module: 'common',
      contentType: 'image/png',
      width: 120,
      height: 90,
      byteSize: bytes.length,
    });
  });

  it.each([
    ['photo.jpg', 'jpg'],
    ['PHOTO.JPEG', 'jpg'],
  ])('stores a JPEG named %s, reading its size from the frame header', async (fileName, extension) => {
    const { member, headers } = await t.createSignedInMember();
    const reply = await fileUpload(headers, fileName, photoJpeg(), 'image/jpeg');
    expect(reply.statusCode).toBe(201);
    expect(reply.json().url.endsWith(`.${extension}`)).toBe(true);
    const file = await t.app.inject({ method: 'GET', url: reply.json().url });
    expect(file.headers['content-type']).toBe('image/jpeg');
    const [row] = await uploadsOf(member.id);
    expect(row).toMatchObject({ contentType: 'image/jpeg', width: 120, height: 90 });
  });

  it('goes by the bytes, not the name: a PNG named .jpg is stored and served as a PNG', async () => {
    const { headers } = await t.createSignedInMember();
    const reply = await fileUpload(headers, 'photo.jpg', photoPng(), 'image/jpeg');
    expect(reply.statusCode).toBe(201);
    expect(reply.json().url.endsWith('.png')).toBe(true);
  });

  it('takes exactly 2048 KB', async () => {
    const { headers } = await t.createSignedInMember();
    const reply = await fileUpload(headers, 'big.png', pngOfSize(2048 * 1024));
    expect(reply.statusCode).toBe(201);
  });

  const truncatedJpeg = () => photoJpeg().subarray(0, Math.floor(photoJpeg().length / 2));
  const truncatedPng = () => photoPng().subarray(0, Math.floor(photoPng().length / 2));

  it.each([
    ['a text file renamed to .png', 'notes.png', Buffer.from('这不是图片，只是一段文字。'.repeat(20)), MSG.avatarType],
    ['an HTML file renamed to .png', 'page.png', Buffer.from('<html><script>alert(1)</script></html>'), MSG.avatarType],
    ['a GIF', 'anim.gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), MSG.avatarType],
    ['a PNG named .gif', 'photo.gif', photoPng(), MSG.avatarType],
    ['a PNG named .svg', 'photo.svg', photoPng(), MSG.avatarType],
    ['a file without extension', 'photo', photoPng(), MSG.avatarType],
    ['an empty file', 'empty.png', Buffer.alloc(0), MSG.avatarType],
    [
      'random bytes named .jpg',
      'noise.jpg',
      Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256)),
      MSG.avatarType,
    ],
    ['a PNG cut in half', 'half.png', truncatedPng(), MSG.avatarType],
    ['a JPEG cut in half', 'half.jpg', truncatedJpeg(), MSG.avatarType],
    ['a PNG with a wrong checksum', 'crc.png', pngWithBadChecksum(), MSG.avatarType],
    ['a PNG whose data does not inflate', 'zlib.png', pngWithBrokenData(), MSG.avatarType],
    ['a PNG with fewer rows than its header says', 'short.png', makeGrayPng(64, 64, { rows: 63 }), MSG.avatarType],
    ['a PNG with an unknown row filter', 'filter.png', makeGrayPng(16, 16, { filter: 9 }), MSG.avatarType],
    ['2049 KB', 'big.png', pngOfSize(2049 * 1024), MSG.avatarSize],
    ['one byte over 2048 KB', 'big.png', pngOfSize(2048 * 1024 + 1), MSG.avatarSize],
    ['a PNG wider than 4096 pixels', 'wide.png', makePng(4097, 1), MSG.imagePixelsTooLarge],
    ['a PNG taller than 4096 pixels', 'tall.png', makePng(1, 4097), MSG.imagePixelsTooLarge],
    [
      'a small file of 20000 × 20000 pixels',
      'bomb.png',
      makeGrayPng(20_000, 20_000, { rows: 1 }),
      MSG.imagePixelsTooLarge,
    ],
    ['a 130 KB PNG of 4096 × 4096 16-bit RGBA (128 MB of pixels)', 'bomb.png', BOMB, MSG.imageBitmapTooLarge],
    [
      'a PNG whose header says 16 × 16 but whose data inflates to 64 MB',
      'lying.png',
      pngOfZeros(16, 16, { rawBytes: 64 * 1024 * 1024 }),
      MSG.avatarType,
    ],
    [
      'a JPEG of 4096 × 4096 12-bit samples',
      'deep.jpg',
      jpegWithFrame(4096, 4096, { precision: 12 }),
      MSG.imageBitmapTooLarge,
    ],
    [
      'a JPEG of 30000 × 30000 pixels cut short',
      'wide.jpg',
      jpegWithFrame(30_000, 30_000, { isTruncated: true }),
      MSG.imagePixelsTooLarge,
    ],
  ])('refuses %s with 400 and stores nothing', async (_name, fileName, content, message) => {
    const { member, headers } = await t.createSignedInMember();
    const before = storedFiles().length;
    const reply = await fileUpload(headers, fileName, content);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(message);
    expect(storedFiles()).toHaveLength(before);
    expect(await uploadsOf(member.id)).toHaveLength(0);
  });

  it('takes an interlaced PNG', async () => {
    const { headers } = await t.createSignedInMember();
    expect((await fileUpload(headers, 'adam7.png', makeGrayPng(37, 23, { isInterlaced: true }))).statusCode).toBe(201);
  });

  it('a 4096 × 4096 PNG is within the cap', async () => {
    const { headers } = await t.createSignedInMember();
    const reply = await fileUpload(headers, 'square.png', makeGrayPng(4096, 4096));
    expect(reply.statusCode).toBe(201);
  });

  it.each([
    ['no file part', [{ name: 'note', content: 'hello' }], MSG.uploadFileMissing],
    [
      'a file under another field name',
      [{ name: 'image', fileName: 'a.png', content: photoPng() }],
      MSG.uploadFileMissing,
    ],
  ])('refuses %s', async (_name, parts, message) => {
    const { member, headers } = await t.createSignedInMember();
    const reply = await upload(headers, parts as MultipartPart[]);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(message);
    expect(await uploadsOf(member.id)).toHaveLength(0);
  });

  it.each([
    ['without a boundary', 'multipart/form-data', 'garbage'],
    [
      'cut short',
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    ],
  ])('refuses a multipart body %s with 400', async (_name, contentType, payload) => {
    const { member, headers } = await t.createSignedInMember();
    const reply = await t.app.inject({
      method: 'POST',
      url: '/web-gateway/v2/upload?module=common',
      headers: { ...headers, 'content-type': contentType },
      payload,
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(MSG.uploadFileMissing);
    expect(await uploadsOf(member.id)).toHaveLength(0);
  });

  it('refuses a JSON body and an unknown module', async () => {
    const { headers } = await t.createSignedInMember();
    const json = await t.app.inject({ method: 'POST', url: '/web-gateway/v2/upload', headers, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(MSG.uploadFileMissing);
    const other = await upload(headers, [{ name: 'file', fileName: 'a.png', content: photoPng() }], '?module=secret');
    expect(other.statusCode).toBe(400);
  });

  it('limits uploads per member per hour', async () => {
    const { member, headers } = await t.createSignedInMember();
    const tiny = makePng(2, 2);
    for (let index = 0; index < 60; index += 1) expect((await fileUpload(headers, 'a.png', tiny)).statusCode).toBe(201);
    const reply = await fileUpload(headers, 'a.png', tiny);
    expect(reply.statusCode).toBe(429);
    t.clock.advanceMinutes(61);
    const { authorization } = await t.signIn(member.id);
    expect((await fileUpload({ authorization }, 'a.png', tiny)).statusCode).toBe(201);
  });

  it('counts refused uploads toward the hourly limit', async () => {
    const { member, headers } = await t.createSignedInMember();
    const notImage = Buffer.from('这不是图片'.repeat(20));
    for (let index = 0; index < 58; index += 1) {
      expect((await fileUpload(headers, 'a.png', notImage)).statusCode).toBe(400);
    }
    for (let index = 0; index < 2; index += 1) expect((await fileUpload(headers, 'a.png', BOMB)).statusCode).toBe(400);
    const reply = await fileUpload(headers, 'a.png', makePng(2, 2));
    expect(reply.statusCode).toBe(429);
    expect(reply.json().message).toBe(MSG.tooManyRequests);
    expect(await uploadsOf(member.id)).toHaveLength(0);
  });
});

describe('GET /files/:name', () => {
  it.each(['AAAAAAAAAAAAAAAAAAAAAAAA.png', 'AAAAAAAAAAAAAAAAAAAAAAAA.gif', '..%2F..%2Fpackage.json', 'x.png'])(
    '%s answers 404',
    async (name) => {
      const reply = await t.app.inject({ method: 'GET', url: `/web-gateway/files/${name}` });
      expect(reply.statusCode).toBe(404);
    },
  );
});

describe('private uploads (module=private)', () => {
  const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const privateUpload = async (headers: Headers, bytes = photoPng()) => {
    const reply = await upload(headers, [{ name: 'file', fileName: 'id.png', content: bytes }], '?module=private');
    expect(reply.statusCode, reply.body).toBe(201);
    const { url } = reply.json() as { url: string };
    const name = new URL(url, 'http://x').pathname.split('/').pop() ?? '';
    return { url, name };
  };
  /** The URL with one query value replaced. */
  const withQuery = (url: string, key: string, value: string) => {
    const parsed = new URL(url, 'http://x');
    parsed.searchParams.set(key, value);
    return `${parsed.pathname}${parsed.search}`;
  };

  it('stores the bytes encrypted (no PNG in storage) and records module private', async () => {
    const { member, headers } = await t.createSignedInMember();
    const bytes = photoPng();
    const { url, name } = await privateUpload(headers, bytes);
    expect(url).toMatch(/^\/web-gateway\/v2\/upload\/private\/[A-Za-z0-9_-]{24}\.png\?exp=\d+&sig=[A-Za-z0-9_-]+$/);
    const stored = readFileSync(join(UPLOAD_DIR, name));
    expect(stored.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(false);
    expect(stored.equals(bytes)).toBe(false);
    expect(stored.includes(bytes.subarray(8, 64))).toBe(false);
    const [row] = await uploadsOf(member.id);
    expect(row).toMatchObject({ name, module: 'private', contentType: 'image/png', byteSize: bytes.length });
  });

  it('the owner’s signed URL serves the exact original bytes, private and no-store, without a token', async () => {
    const { headers } = await t.createSignedInMember();
    const bytes = photoPng();
    const { url } = await privateUpload(headers, bytes);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(bytes)).toBe(true);
  });

  it('the public files route answers 404 for a private upload', async () => {
    const { headers } = await t.createSignedInMember();
    const { name } = await privateUpload(headers);
    const file = await t.app.inject({ method: 'GET', url: `/web-gateway/files/${name}` });
    expect(file.statusCode).toBe(404);
    expect(file.rawPayload.includes(PNG_SIGNATURE)).toBe(false);
  });

  it('answers 404 for a tampered signature, a missing one, another name and a signature for another member', async () => {
    const { member, headers } = await t.createSignedInMember();
    const other = await t.createSignedInMember();
    const { url, name } = await privateUpload(headers);
    const sig = new URL(url, 'http://x').searchParams.get('sig') ?? '';
    const tampered = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const otherFile = await privateUpload(other.headers);
    const signer = privateUrlSigner(t.app.services.secrets.fieldKey);
    const forStranger = signer.sign(name, other.member.id, t.clock.now());
    expect(signer.sign(name, member.id, t.clock.now())).not.toBe(forStranger);
    for (const attempt of [
      withQuery(url, 'sig', tampered),
      url.split('?')[0],
      withQuery(url, 'exp', String(Number(new URL(url, 'http://x').searchParams.get('exp')) + 1)),
      `${otherFile.url.split('?')[0]}?${url.split('?')[1]}`,
      forStranger,
    ]) {
      const reply = await t.app.inject({ method: 'GET', url: attempt });
      expect(reply.statusCode, attempt).toBe(404);
      expect(reply.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });

  it('answers 404 once the URL is past its 10 minutes', async () => {
    const { headers } = await t.createSignedInMember();
    const { url } = await privateUpload(headers);
    t.clock.advanceMinutes(9);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    t.clock.advanceMinutes(2);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('takes the same checks and limits as common: a text file named .png is refused and nothing stored', async () => {
    const { member, headers } = await t.createSignedInMember();
    const before = storedFiles().length;
    const reply = await upload(
      headers,
      [{ name: 'file', fileName: 'a.png', content: Buffer.from('不是图片'.repeat(20)) }],
      '?module=private',
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(MSG.avatarType);
    expect(storedFiles()).toHaveLength(before);
    expect(await uploadsOf(member.id)).toHaveLength(0);
  });
});

describe('resolveOwnUpload', () => {
  it('accepts the signed URL, the public URL form and the name of the member’s own upload of that module only', async () => {
    const { member, headers } = await t.createSignedInMember();
    const other = await t.createSignedInMember();
    const filesPrefix = t.app.services.config.AVATAR_HOST;
    const mine = await upload(headers, [{ name: 'file', fileName: 'a.png', content: photoPng() }], '?module=private');
    const { url } = mine.json() as { url: string };
    const name = url.split('?')[0].split('/').pop() ?? '';
    const common = (await fileUpload(headers, 'a.png', photoPng())).json().url as string;
    const theirs = (
      await upload(other.headers, [{ name: 'file', fileName: 'a.png', content: photoPng() }], '?module=private')
    ).json().url as string;
    const resolve = (sent: string) => resolveOwnUpload(t.db, member.id, sent, { module: 'private', filesPrefix });
    expect(await resolve(url)).toBe(name);
    expect(await resolve(`${filesPrefix}${name}`)).toBe(name);
    expect(await resolve(name)).toBe(name);
    expect(await resolve(common)).toBeNull();
    expect(await resolve(theirs)).toBeNull();
    expect(await resolve(`https://evil.example/${name}`)).toBeNull();
    expect(await resolve('../../package.json')).toBeNull();
    expect(await resolveOwnUpload(t.db, member.id, common, { filesPrefix })).toBe(common.split('/').pop());
  });
});
