import { expect, type Page } from '@playwright/test';

/**
 * Passes the real slide captcha the way a person does: waits for the challenge (CAPTCHA_MODE=test answers
 * `answerX`, the distance the handle must travel), then drags the handle there over about half a second.
 */
export async function solveSlideCaptcha(page: Page, trigger: () => Promise<void>) {
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
  const steps = 12;
  for (let step = 1; step <= steps; step++) {
    await page.mouse.move(startX + (answerX * step) / steps, y);
    await page.waitForTimeout(45);
  }
  await page.mouse.up();
}
