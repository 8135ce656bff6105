import type { Locator, Page } from '@playwright/test';
import { expect } from './test.ts';

/**
 * Picks a day in an antd date picker. A click that lands while the panel is still sliding in is lost (the
 * panel closes or keeps no value), which a loaded machine makes likely: open and click again until the field
 * shows the day.
 */
export async function pickDate(page: Page, input: Locator, date: string) {
  const day = page.locator(`.ant-picker-dropdown td[title="${date}"]`);
  await expect(async () => {
    if (!(await day.isVisible())) await input.click();
    await day.click({ timeout: 2_000 });
    await expect(input).toHaveValue(date, { timeout: 1_000 });
    // A pick is kept once the panel closes: a day shown in the field while the panel is still open may only be
    // its preview, which a click elsewhere (保存) undoes.
    await expect(day).toBeHidden({ timeout: 1_000 });
  }).toPass();
}

/**
 * Chooses a region in the 4-level region cascader `cascader`, one level at a time (each level loads when the one
 * above is chosen). A click that lands while the menu is still sliding in is lost on a loaded machine: a level
 * counts as chosen once its item is the active one, else it is clicked again. Stopping above the street level
 * leaves the menu open.
 */
export async function chooseRegionIn(page: Page, cascader: Locator, names: string[]) {
  await cascader.click();
  const menus = page.locator('.region-cascader-popup:not(.ant-select-dropdown-hidden) .ant-cascader-menu');
  for (const [level, name] of names.entries()) {
    const item = menus.nth(level).locator('.ant-cascader-menu-item', { hasText: new RegExp(`^${name}$`) });
    if (level === names.length - 1) {
      await item.click();
      continue;
    }
    await expect(async () => {
      await item.click({ timeout: 2_000 });
      await expect(item).toHaveClass(/ant-cascader-menu-item-active/, { timeout: 1_000 });
    }).toPass();
  }
}
