import type { SliderTrackPoint } from '@anxin/shared/auth/slider-track.schemas';

/** A drag sampled once a frame for the shortest allowed time gives more points, and more of them moving, than this. */
export const DRAG_MIN_POINTS = 8;
const MIN_MOVING_STEPS = 6;
/** A person needs at least this long to find the hole and drag; scripts answering instantly are refused. */
export const DRAG_MIN_DURATION_MS = 300;
export const DRAG_MAX_DURATION_MS = 60_000;
/** Faster than any hand moves the handle (6000 CSS px a second): a jump, not a drag. */
const MAX_SPEED_PX_PER_MS = 6;
/**
 * A hand speeds up and slows down: the spread of its speeds (standard deviation over mean) is about 0.5 to 1;
 * a track moved at an even pace has none.
 */
const MIN_SPEED_SPREAD = 0.3;

export type DragTrackFlaw =
  | 'too-few-points'
  | 'time-not-increasing'
  | 'too-quick'
  | 'too-slow'
  | 'not-from-start'
  | 'not-at-release'
  | 'jump'
  | 'even-speed';

/**
 * Why a recorded drag is not one a hand makes, or null when it could be. Every rule is one that real pointer
 * drags pass; each alone is easy to imitate, together they turn "post the answer" into writing a drag simulator,
 * and the rate limits behind the captcha stay the real defence.
 */
export function findDragTrackFlaw(track: readonly SliderTrackPoint[], releasedX: number): DragTrackFlaw | null {
  if (track.length < DRAG_MIN_POINTS) return 'too-few-points';
  const first = track[0];
  const last = track[track.length - 1];
  const speeds: number[] = [];
  for (let i = 1; i < track.length; i++) {
    const elapsed = track[i].t - track[i - 1].t;
    if (elapsed <= 0) return 'time-not-increasing';
    const step = Math.abs(track[i].x - track[i - 1].x);
    if (step / elapsed > MAX_SPEED_PX_PER_MS) return 'jump';
    if (step > 0) speeds.push(step / elapsed);
  }
  if (speeds.length < MIN_MOVING_STEPS) return 'too-few-points';
  const duration = last.t - first.t;
  if (duration < DRAG_MIN_DURATION_MS) return 'too-quick';
  if (duration > DRAG_MAX_DURATION_MS) return 'too-slow';
  if (Math.abs(first.x) > 3) return 'not-from-start';
  if (Math.abs(last.x - releasedX) > 1) return 'not-at-release';
  return speedSpread(speeds) < MIN_SPEED_SPREAD ? 'even-speed' : null;
}

function speedSpread(speeds: number[]) {
  if (speeds.length < 2) return 0;
  const mean = speeds.reduce((sum, speed) => sum + speed, 0) / speeds.length;
  const variance = speeds.reduce((sum, speed) => sum + (speed - mean) ** 2, 0) / speeds.length;
  return Math.sqrt(variance) / mean;
}
