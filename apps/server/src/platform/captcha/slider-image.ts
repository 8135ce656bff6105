import { randomBytes, randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

export const SLIDER_WIDTH = 300;
export const SLIDER_HEIGHT = 150;
export const PIECE_SIZE = 48;
/** How far from the hole the piece may stop, in CSS pixels. */
export const SLIDER_TOLERANCE_PX = 5;

export type SliderPuzzle = { backgroundImage: string; pieceImage: string; answerX: number; pieceY: number };

/** The hole may not overlap the piece's starting place, nor leave the picture. */
const MIN_HOLE_X = PIECE_SIZE + 6;
const MAX_HOLE_X = SLIDER_WIDTH - PIECE_SIZE - 2;
/** Decoys keep this far from each other and from the hole, so each one reads as a shape of its own. */
const MIN_HOLE_GAP = 48;

/**
 * Draws a textured picture with the puzzle's hole at (answerX, pieceY), one to three decoy holes on the same rows,
 * and the matching piece. Nothing in the picture marks the hole by itself (the security review solved the old
 * picture by its constant-colour outline and its edge): every hole is a soft-edged shading of the texture
 * underneath, with its own depth, edge width, light direction and sub-pixel offset; the picture has edges as
 * strong as a hole's; a decoy shows the same content as the hole with one side of the outline changed. A person
 * matches the piece's outline; a script matching pixels finds a decoy about as often as the hole.
 */
export function drawSliderPuzzle(): SliderPuzzle {
  const answerX = randomInt(MIN_HOLE_X, MAX_HOLE_X + 1);
  const pieceY = randomInt(6, SLIDER_HEIGHT - PIECE_SIZE - 6);
  const shape = randomShape();
  const picture = paintPicture();
  const piece = cutPiece(picture, shape, answerX, pieceY);

  const background = new PNG({ width: SLIDER_WIDTH, height: SLIDER_HEIGHT });
  picture.data.copy(background.data);
  const decoys = placeDecoys(answerX).map((x) => ({ x, shape: growShape(shape) }));
  for (const decoy of decoys)
    cloneHoleContent(picture, background, { ...decoy, answerX, answerShape: shape, top: pieceY });
  for (const decoy of decoys) shadeHole(background, decoy.shape, decoy.x, pieceY);
  shadeHole(background, shape, answerX, pieceY);
  addGrain(background);
  return { backgroundImage: toDataUrl(background, 2), pieceImage: toDataUrl(piece, 6), answerX, pieceY };
}

const uniform = (min: number, max: number) => min + ((max - min) * randomInt(0, 1 << 30)) / (1 << 30);
const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const clampByte = (value: number) => Math.min(255, Math.max(0, Math.round(value)));

/** One to three decoys on the hole's rows, wherever they fit between the bounds. */
function placeDecoys(answerX: number) {
  const taken = [answerX];
  const wanted = randomInt(1, 4);
  for (let attempt = 0; attempt < 40 && taken.length <= wanted; attempt++) {
    const x = randomInt(MIN_HOLE_X, MAX_HOLE_X + 1);
    if (taken.every((other) => Math.abs(other - x) >= MIN_HOLE_GAP)) taken.push(x);
  }
  return taken.slice(1);
}

/** Gradient, overlapping discs and bars with crisp edges, and soft blotches: edges everywhere, not only at holes. */
function paintPicture() {
  const from = [randomInt(60, 200), randomInt(80, 210), randomInt(80, 210)];
  const to = [randomInt(60, 210), randomInt(60, 200), randomInt(70, 210)];
  const rgb = new Float32Array(SLIDER_WIDTH * SLIDER_HEIGHT * 3);
  for (let y = 0; y < SLIDER_HEIGHT; y++) {
    for (let x = 0; x < SLIDER_WIDTH; x++) {
      const t = (x + y) / (SLIDER_WIDTH + SLIDER_HEIGHT);
      for (let c = 0; c < 3; c++) rgb[(y * SLIDER_WIDTH + x) * 3 + c] = from[c] + (to[c] - from[c]) * t;
    }
  }
  const layers = [
    ...Array.from({ length: randomInt(7, 11) }, randomDisc),
    ...Array.from({ length: randomInt(6, 10) }, randomBar),
  ];
  for (let i = layers.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [layers[i], layers[j]] = [layers[j], layers[i]];
  }
  for (const layer of layers) {
    const color = [randomInt(20, 240), randomInt(20, 240), randomInt(20, 240)];
    const mix = uniform(0.45, 0.8);
    const [left, top, right, bottom] = layer.box.map(Math.round);
    for (let y = Math.max(0, top); y < Math.min(SLIDER_HEIGHT, bottom); y++) {
      for (let x = Math.max(0, left); x < Math.min(SLIDER_WIDTH, right); x++) {
        if (!layer.isInside(x, y)) continue;
        const offset = (y * SLIDER_WIDTH + x) * 3;
        for (let c = 0; c < 3; c++) rgb[offset + c] = rgb[offset + c] * (1 - mix) + color[c] * mix;
      }
    }
  }
  const waves = Array.from({ length: 3 }, () => ({
    fx: uniform(0.02, 0.09),
    fy: uniform(0.02, 0.09),
    phase: uniform(0, 6.3),
    amplitude: uniform(6, 14),
  }));
  const png = new PNG({ width: SLIDER_WIDTH, height: SLIDER_HEIGHT });
  for (let y = 0; y < SLIDER_HEIGHT; y++) {
    for (let x = 0; x < SLIDER_WIDTH; x++) {
      let blotch = 0;
      for (const w of waves) blotch += w.amplitude * Math.sin(x * w.fx + y * w.fy + w.phase);
      const pixel = y * SLIDER_WIDTH + x;
      for (let c = 0; c < 3; c++) png.data[pixel * 4 + c] = clampByte(rgb[pixel * 3 + c] + blotch);
      png.data[pixel * 4 + 3] = 255;
    }
  }
  return png;
}

type Layer = { box: number[]; isInside: (x: number, y: number) => boolean };

function randomDisc(): Layer {
  const [cx, cy, r] = [randomInt(0, SLIDER_WIDTH), randomInt(0, SLIDER_HEIGHT), randomInt(10, 40)];
  return { box: [cx - r, cy - r, cx + r + 1, cy + r + 1], isInside: (x, y) => (x - cx) ** 2 + (y - cy) ** 2 < r * r };
}

/** Mostly upright bars: their long sides are vertical edges as strong as a hole's. */
function randomBar(): Layer {
  const [cx, cy] = [randomInt(0, SLIDER_WIDTH), randomInt(0, SLIDER_HEIGHT)];
  const angle = uniform(-0.5, 0.5) + (randomInt(0, 3) === 0 ? Math.PI / 2 : 0);
  const [dx, dy] = [Math.cos(angle), Math.sin(angle)];
  const [halfWidth, halfLength] = [uniform(3, 9), uniform(25, 80)];
  const reach = halfWidth + halfLength;
  return {
    box: [cx - reach, cy - reach, cx + reach + 1, cy + reach + 1],
    isInside: (x, y) =>
      Math.abs((x - cx) * dy - (y - cy) * dx) < halfLength && Math.abs((x - cx) * dx + (y - cy) * dy) < halfWidth,
  };
}

/** Per-pixel grain over the finished picture, so that no shading leaves runs of one exact colour. */
function addGrain(png: PNG) {
  const grains = randomBytes(png.width * png.height);
  for (let pixel = 0; pixel < grains.length; pixel++) {
    const grain = (grains[pixel] % 5) - 2;
    for (let c = 0; c < 3; c++) png.data[pixel * 4 + c] = clampByte(png.data[pixel * 4 + c] + grain);
  }
}

/** Knob of each side (top, right, bottom, left): none, sticking out, or cut in. */
type Knob = 0 | 1 | 2;
type Shape = [Knob, Knob, Knob, Knob];
const BODY_MIN = 8;
const BODY_MAX = PIECE_SIZE - 8;
const KNOB_RADIUS = 6;
const SIDE_NORMALS = [
  [0, -1],
  [1, 0],
  [0, 1],
  [-1, 0],
];

function randomShape(): Shape {
  const shape = Array.from({ length: 4 }, () => randomInt(0, 3) as Knob) as Shape;
  if (!shape.some((knob) => knob !== 0)) shape[randomInt(0, 4)] = 1;
  return shape;
}

/**
 * The piece's shape with one side grown (a knob where the piece is flat, flat or a knob where it has a notch): a
 * person sees the difference, while the decoy covers every pixel the piece covers, so darkness or content
 * compared under the piece's outline finds it as well as the real hole.
 */
function growShape(shape: Shape): Shape {
  const grown = [...shape] as Shape;
  const growable = [0, 1, 2, 3].filter((side) => shape[side] !== 1);
  if (growable.length === 0) {
    grown[randomInt(0, 4)] = 0;
    return grown;
  }
  const side = growable[randomInt(0, growable.length)];
  grown[side] = shape[side] === 0 ? 1 : (randomInt(0, 2) as Knob);
  return grown;
}

/** Signed distance (negative inside) from a point of the piece's square to the shape's outline. */
function shapeDistance(shape: Shape, x: number, y: number) {
  const centre = PIECE_SIZE / 2;
  const half = (BODY_MAX - BODY_MIN) / 2;
  const corner = 3;
  const qx = Math.abs(x - centre) - half + corner;
  const qy = Math.abs(y - centre) - half + corner;
  let distance = Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - corner;
  shape.forEach((knob, side) => {
    if (knob === 0) return;
    const [nx, ny] = SIDE_NORMALS[side];
    const shift = knob === 1 ? half + 2 : half - 2;
    const toKnob = Math.hypot(x - centre - nx * shift, y - centre - ny * shift) - KNOB_RADIUS;
    distance = knob === 1 ? Math.min(distance, toKnob) : Math.max(distance, -toKnob);
  });
  return distance;
}

/**
 * Copies the picture around the real hole to a decoy's place, fading out around the decoy's outline: the piece's
 * content then matches the decoy as well as the hole, and only the shape tells them apart. The real hole's own
 * pixels are left as they are.
 */
function cloneHoleContent(
  picture: PNG,
  target: PNG,
  clone: { x: number; shape: Shape; answerX: number; answerShape: Shape; top: number },
) {
  const reach = 4;
  for (let y = Math.max(0, clone.top - reach); y < Math.min(target.height, clone.top + PIECE_SIZE + reach); y++) {
    for (let x = Math.max(0, clone.x - reach); x < Math.min(target.width, clone.x + PIECE_SIZE + reach); x++) {
      const localX = x + 0.5 - clone.x;
      const localY = y + 0.5 - clone.top;
      const sourceX = clone.answerX + x - clone.x;
      if (sourceX < 0 || sourceX >= picture.width) continue;
      const nearHole = shapeDistance(clone.answerShape, x + 0.5 - clone.answerX, localY);
      const weight = clamp01((reach - shapeDistance(clone.shape, localX, localY)) / 2.5) * clamp01((nearHole - 2) / 3);
      if (weight === 0) continue;
      const offset = (y * target.width + x) * 4;
      const source = (y * picture.width + sourceX) * 4;
      for (let c = 0; c < 3; c++)
        target.data[offset + c] = clampByte(target.data[offset + c] * (1 - weight) + picture.data[source + c] * weight);
    }
  }
}

/**
 * Darkens the texture inside the shape at (left, top): a soft edge of random width, a random depth that varies
 * across the hole, a shadow on the side facing the light and a glint on the other. The texture stays visible.
 */
function shadeHole(png: PNG, shape: Shape, left: number, top: number) {
  const originX = left + uniform(-0.45, 0.45);
  const originY = top + uniform(-0.45, 0.45);
  const softness = uniform(2, 3.5);
  const depth = uniform(0.25, 0.55);
  const angle = uniform(0, Math.PI * 2);
  const [lx, ly] = [Math.cos(angle) * 2, Math.sin(angle) * 2];
  const [tiltX, tiltY] = [uniform(-0.35, 0.35), uniform(-0.35, 0.35)];
  const shadow = uniform(0.08, 0.2);
  const glint = uniform(0.08, 0.22);
  const margin = 3;
  for (let y = Math.max(0, top - margin); y < Math.min(png.height, top + PIECE_SIZE + margin); y++) {
    for (let x = Math.max(0, left - margin); x < Math.min(png.width, left + PIECE_SIZE + margin); x++) {
      const px = x + 0.5 - originX;
      const py = y + 0.5 - originY;
      const cover = clamp01(0.5 - shapeDistance(shape, px, py) / softness);
      if (cover === 0) continue;
      const towardLight = clamp01(0.5 + shapeDistance(shape, px - lx, py - ly) / softness);
      const awayFromLight = clamp01(0.5 + shapeDistance(shape, px + lx, py + ly) / softness);
      const tilt = (tiltX * (px - PIECE_SIZE / 2) + tiltY * (py - PIECE_SIZE / 2)) / (PIECE_SIZE / 2);
      const darkness = depth * (1 + tilt) + shadow * towardLight;
      const offset = (y * png.width + x) * 4;
      for (let c = 0; c < 3; c++) {
        const dark = png.data[offset + c] * (1 - cover * darkness);
        png.data[offset + c] = clampByte(dark + (255 - dark) * glint * awayFromLight * cover);
      }
    }
  }
}

/** The picture under the hole, in the hole's shape, with a light bevel so it reads as a piece on top. */
function cutPiece(picture: PNG, shape: Shape, left: number, top: number) {
  const piece = new PNG({ width: PIECE_SIZE, height: PIECE_SIZE });
  for (let y = 0; y < PIECE_SIZE; y++) {
    for (let x = 0; x < PIECE_SIZE; x++) {
      const distance = shapeDistance(shape, x + 0.5, y + 0.5);
      const cover = clamp01(0.5 - distance / 0.9);
      if (cover === 0) continue;
      const bevel = clamp01(1 + distance / 2.2) * 0.55;
      const source = ((top + y) * picture.width + left + x) * 4;
      const target = (y * PIECE_SIZE + x) * 4;
      for (let c = 0; c < 3; c++) {
        const value = picture.data[source + c];
        piece.data[target + c] = clampByte(value + (255 - value) * bevel);
      }
      piece.data[target + 3] = Math.round(cover * 255);
    }
  }
  return piece;
}

const toDataUrl = (png: PNG, colorType: 2 | 6) =>
  `data:image/png;base64,${PNG.sync.write(png, { colorType }).toString('base64')}`;
