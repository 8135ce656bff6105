import type { Page } from '@playwright/test';
import { expect } from './test.ts';

/**
 * The open dialog showing `text`, once its zoom-in is over: a click during antd's animation can land beside
 * the button, and the dialog closes without doing anything.
 */
export async function openedDialog(page: Page, text: string) {
  const dialog = page.locator('.ant-modal').filter({ hasText: text });
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/ant-zoom/);
  return dialog;
}

/** The open popconfirm (showing `text`), once its zoom-in is over: a click during the animation is lost too. */
export async function openedPopconfirm(page: Page, text?: string) {
  const popconfirm = page.locator('.ant-popconfirm:not(.ant-popover-hidden)').filter({ hasText: text });
  await expect(popconfirm).toBeVisible();
  await expect(popconfirm).not.toHaveClass(/ant-zoom/);
  return popconfirm;
}
