import { expect, type Page } from '@playwright/test';
import { type DragPoint, humanDragTrack } from '../../apps/server/src/test/human-drag-track.ts';

/**
 * Passes the real slide captcha the way a person does: waits for the challenge (CAPTCHA_MODE=test answers
 * `answerX`, the distance the handle must travel), then drags the handle there along a hand-like track (speeding
 * up and slowing down, a tremble, a rest before the release) that the page records and the server judges.
 * `plan` gives the drag another shape (positions and times from the pointer down).
 */
export async function solveSlideCaptcha(
  page: Page,
  trigger: () => Promise<void>,
  plan: (answerX: number) => DragPoint[] = humanDragTrack,
) {
  const challengeReply = page.waitForResponse((reply) => reply.url().endsWith('/v2/captcha/slider/challenges'));
  await trigger();
  const { answerX } = (await (await challengeReply).json()) as { answerX: number };
  const handle = page.getByTestId('slider-handle');
  await expect(handle).toBeVisible();
  // The dialog zooms in: wait until the handle stops moving before taking its position.
  let box = await handle.boundingBox();
  await expect(async () => {
    const previous = box;
    await page.waitForTimeout(100);
    box = await handle.boundingBox();
    expect(box).toEqual(previous);
  }).toPass();
  if (!box) throw new Error('slider handle has no box');
  const startX = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  // Each move waits its whole gap after the previous one: a slow moment of the browser makes the drag slower,
  // never a burst of moves faster than a hand.
  const track = plan(answerX);
  for (let i = 1; i < track.length; i++) {
    await page.waitForTimeout(track[i].t - track[i - 1].t);
    await page.mouse.move(startX + track[i].x, y);
  }
  await page.mouse.up();
}
