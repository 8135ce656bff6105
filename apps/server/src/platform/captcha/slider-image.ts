import { randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

export const SLIDER_WIDTH = 300;
export const SLIDER_HEIGHT = 150;
export const PIECE_SIZE = 48;

export type SliderPuzzle = { backgroundImage: string; pieceImage: string; answerX: number; pieceY: number };

/**
 * Draws a random picture with a puzzle-shaped hole at (answerX, pieceY) and the matching piece.
 * Raster images, so the answer cannot be read from the markup.
 */
export function drawSliderPuzzle(): SliderPuzzle {
  const answerX = randomInt(PIECE_SIZE + 20, SLIDER_WIDTH - PIECE_SIZE - 8);
  const pieceY = randomInt(8, SLIDER_HEIGHT - PIECE_SIZE - 8);
  const background = paintBackground();
  const piece = new PNG({ width: PIECE_SIZE, height: PIECE_SIZE });

  for (let y = 0; y < PIECE_SIZE; y++) {
    for (let x = 0; x < PIECE_SIZE; x++) {
      const shape = pieceShapeAt(x, y);
      const source = ((pieceY + y) * SLIDER_WIDTH + answerX + x) * 4;
      const target = (y * PIECE_SIZE + x) * 4;
      if (shape === 'outside') continue;
      const isEdge = shape === 'edge';
      for (let c = 0; c < 3; c++) {
        piece.data[target + c] = isEdge ? 255 : background.data[source + c];
        background.data[source + c] = isEdge ? 230 : Math.round(background.data[source + c] * 0.35);
      }
      piece.data[target + 3] = 255;
    }
  }
  return { backgroundImage: toDataUrl(background), pieceImage: toDataUrl(piece), answerX, pieceY };
}

function paintBackground() {
  const png = new PNG({ width: SLIDER_WIDTH, height: SLIDER_HEIGHT });
  const from = [randomInt(40, 200), randomInt(80, 220), randomInt(80, 220)];
  const to = [randomInt(40, 220), randomInt(40, 200), randomInt(60, 220)];
  const blobs = Array.from({ length: 9 }, () => ({
    x: randomInt(0, SLIDER_WIDTH),
    y: randomInt(0, SLIDER_HEIGHT),
    r: randomInt(12, 45),
    color: [randomInt(0, 256), randomInt(0, 256), randomInt(0, 256)],
  }));
  for (let y = 0; y < SLIDER_HEIGHT; y++) {
    for (let x = 0; x < SLIDER_WIDTH; x++) {
      const t = (x + y) / (SLIDER_WIDTH + SLIDER_HEIGHT);
      let rgb = from.map((value, c) => value + (to[c] - value) * t);
      for (const blob of blobs) {
        if ((x - blob.x) ** 2 + (y - blob.y) ** 2 < blob.r ** 2)
          rgb = rgb.map((value, c) => value * 0.45 + blob.color[c] * 0.55);
      }
      const noise = randomInt(-5, 6);
      const offset = (y * SLIDER_WIDTH + x) * 4;
      for (let c = 0; c < 3; c++) png.data[offset + c] = Math.max(0, Math.min(255, Math.round(rgb[c] + noise)));
      png.data[offset + 3] = 255;
    }
  }
  return png;
}

/** A square body with a round knob on its right side, and a 2-pixel outline. */
function pieceShapeAt(x: number, y: number): 'inside' | 'edge' | 'outside' {
  const knobRadius = 7;
  const body = { left: 2, top: 2, right: PIECE_SIZE - 2 * knobRadius, bottom: PIECE_SIZE - 2 };
  const knob = { x: body.right, y: PIECE_SIZE / 2 };
  const distanceToKnob = Math.hypot(x - knob.x, y - knob.y);
  const isInBody = x >= body.left && x <= body.right && y >= body.top && y <= body.bottom;
  const isInKnob = distanceToKnob <= knobRadius;
  if (!isInBody && !isInKnob) return 'outside';
  const isNearBodyEdge = x - body.left < 2 || body.right - x < 2 || y - body.top < 2 || body.bottom - y < 2;
  const isBodyEdge = isInBody && isNearBodyEdge && !(x > body.right - 2 && distanceToKnob < knobRadius - 2);
  const isKnobEdge = isInKnob && !isInBody && distanceToKnob > knobRadius - 2;
  return isBodyEdge || isKnobEdge ? 'edge' : 'inside';
}

const toDataUrl = (png: PNG) => `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
