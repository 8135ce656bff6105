import type { DragPoint } from '../apps/server/src/test/human-drag-track.ts';
import { uniquePhone } from './support/session.ts';
import { solveSlideCaptcha } from './support/slide-captcha.ts';
import { expect, test } from './support/test.ts';

// The drag a script makes with a mouse: the answer reached in 4 moves, 120 ms apart. Refused as too few points
// however the browser's timing stretches on a loaded machine (an even-pace drag of many moves could come out
// uneven enough to pass there; the server's judgement of the pace is unit-tested in drag-track.unit.test.ts).
const scriptedDrag = (answerX: number): DragPoint[] =>
  Array.from({ length: 5 }, (_, step) => ({ x: (answerX * step) / 4, t: step * 120 }));

test('a scripted drag that reaches the hole is refused; a hand-like drag on the next puzzle passes', async ({
  page,
}) => {
  await page.goto('/user/register');
  await page.getByPlaceholder('请输入手机号').fill(uniquePhone());
  await solveSlideCaptcha(page, () => page.getByRole('button', { name: '获取验证码' }).click(), scriptedDrag);
  await expect(page.getByRole('status')).toHaveText('拼图验证未通过，请重试');

  // The page loads the next puzzle by itself.
  await solveSlideCaptcha(page, async () => {});
  await expect(page.getByRole('button', { name: /重新获取\(\d+s\)/ })).toBeVisible();
});

// Issue 32: the puzzle without a pointer. The arrow keys move the piece (Shift for 10 px) and Enter submits the
// places the keys gave, which the server judges as it judges a drag: a person's presses come at an uneven pace.
test('a keyboard user moves the piece with the arrow keys and submits with Enter', async ({ page }) => {
  await page.goto('/user/register');
  await page.getByPlaceholder('请输入手机号').fill(uniquePhone());
  const challengeReply = page.waitForResponse((reply) => reply.url().endsWith('/v2/captcha/slider/challenges'));
  await page.getByRole('button', { name: '获取验证码' }).focus();
  await page.keyboard.press('Enter');
  const { answerX } = (await (await challengeReply).json()) as { answerX: number };

  const handle = page.getByRole('slider', { name: '拖动滑块完成拼图' });
  await expect(handle).toHaveAccessibleDescription(/方向键/);
  for (let presses = 0; presses < 5 && !(await handle.evaluate((node) => node === document.activeElement)); presses++)
    await page.keyboard.press('Tab');
  await expect(handle).toBeFocused();

  const gaps = [70, 160, 90, 220, 120];
  const keys = [
    ...Array.from({ length: Math.floor(answerX / 10) }, () => 'Shift+ArrowRight'),
    ...Array.from({ length: answerX % 10 }, () => 'ArrowRight'),
  ];
  for (const [index, key] of keys.entries()) {
    await page.keyboard.press(key);
    await page.waitForTimeout(gaps[index % gaps.length]);
  }
  await expect(handle).toHaveAttribute('aria-valuenow', String(answerX));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /重新获取\(\d+s\)/ })).toBeVisible();
});
