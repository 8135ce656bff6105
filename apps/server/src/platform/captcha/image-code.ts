import { randomBytes, randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

export const IMAGE_CODE_WIDTH = 120;
export const IMAGE_CODE_HEIGHT = 40;

type Point = [number, number];
type Stroke = Point[];

/** Points of an elliptic arc from `from` to `to` degrees (counter-clockwise when `to` > `from`, y pointing down). */
function arc(cx: number, cy: number, rx: number, ry: number, from: number, to: number): number[] {
  const steps = Math.max(4, Math.ceil(Math.abs(to - from) / 15));
  return Array.from({ length: steps + 1 }, (_, i) => {
    const angle = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    return [cx + rx * Math.cos(angle), cy - ry * Math.sin(angle)];
  }).flat();
}

/**
 * The glyphs, drawn as strokes (x, y pairs) in a box 1 high, y down: no font outline a script could look up.
 * Characters people confuse, the more so once slanted (0/O/Q/D, 1/I, 2/Z, 4/A, 5/S, 8/B, 9/g…), are left out;
 * answers are case-insensitive.
 */
const GLYPH_STROKES: Record<string, number[][]> = {
  A: [
    [0, 1, 0.35, 0, 0.7, 1],
    [0.15, 0.62, 0.55, 0.62],
  ],
  C: [arc(0.38, 0.5, 0.38, 0.5, 50, 310)],
  E: [
    [0.62, 0, 0, 0, 0, 1, 0.62, 1],
    [0, 0.5, 0.5, 0.5],
  ],
  F: [
    [0.62, 0, 0, 0, 0, 1],
    [0, 0.5, 0.5, 0.5],
  ],
  H: [
    [0, 0, 0, 1],
    [0.65, 0, 0.65, 1],
    [0, 0.5, 0.65, 0.5],
  ],
  J: [[0.6, 0, 0.6, 0.7], arc(0.3, 0.7, 0.3, 0.3, 0, -180)],
  K: [
    [0, 0, 0, 1],
    [0.65, 0, 0, 0.62],
    [0.24, 0.45, 0.68, 1],
  ],
  L: [[0, 0, 0, 1, 0.6, 1]],
  M: [[0, 1, 0, 0, 0.4, 0.62, 0.8, 0, 0.8, 1]],
  N: [[0, 1, 0, 0, 0.65, 1, 0.65, 0]],
  P: [[0, 1, 0, 0, 0.32, 0, ...arc(0.32, 0.27, 0.32, 0.27, 90, -90), 0, 0.54]],
  R: [
    [0, 1, 0, 0, 0.32, 0, ...arc(0.32, 0.27, 0.32, 0.27, 90, -90), 0, 0.54],
    [0.3, 0.54, 0.68, 1],
  ],
  T: [
    [0, 0, 0.72, 0],
    [0.36, 0, 0.36, 1],
  ],
  U: [[0, 0, ...arc(0.32, 0.66, 0.32, 0.34, 180, 360), 0.64, 0]],
  V: [[0, 0, 0.36, 1, 0.72, 0]],
  W: [[0, 0, 0.2, 1, 0.42, 0.35, 0.64, 1, 0.84, 0]],
  X: [
    [0, 0, 0.66, 1],
    [0.66, 0, 0, 1],
  ],
  Y: [
    [0, 0, 0.36, 0.5, 0.72, 0],
    [0.36, 0.5, 0.36, 1],
  ],
  '3': [arc(0.3, 0.25, 0.3, 0.25, 150, -90), arc(0.3, 0.73, 0.33, 0.27, 90, -150)],
  '6': [arc(0.34, 0.68, 0.32, 0.32, 0, 360), [0.58, 0.02, 0.3, 0.2, 0.1, 0.42, 0.02, 0.68]],
  '7': [[0, 0, 0.66, 0, 0.24, 1]],
  '8': [arc(0.32, 0.25, 0.26, 0.25, 0, 360), arc(0.32, 0.73, 0.32, 0.27, 0, 360)],
};
const GLYPHS: Record<string, Stroke[]> = Object.fromEntries(
  Object.entries(GLYPH_STROKES).map(([character, strokes]) => [
    character,
    strokes.map((flat) => Array.from({ length: flat.length / 2 }, (_, i): Point => [flat[2 * i], flat[2 * i + 1]])),
  ]),
);
const CHARACTERS = Object.keys(GLYPHS).join('');

/** A random answer of `length` characters, each equally likely. */
export const randomImageCodeText = (length: number) =>
  Array.from({ length }, () => CHARACTERS[randomInt(CHARACTERS.length)]).join('');

/**
 * Draws `text` as a PNG: each glyph with its own size, rotation, slant, wave and stroke width, over a speckled
 * background, crossed by curves and dots drawn in the glyphs' colours and widths. The answer exists only as
 * pixels (the security review read the former SVG's glyph outlines straight from its markup).
 */
export function drawImageCode(text: string) {
  const png = new PNG({ width: IMAGE_CODE_WIDTH, height: IMAGE_CODE_HEIGHT });
  paintBackground(png);
  const colors = Array.from({ length: text.length + 3 }, randomInk);
  const sizes = [...text].map(() => uniform(21, 26));
  const widths = [...text].map((character, i) => glyphWidth(character) * sizes[i]);
  const room = IMAGE_CODE_WIDTH - 8 - widths.reduce((sum, width) => sum + width, 0);
  let left = 4 + uniform(0, Math.max(0, room / (text.length + 1)));
  [...text].forEach((character, i) => {
    const centre: Point = [left + widths[i] / 2, IMAGE_CODE_HEIGHT / 2 + uniform(-2, 2)];
    drawStrokes(png, placeGlyph(character, centre, sizes[i]), uniform(2.2, 3.2), colors[i]);
    left += widths[i] + Math.max(-2, room / (text.length + 1) + uniform(-3, 2));
  });
  for (let i = 0; i < 2; i++) drawStrokes(png, [randomWave()], uniform(1.4, 2.2), colors[text.length + i]);
  drawStrokes(png, [randomWave()], uniform(0.8, 1.2), colors[text.length + 2]);
  for (let i = 0; i < 40; i++) {
    const dot: Point = [uniform(0, IMAGE_CODE_WIDTH), uniform(0, IMAGE_CODE_HEIGHT)];
    drawStrokes(png, [[dot, [dot[0] + 0.1, dot[1]]]], uniform(1, 2.2), colors[randomInt(colors.length)]);
  }
  return `data:image/png;base64,${PNG.sync.write(png, { colorType: 2 }).toString('base64')}`;
}

const uniform = (min: number, max: number) => min + ((max - min) * randomInt(0, 1 << 30)) / (1 << 30);
const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** Dark, saturated enough to read on the pale background. */
const randomInk = () => [randomInt(10, 120), randomInt(10, 110), randomInt(20, 130)];

const glyphWidth = (character: string) => Math.max(...GLYPHS[character].flat().map(([x]) => x));

/** The glyph's strokes in picture pixels: scaled, rotated, slanted and waved around `centre`. */
function placeGlyph(character: string, centre: Point, size: number): Stroke[] {
  const rotation = uniform(-0.3, 0.3);
  const slant = uniform(-0.25, 0.25);
  const squeeze = uniform(0.8, 1.1);
  const wave = { amplitude: uniform(0.6, 1.8), frequency: uniform(0.15, 0.35), phase: uniform(0, 6.3) };
  const boxWidth = glyphWidth(character);
  const [cos, sin] = [Math.cos(rotation), Math.sin(rotation)];
  return GLYPHS[character].map((stroke) =>
    densify(stroke).map(([gx, gy]) => {
      const x = (gx - boxWidth / 2) * size * squeeze + (0.5 - gy) * size * slant;
      const y = (gy - 0.5) * size;
      const wavedX = x + wave.amplitude * Math.sin(y * wave.frequency + wave.phase);
      return [centre[0] + wavedX * cos - y * sin, centre[1] + wavedX * sin + y * cos];
    }),
  );
}

/** Straight strokes get points along them, so the wave bends them too. */
function densify(stroke: Stroke): Stroke {
  const points: Stroke = [stroke[0]];
  for (let i = 1; i < stroke.length; i++) {
    const [from, to] = [stroke[i - 1], stroke[i]];
    const steps = Math.max(1, Math.ceil(Math.hypot(to[0] - from[0], to[1] - from[1]) / 0.12));
    for (let step = 1; step <= steps; step++)
      points.push([from[0] + ((to[0] - from[0]) * step) / steps, from[1] + ((to[1] - from[1]) * step) / steps]);
  }
  return points;
}

function randomWave(): Stroke {
  const [middle, amplitude] = [uniform(10, IMAGE_CODE_HEIGHT - 10), uniform(4, 12)];
  const [frequency, phase] = [uniform(0.03, 0.09), uniform(0, 6.3)];
  const [from, to] = [uniform(-5, 30), uniform(90, IMAGE_CODE_WIDTH + 5)];
  return Array.from({ length: 40 }, (_, i) => {
    const x = from + ((to - from) * i) / 39;
    return [x, middle + amplitude * Math.sin(x * frequency + phase)];
  });
}

function paintBackground(png: PNG) {
  const from = [randomInt(225, 250), randomInt(235, 252), randomInt(225, 250)];
  const to = [randomInt(215, 245), randomInt(225, 248), randomInt(220, 250)];
  const speckle = randomBytes(png.width * png.height);
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const pixel = y * png.width + x;
      const t = x / png.width;
      const grain = (speckle[pixel] % 11) - 5;
      for (let c = 0; c < 3; c++)
        png.data[pixel * 4 + c] = Math.min(255, Math.round(from[c] + (to[c] - from[c]) * t + grain));
      png.data[pixel * 4 + 3] = 255;
    }
  }
}

/**
 * Anti-aliased strokes of `width` px: each pixel takes the colour by how much of it the nearest segment covers.
 * The nearest distance is gathered segment by segment over each one's own small box (strokes are many short
 * segments), not by measuring every pixel of the whole box against every segment.
 */
function drawStrokes(png: PNG, strokes: Stroke[], width: number, color: number[]) {
  const reach = width / 2 + 1;
  const distances = new Float64Array(png.width * png.height).fill(Number.POSITIVE_INFINITY);
  for (const stroke of strokes) {
    for (let i = 1; i < stroke.length; i++) {
      const [a, b] = [stroke[i - 1], stroke[i]];
      const top = Math.max(0, Math.floor(Math.min(a[1], b[1]) - reach));
      const bottom = Math.min(png.height, Math.max(a[1], b[1]) + reach);
      const left = Math.max(0, Math.floor(Math.min(a[0], b[0]) - reach));
      const right = Math.min(png.width, Math.max(a[0], b[0]) + reach);
      for (let y = top; y < bottom; y++) {
        for (let x = left; x < right; x++) {
          const pixel = y * png.width + x;
          distances[pixel] = Math.min(distances[pixel], distanceToSegment([x + 0.5, y + 0.5], a, b));
        }
      }
    }
  }
  for (let pixel = 0; pixel < distances.length; pixel++) {
    const cover = clamp01(width / 2 + 0.5 - distances[pixel]);
    if (cover === 0) continue;
    const offset = pixel * 4;
    for (let c = 0; c < 3; c++)
      png.data[offset + c] = Math.round(png.data[offset + c] * (1 - cover) + color[c] * cover);
  }
}

function distanceToSegment(p: Point, a: Point, b: Point) {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const lengthSquared = dx * dx + dy * dy;
  const along = lengthSquared === 0 ? 0 : clamp01(((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSquared);
  return Math.hypot(p[0] - a[0] - along * dx, p[1] - a[1] - along * dy);
}
