import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jpegWithFrame, makeGrayPng, pngOfZeros } from './fixtures/multipart-body.ts';
import { inspectImage } from './image-inspect.ts';

// Counts every inflate the inspection starts and the bytes it produced, whichever zlib call it uses.
const zlibUse = vi.hoisted(() => ({ inflates: 0, inflatedBytes: 0 }));
vi.mock('node:zlib', async (importOriginal) => {
  const zlib = await importOriginal<typeof import('node:zlib')>();
  return {
    ...zlib,
    inflate: (buffer: Buffer, options: object, callback: (error: Error | null, result?: Buffer) => void) => {
      zlibUse.inflates += 1;
      zlib.inflate(buffer, options, (error, result) => {
        zlibUse.inflatedBytes += result?.length ?? 0;
        callback(error, result);
      });
    },
    createInflate: (options?: object) => {
      zlibUse.inflates += 1;
      const stream = zlib.createInflate(options);
      stream.on('data', (bytes: Buffer) => {
        zlibUse.inflatedBytes += bytes.length;
      });
      return stream;
    },
  };
});

beforeEach(() => {
  zlibUse.inflates = 0;
  zlibUse.inflatedBytes = 0;
});

const MIB = 1024 * 1024;

describe('decompression bombs', () => {
  it('refuses a 4096 × 4096 16-bit RGBA PNG (128 MB of pixels in 130 KB) from its header, without inflating', async () => {
    const bomb = pngOfZeros(4096, 4096, { bitDepth: 16, colorType: 6 });
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await inspectImage(bomb)).toEqual({ ok: false, problem: 'bitmap-too-large' });
    expect(zlibUse.inflates).toBe(0);
  });

  it('refuses the same bomb with image data that is no zlib stream the same way: the header decides', async () => {
    const bomb = pngOfZeros(4096, 4096, { bitDepth: 16, colorType: 6, isDataCorrupt: true });
    expect(await inspectImage(bomb)).toEqual({ ok: false, problem: 'bitmap-too-large' });
    expect(zlibUse.inflates).toBe(0);
  });

  it('refuses 16-bit RGB just over the cap (4096 × 2731 × 6 bytes) and takes 4096 × 4096 8-bit RGBA at it', async () => {
    expect(await inspectImage(pngOfZeros(4096, 2731, { bitDepth: 16, colorType: 2, isDataCorrupt: true }))).toEqual({
      ok: false,
      problem: 'bitmap-too-large',
    });
    const largest = await inspectImage(pngOfZeros(4096, 4096, { colorType: 6 }));
    expect(largest).toMatchObject({ ok: true, image: { width: 4096, height: 4096 } });
  });

  it('stops inflating a PNG whose header says 16 × 16 at the size it promises (64 MB of data behind it)', async () => {
    const lying = pngOfZeros(16, 16, { rawBytes: 64 * MIB });
    expect(await inspectImage(lying)).toEqual({ ok: false, problem: 'not-image' });
    expect(zlibUse.inflatedBytes).toBeLessThanOrEqual(MIB);
  });

  it('still reads an honest PNG to its last byte', async () => {
    expect(await inspectImage(makeGrayPng(300, 200))).toMatchObject({ ok: true, image: { width: 300, height: 200 } });
    expect(zlibUse.inflatedBytes).toBe(200 * 301);
  });

  it('refuses a JPEG of 4096 × 4096 12-bit samples from its frame header, whatever follows', async () => {
    for (const isTruncated of [false, true]) {
      expect(await inspectImage(jpegWithFrame(4096, 4096, { precision: 12, isTruncated }))).toEqual({
        ok: false,
        problem: 'bitmap-too-large',
      });
    }
  });

  it('refuses a JPEG wider than 4096 pixels from its frame header, even cut short', async () => {
    expect(await inspectImage(jpegWithFrame(30_000, 30_000, { isTruncated: true }))).toEqual({
      ok: false,
      problem: 'too-many-pixels',
    });
  });

  it('takes a 4096 × 4096 8-bit CMYK JPEG (at the cap)', async () => {
    expect(await inspectImage(jpegWithFrame(4096, 4096, { components: 4 }))).toMatchObject({
      ok: true,
      image: { kind: 'jpeg', width: 4096, height: 4096 },
    });
  });
});
