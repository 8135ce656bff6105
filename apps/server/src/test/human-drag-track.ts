/** One sample of a slider drag: how far the handle has travelled (CSS px) and when (ms since pointer down). */
export type DragPoint = { x: number; t: number };

/**
 * A drag to `distance` shaped like a hand's: speed rises and falls (minimum-jerk profile), samples come about once a
 * frame with uneven gaps, the position trembles by a fraction of a pixel, and the handle rests a moment before the
 * release. Used where tests pass the slide captcha through the API, and to pace the browser tests' mouse.
 */
export function humanDragTrack(distance: number, { durationMs = 600 + Math.random() * 500 } = {}): DragPoint[] {
  const track: DragPoint[] = [{ x: 0, t: 0 }];
  for (let t = 14 + Math.random() * 6; t < durationMs; t += 12 + Math.random() * 10) {
    const s = t / durationMs;
    const eased = 10 * s ** 3 - 15 * s ** 4 + 6 * s ** 5;
    const tremble = s > 0.1 && s < 0.9 ? (Math.random() - 0.5) * 0.8 : 0;
    track.push({ x: Math.round((distance * eased + tremble) * 10) / 10, t: Math.round(t) });
  }
  const last = track[track.length - 1].t;
  track.push({ x: distance, t: last + 18 }, { x: distance, t: last + 90 + Math.round(Math.random() * 60) });
  return track;
}
