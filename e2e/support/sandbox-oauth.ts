import { expect, type Page } from '@playwright/test';

/**
 * On the sandbox provider's consent page: creates a test identity with this nickname, picks it and approves
 * (or refuses). Answers when the browser has left the provider's page.
 */
export async function consentOnSandbox(
  page: Page,
  nickname: string,
  options: { approve?: boolean; reuse?: boolean } = {},
) {
  await expect(page).toHaveURL(/\/sandbox\/oauth\/\w+\/authorize\?/);
  if (!options.reuse) {
    await page.getByPlaceholder('新测试身份的昵称').fill(nickname);
    await page.getByRole('button', { name: '新建测试身份' }).click();
  }
  const identity = page.getByRole('button', { name: new RegExp(nickname) });
  await identity.click();
  await expect(identity).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: options.approve === false ? /拒\s?绝/ : '同意授权' }).click();
  await expect(page).not.toHaveURL(/\/sandbox\/oauth\//);
}
