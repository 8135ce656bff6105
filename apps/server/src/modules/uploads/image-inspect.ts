import { crc32, createInflate } from 'node:zlib';

export type ImageKind = 'png' | 'jpeg';
export type ImageInfo = { kind: ImageKind; width: number; height: number; contentType: string; extension: string };

/**
 * Why bytes were refused: not a PNG/JPEG at all, a side over MAX_IMAGE_SIDE, or a bitmap (width × height × bytes
 * per pixel) over MAX_BITMAP_BYTES.
 */
export type ImageProblem = 'not-image' | 'too-many-pixels' | 'bitmap-too-large';
export type InspectResult = { ok: true; image: ImageInfo } | { ok: false; problem: ImageProblem };

/** The largest image an avatar may be: more is never needed and a small file can decode to a huge bitmap. */
export const MAX_IMAGE_SIDE = 4096;
/**
 * The largest bitmap an image may decode to: 4096 × 4096 at 8-bit RGBA. A 130 KB PNG of 4096 × 4096 16-bit RGBA
 * zeros claims twice that; it is refused from its header, before any of it is inflated.
 */
export const MAX_BITMAP_BYTES = MAX_IMAGE_SIDE * MAX_IMAGE_SIDE * 4;
/** Inflated image data is checked and dropped piece by piece: what one upload holds at a time. */
const INFLATE_CHUNK_BYTES = 128 * 1024;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const notImage: InspectResult = { ok: false, problem: 'not-image' };

/**
 * Decides what the bytes are, whatever the file name says: the magic number picks PNG or JPEG, the header
 * gives the size (checked against both caps before anything is decompressed), and the image must hold
 * together. PNG: every chunk's checksum, a valid header, and image data that inflates (natively, off the event
 * loop, never more than the header promises, and never all held at once) to exactly the bytes the header
 * promises, each row with a known filter. JPEG: a well-formed marker sequence with a frame header, a scan and
 * an end-of-image marker.
 */
export async function inspectImage(bytes: Buffer): Promise<InspectResult> {
  if (bytes.length >= PNG_SIGNATURE.length && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return inspectPng(bytes);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return inspectJpeg(bytes);
  return notImage;
}

function sizeProblem(width: number, height: number, bitsPerPixel: number): ImageProblem | undefined {
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) return 'too-many-pixels';
  if ((width * height * bitsPerPixel) / 8 > MAX_BITMAP_BYTES) return 'bitmap-too-large';
  return undefined;
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
/** `rows` rows of `rowBytes` each (a filter byte and the pixels), one run per image or per Adam7 pass. */
type RowRun = { rowBytes: number; rows: number };

/** The layout of the decompressed image data: per row (or per row of each Adam7 pass) a filter byte and the pixels. */
function pngRowRuns({ width, height, bitsPerPixel, isInterlaced }: PngHeader): RowRun[] {
  const rowBytes = (pixels: number) => 1 + Math.ceil((pixels * bitsPerPixel) / 8);
  if (!isInterlaced) return [{ rowBytes: rowBytes(width), rows: height }];
  const runs: RowRun[] = [];
  for (const [x0, y0, dx, dy] of ADAM7) {
    const passWidth = Math.ceil((width - x0) / dx);
    const passHeight = Math.ceil((height - y0) / dy);
    if (passWidth > 0 && passHeight > 0) runs.push({ rowBytes: rowBytes(passWidth), rows: passHeight });
  }
  return runs;
}

/**
 * Whether the zlib stream inflates to exactly the rows described, each starting with a known filter byte. The
 * output is checked as it comes and dropped; inflating stops the moment it goes past the promised size, so a
 * header that lies costs no more than an honest one.
 */
function inflatesToRows(compressed: Buffer, runs: RowRun[]): Promise<boolean> {
  const expected = runs.reduce((total, run) => total + run.rowBytes * run.rows, 0);
  return new Promise((resolve) => {
    const inflater = createInflate({ chunkSize: INFLATE_CHUNK_BYTES });
    let seen = 0;
    let runIndex = 0;
    let rowsLeft = runs[0].rows;
    let nextFilterAt = 0;
    const finish = (isValid: boolean) => {
      inflater.removeAllListeners('data');
      inflater.destroy();
      resolve(isValid);
    };
    inflater.on('data', (piece: Buffer) => {
      if (seen + piece.length > expected) return finish(false);
      while (nextFilterAt < seen + piece.length) {
        if (piece[nextFilterAt - seen] > MAX_PNG_FILTER) return finish(false);
        nextFilterAt += runs[runIndex].rowBytes;
        rowsLeft -= 1;
        if (rowsLeft === 0) {
          runIndex += 1;
          if (runIndex === runs.length) nextFilterAt = Number.POSITIVE_INFINITY;
          else rowsLeft = runs[runIndex].rows;
        }
      }
      seen += piece.length;
    });
    inflater.on('end', () => finish(seen === expected));
    inflater.on('error', () => finish(false));
    inflater.end(compressed);
  });
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
      const bitsPerPixel = PNG_CHANNELS[colorType] * bitDepth;
      const problem = sizeProblem(width, height, bitsPerPixel);
      if (problem) return { ok: false, problem };
      header = { width, height, bitsPerPixel, isInterlaced: interlace === 1 };
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
  if (!(await inflatesToRows(Buffer.concat(data), pngRowRuns(header)))) return notImage;
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
      const precision = bytes[offset + 2];
      const height = bytes.readUInt16BE(offset + 3);
      const width = bytes.readUInt16BE(offset + 5);
      const components = bytes[offset + 7];
      if (width === 0 || height === 0 || ![1, 3, 4].includes(components)) return notImage;
      if (precision < 2 || precision > 16) return notImage;
      const problem = sizeProblem(width, height, components * 8 * Math.ceil(precision / 8));
      if (problem) return { ok: false, problem };
      size = { width, height };
    }
    if (marker === SOS) {
      if (!size) return notImage;
      // Entropy-coded data follows the scan header up to the end-of-image marker.
      const end = bytes.lastIndexOf(Buffer.from([0xff, EOI]));
      if (end < offset + length) return notImage;
      return {
        ok: true,
        image: { kind: 'jpeg', ...size, contentType: 'image/jpeg', extension: 'jpg' },
      };
    }
    offset += length;
  }
  return notImage;
}
