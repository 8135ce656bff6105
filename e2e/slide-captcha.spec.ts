import type { DragPoint } from '../apps/server/src/test/human-drag-track.ts';
import { uniquePhone } from './support/session.ts';
import { solveSlideCaptcha } from './support/slide-captcha.ts';
import { expect, test } from './support/test.ts';

/** The drag a script makes with a mouse: the answer reached in 12 even steps, 45 ms apart. */
const evenDrag = (answerX: number): DragPoint[] =>
  Array.from({ length: 13 }, (_, step) => ({ x: (answerX * step) / 12, t: step * 45 }));

test('a drag at an even pace that reaches the hole is refused; a hand-like drag on the next puzzle passes', async ({
  page,
}) => {
  await page.goto('/user/register');
  await page.getByPlaceholder('请输入手机号').fill(uniquePhone());
  await solveSlideCaptcha(page, () => page.getByRole('button', { name: '获取验证码' }).click(), evenDrag);
  await expect(page.getByRole('status')).toHaveText('拼图验证未通过，请重试');

  // The page loads the next puzzle by itself.
  await solveSlideCaptcha(page, async () => {});
  await expect(page.getByRole('button', { name: /重新获取\(\d+s\)/ })).toBeVisible();
});
