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
