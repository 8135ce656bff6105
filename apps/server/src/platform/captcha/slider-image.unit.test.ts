import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { drawSliderPuzzle, SLIDER_TOLERANCE_PX, SLIDER_WIDTH } from './slider-image.ts';

/**
 * The security review's attacks on the puzzle picture, written as a script would: decode the PNGs, look only
 * at the rows the piece occupies (pieceY is public) and guess where the piece goes. A guess within the
 * server's tolerance solves the challenge.
 */
const decode = (dataUrl: string) => PNG.sync.read(Buffer.from(dataUrl.split(',')[1], 'base64'));
const luminance = (png: PNG, x: number, y: number) => {
  const i = (y * png.width + x) * 4;
  return 0.299 * png.data[i] + 0.587 * png.data[i + 1] + 0.114 * png.data[i + 2];
};

/** Where the piece's opaque pixels start, from its own PNG: the hole starts as far from answerX. */
function pieceLeftInset(piece: PNG) {
  for (let x = 0; x < piece.width; x++)
    for (let y = 0; y < piece.height; y++) if (piece.data[(y * piece.width + x) * 4 + 3] > 0) return x;
  return 0;
}

/** A challenge as the script sees it: the two pictures decoded, the piece's row; answerX only to score the guess. */
type Challenge = { background: PNG; piece: PNG; pieceY: number; answerX: number };
const drawChallenge = (): Challenge => {
  const { backgroundImage, pieceImage, pieceY, answerX } = drawSliderPuzzle();
  return { background: decode(backgroundImage), piece: decode(pieceImage), pieceY, answerX };
};

/** The most frequent exact colour in the piece's rows is the outline; its leftmost dense column is the hole. */
function guessByConstantColour({ background, piece, pieceY }: Challenge) {
  const counts = new Map<number, number>();
  const colourAt = (x: number, y: number) => {
    const i = (y * background.width + x) * 4;
    return (background.data[i] << 16) | (background.data[i + 1] << 8) | background.data[i + 2];
  };
  for (let y = pieceY; y < pieceY + piece.height; y++)
    for (let x = 0; x < background.width; x++) counts.set(colourAt(x, y), (counts.get(colourAt(x, y)) ?? 0) + 1);
  const [outline] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  for (let x = 0; x < background.width; x++) {
    let hits = 0;
    for (let y = pieceY; y < pieceY + piece.height; y++) if (colourAt(x, y) === outline) hits++;
    if (hits >= piece.height / 3) return x - pieceLeftInset(piece);
  }
  return -1;
}

/** The hole's left side is the strongest vertical edge across the piece's rows. */
function guessByStrongestEdge({ background, piece, pieceY }: Challenge) {
  let best = { x: -1, strength: -1 };
  for (let x = 1; x < background.width; x++) {
    let strength = 0;
    for (let y = pieceY; y < pieceY + piece.height; y++)
      strength += Math.abs(luminance(background, x, y) - luminance(background, x - 1, y));
    if (strength > best.strength) best = { x, strength };
  }
  return best.x - pieceLeftInset(piece);
}

/**
 * A template match of the piece: the normalised correlation between the piece's pixels and the picture under its
 * outline, at every place on the piece's rows.
 */
function guessByPieceContent({ background, piece, pieceY }: Challenge) {
  const opaque: { x: number; y: number; value: number }[] = [];
  for (let y = 0; y < piece.height; y++)
    for (let x = 0; x < piece.width; x++)
      if (piece.data[(y * piece.width + x) * 4 + 3] > 250) opaque.push({ x, y, value: luminance(piece, x, y) });
  const pieceMean = opaque.reduce((sum, p) => sum + p.value, 0) / opaque.length;
  let best = { x: -1, score: Number.NEGATIVE_INFINITY };
  for (let left = 0; left <= background.width - piece.width; left++) {
    const under = opaque.map((p) => luminance(background, left + p.x, pieceY + p.y));
    const underMean = under.reduce((sum, value) => sum + value, 0) / under.length;
    let product = 0;
    let pieceSquares = 0;
    let underSquares = 0;
    opaque.forEach((p, i) => {
      product += (p.value - pieceMean) * (under[i] - underMean);
      pieceSquares += (p.value - pieceMean) ** 2;
      underSquares += (under[i] - underMean) ** 2;
    });
    const score = product / Math.sqrt(pieceSquares * underSquares);
    if (score > best.score) best = { x: left, score };
  }
  return best.x;
}

let challenges: Challenge[] = [];
beforeAll(() => {
  challenges = Array.from({ length: 120 }, drawChallenge);
});
const solveRate = (guess: (challenge: Challenge) => number, count = challenges.length) =>
  challenges.slice(0, count).filter((c) => Math.abs(guess(c) - c.answerX) <= SLIDER_TOLERANCE_PX).length / count;

// Before the decoys and soft shading each of these solved every challenge (the first two are what the security
// review measured). A guess anywhere lands within the tolerance about 5 % of the time.
describe('slider puzzle picture', { timeout: 180_000 }, () => {
  it('is small enough for a phone', () => {
    const { backgroundImage, pieceImage } = drawSliderPuzzle();
    expect(decode(backgroundImage).width).toBe(SLIDER_WIDTH);
    expect(backgroundImage.length + pieceImage.length).toBeLessThan(90_000);
  });

  it('has no constant-colour outline a pixel search finds', () => {
    expect(solveRate(guessByConstantColour)).toBeLessThan(0.2);
  });

  it('has no hole edge that stands out as the strongest vertical edge', () => {
    expect(solveRate(guessByStrongestEdge)).toBeLessThan(0.2);
  });

  // Decoys carry the hole's content and differ only in one side's knob, so matching the piece finds one of the
  // 2 to 4 holes (about half the time the real one): it no longer solves the puzzle reliably.
  it('gives a template match of the piece a decoy about as often as the hole', () => {
    expect(solveRate(guessByPieceContent, 60)).toBeLessThan(0.75);
  });
});
