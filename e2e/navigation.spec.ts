import { signInAsNewMember } from './support/session.ts';
import { expect, test } from './support/test.ts';

// The app's own routing (apps/web/src/app/router.tsx): page titles, the page for an unknown path, what a page
// whose script part cannot be fetched shows, and where a new page starts.

test('each page names itself in the tab; an unknown path says so inside the site frame', async ({ page }) => {
  await page.goto('/user/login');
  await expect(page).toHaveTitle('欢迎登录 - 安心大药房');
  await expect(page.locator('.simple-header')).toContainText('欢迎登录');

  await page.goto('/search?keyword=%E6%84%9F%E5%86%92');
  await expect(page).toHaveTitle('商品搜索 - 安心大药房');

  await page.goto('/no/such/page');
  await expect(page.getByText('您访问的页面不存在')).toBeVisible();
  await expect(page.getByPlaceholder('请输入商品名称')).toBeVisible();
  await page.getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('安心大药房 - 正品药品 药师服务');
});

test('an unknown member-centre path says so within the member centre, no wider than a 1280 px window', async ({
  page,
}) => {
  await signInAsNewMember(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/user/no-such-page');
  await expect(page.getByText('您访问的页面不存在')).toBeVisible();
  await expect(page.getByRole('complementary', { name: '会员中心菜单' })).toBeVisible();
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  // No horizontal scroll: the page is no wider than the window less its vertical scroll bar.
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
});

test('a page whose script part cannot be fetched shows the load failure; the next page works', async ({ page }) => {
  await page.goto('/');
  await page.route(/\/assets\/agreement-page-[\w-]+\.js$/, (route) => route.abort());
  await page.getByRole('link', { name: '购物流程' }).click();
  await expect(page).toHaveURL(/\/agreement\/shopping-guide$/);
  await expect(page.getByText('页面加载失败，请刷新重试')).toBeVisible();
  // The shell stays: the shopper can go on from the header.
  await page.getByRole('link', { name: /我的购物车/ }).click();
  await expect(page).toHaveURL(/\/user\/login\?backurl=%2Fcart/);
  await expect(page.getByText('页面加载失败，请刷新重试')).toHaveCount(0);
});

test('a new page starts at its top', async ({ page }) => {
  await page.goto('/search?keyword=%E6%84%9F%E5%86%92');
  await expect(page.locator('a[href^="/product/"]').first()).toBeVisible();
  await page.mouse.wheel(0, 500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  // The product page is taller than the window, so it would keep the search page's offset.
  const product = page.locator('a[href^="/product/"]').last();
  await product.scrollIntoViewIfNeeded();
  await product.click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole('heading', { name: '商品详情' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
