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
