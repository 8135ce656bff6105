import type { SliderTrackPoint } from '@anxin/shared/auth/slider-track.schemas';
import { describe, expect, it } from 'vitest';
import { humanDragTrack } from '../../test/human-drag-track.ts';
import { findDragTrackFlaw } from './drag-track.ts';

const points = (pairs: [number, number][]): SliderTrackPoint[] => pairs.map(([x, t]) => ({ x, t }));

/**
 * A mouse drag in the shape the page records it: whole pixels, 60 Hz frames with one dropped, a fast middle, an
 * overshoot to 171 and a correction back to 166, a rest before the release.
 */
const MOUSE_DRAG = points([
  [0, 0],
  [0, 17],
  [0, 33],
  [1, 50],
  [5, 84],
  [13, 117],
  [25, 150],
  [33, 167],
  [41, 184],
  [50, 200],
  [59, 217],
  [69, 234],
  [79, 250],
  [90, 267],
  [100, 284],
  [110, 301],
  [120, 317],
  [128, 334],
  [144, 367],
  [151, 384],
  [157, 401],
  [161, 417],
  [165, 434],
  [168, 451],
  [170, 468],
  [170, 484],
  [171, 501],
  [171, 518],
  [171, 551],
  [170, 568],
  [170, 584],
  [168, 618],
  [167, 635],
  [166, 651],
  [166, 668],
  [166, 788],
]);

/** What a script sends: even steps at an even pace. */
const evenTrack = (x: number, steps = 20, stepMs = 40) =>
  Array.from({ length: steps + 1 }, (_, i) => ({ x: (x * i) / steps, t: i * stepMs }));

describe('drag track', () => {
  it('accepts a mouse drag with an overshoot and a correction', () => {
    expect(findDragTrackFlaw(MOUSE_DRAG, 166)).toBeNull();
  });

  it('accepts every hand-like drag it is shown', () => {
    for (let i = 0; i < 300; i++) {
      const x = 54 + (i % 200);
      expect(findDragTrackFlaw(humanDragTrack(x), x)).toBeNull();
    }
  });

  it.each([
    ['even steps at an even pace', evenTrack(166)],
    ['even steps with a rest before the release', [...evenTrack(166), { x: 166, t: 900 }]],
    ['even steps with a few milliseconds of timing noise', evenTrack(166).map((p, i) => ({ ...p, t: p.t + (i % 3) }))],
  ])('refuses %s', (_case, track) => {
    expect(findDragTrackFlaw(track, 166)).toBe('even-speed');
  });

  it.each([
    [
      'too few points',
      points([
        [0, 0],
        [80, 200],
        [166, 400],
      ]),
      'too-few-points',
    ],
    ['time going backwards', MOUSE_DRAG.map((p, i) => (i === 10 ? { ...p, t: 100 } : p)), 'time-not-increasing'],
    [
      'two points at one time',
      MOUSE_DRAG.map((p, i) => (i === 10 ? { ...p, t: MOUSE_DRAG[9].t } : p)),
      'time-not-increasing',
    ],
    ['a drag of 200 ms', MOUSE_DRAG.map((p) => ({ ...p, t: Math.round(p.t / 4) })), 'too-quick'],
    ['a drag of two minutes', MOUSE_DRAG.map((p) => ({ ...p, t: p.t * 160 })), 'too-slow'],
    ['a start away from the handle', MOUSE_DRAG.map((p) => ({ ...p, x: p.x + 20 })), 'not-from-start'],
    [
      'a jump of 108 px in one frame',
      [...MOUSE_DRAG.slice(0, 8), ...MOUSE_DRAG.slice(8).map((p) => ({ ...p, x: p.x + 100 }))],
      'jump',
    ],
    [
      'the whole way in two moves',
      points([
        [0, 0],
        [0, 20],
        [0, 40],
        [0, 60],
        [0, 80],
        [0, 100],
        [80, 400],
        [166, 500],
        [166, 600],
      ]),
      'too-few-points',
    ],
  ])('refuses %s', (_case, track, flaw) => {
    const released = track[track.length - 1].x;
    expect(findDragTrackFlaw(track, released)).toBe(flaw);
  });

  it('refuses a track that ends away from the released position', () => {
    expect(findDragTrackFlaw(MOUSE_DRAG, 186)).toBe('not-at-release');
  });
});
