import { promisify } from 'node:util';
import { crc32, inflate } from 'node:zlib';

const inflateAsync = promisify(inflate);

export type ImageKind = 'png' | 'jpeg';
export type ImageInfo = { kind: ImageKind; width: number; height: number; contentType: string; extension: string };

/** Why bytes were refused: not a PNG/JPEG at all, or one that is too large in pixels. */
export type ImageProblem = 'not-image' | 'too-many-pixels';
export type InspectResult = { ok: true; image: ImageInfo } | { ok: false; problem: ImageProblem };

/** The largest image an avatar may be: more is never needed and a small file can decode to a huge bitmap. */
export const MAX_IMAGE_SIDE = 4096;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const notImage: InspectResult = { ok: false, problem: 'not-image' };

/**
 * Decides what the bytes are, whatever the file name says: the magic number picks PNG or JPEG, the header
 * gives the size (checked against the pixel cap before anything is decompressed), and the image must hold
 * together. PNG: every chunk's checksum, a valid header, and image data that inflates (natively, off the event
 * loop) to exactly the bytes the header promises, each row with a known filter. JPEG: a well-formed marker
 * sequence with a frame header, a scan and an end-of-image marker.
 */
export async function inspectImage(bytes: Buffer): Promise<InspectResult> {
  if (bytes.length >= PNG_SIGNATURE.length && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return inspectPng(bytes);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return inspectJpeg(bytes);
  return notImage;
}

function withinCap(width: number, height: number) {
  return width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE;
}

/** Samples per pixel by PNG colour type, and the bit depths each allows. */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const PNG_BIT_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
/** Adam7 passes: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];
const MAX_PNG_FILTER = 4;

type PngHeader = { width: number; height: number; bitsPerPixel: number; isInterlaced: boolean };

/** The size of the decompressed image data: per row (or per row of each Adam7 pass) a filter byte and the pixels. */
function pngRawSize({ width, height, bitsPerPixel, isInterlaced }: PngHeader): number {
  const rowBytes = (pixels: number) => 1 + Math.ceil((pixels * bitsPerPixel) / 8);
  if (!isInterlaced) return height * rowBytes(width);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    const passWidth = Math.ceil((width - x0) / dx);
    const passHeight = Math.ceil((height - y0) / dy);
    if (passWidth > 0 && passHeight > 0) total += passHeight * rowBytes(passWidth);
  }
  return total;
}

async function inspectPng(bytes: Buffer): Promise<InspectResult> {
  let offset = PNG_SIGNATURE.length;
  let header: PngHeader | undefined;
  let hasPalette = false;
  let hasEnd = false;
  const data: Buffer[] = [];
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return notImage;
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(offset + 8 + length))
      return notImage;
    if (!header && type !== 'IHDR') return notImage;
    if (type === 'IHDR') {
      if (header || length !== 13) return notImage;
      const [width, height] = [body.readUInt32BE(0), body.readUInt32BE(4)];
      const [bitDepth, colorType, compression, filter, interlace] = body.subarray(8, 13);
      if (width === 0 || height === 0 || compression !== 0 || filter !== 0 || interlace > 1) return notImage;
      if (!PNG_BIT_DEPTHS[colorType]?.includes(bitDepth)) return notImage;
      if (!withinCap(width, height)) return { ok: false, problem: 'too-many-pixels' };
      header = { width, height, bitsPerPixel: PNG_CHANNELS[colorType] * bitDepth, isInterlaced: interlace === 1 };
      hasPalette = colorType !== 3;
    } else if (type === 'PLTE') {
      hasPalette = true;
    } else if (type === 'IDAT') {
      data.push(body);
    } else if (type === 'IEND') {
      hasEnd = true;
      break;
    }
    offset = end;
  }
  if (!header || !hasEnd || !hasPalette || data.length === 0) return notImage;
  const expected = pngRawSize(header);
  let raw: Buffer;
  try {
    raw = await inflateAsync(Buffer.concat(data), { maxOutputLength: expected + 1 });
  } catch {
    return notImage;
  }
  if (raw.length !== expected) return notImage;
  if (!header.isInterlaced) {
    const rowLength = expected / header.height;
    for (let row = 0; row < raw.length; row += rowLength) if (raw[row] > MAX_PNG_FILTER) return notImage;
  }
  const { width, height } = header;
  return { ok: true, image: { kind: 'png', width, height, contentType: 'image/png', extension: 'png' } };
}

/** Markers without a length field: TEM and the restart markers. */
const isStandaloneMarker = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
/** Start-of-frame markers (C0-CF except DHT C4, JPG C8 and DAC CC) carry the image size. */
const isFrameMarker = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const SOS = 0xda;
const EOI = 0xd9;

function inspectJpeg(bytes: Buffer): InspectResult {
  let offset = 2;
  let size: { width: number; height: number } | undefined;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) return notImage;
    // Any number of 0xFF fill bytes may precede a marker.
    while (offset < bytes.length && bytes[offset] === 0xff) offset += 1;
    if (offset >= bytes.length) return notImage;
    const marker = bytes[offset];
    offset += 1;
    if (isStandaloneMarker(marker)) continue;
    if (marker === EOI || marker === 0x00 || marker === 0xd8) return notImage;
    if (offset + 2 > bytes.length) return notImage;
    const length = bytes.readUInt16BE(offset);
    if (length < 2 || offset + length > bytes.length) return notImage;
    if (isFrameMarker(marker)) {
      if (length < 8) return notImage;
      const height = bytes.readUInt16BE(offset + 3);
      const width = bytes.readUInt16BE(offset + 5);
      const components = bytes[offset + 7];
      if (width === 0 || height === 0 || ![1, 3, 4].includes(components)) return notImage;
      size = { width, height };
    }
    if (marker === SOS) {
      if (!size) return notImage;
      // Entropy-coded data follows the scan header up to the end-of-image marker.
      const end = bytes.lastIndexOf(Buffer.from([0xff, EOI]));
      if (end < offset + length) return notImage;
      if (!withinCap(size.width, size.height)) return { ok: false, problem: 'too-many-pixels' };
      return {
        ok: true,
        image: { kind: 'jpeg', ...size, contentType: 'image/jpeg', extension: 'jpg' },
      };
    }
    offset += length;
  }
  return notImage;
}
