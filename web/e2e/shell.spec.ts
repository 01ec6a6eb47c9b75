import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEV_SMS_CODE, screenshot } from './helpers';

/**
 * The global shell (docs/product/shell-and-navigation.md §1, §2) against the real server:
 * desktop top navigation and the 全家桶 red dot, the global search dropdown (ranking,
 * recommendations, results, history), the points badge, the avatar popover and logout with
 * confirmation, the site footer; the mobile tab menu and drawer at 390x844.
 */

/** Waits on a 500 ms debounce plus a server call: generous, the test machine is shared. */
const SLOW = 20_000;

let seq = 0;
const freshPhone = () => `135${String((Date.now() + seq++ * 7919) % 100_000_000).padStart(8, '0')}`;

/** A new account by phone code login (the e2e server accepts the fixed code), handed to the page. */
async function loginByApi(page: Page, request: APIRequestContext): Promise<void> {
  const res = await request.post('/api/v1/user/phoneLogin', { data: { phone: freshPhone(), code: DEV_SMS_CODE, app_channel: 'web' } });
  const body = (await res.json()) as { code: number; data: { token: string } };
  expect(body.code).toBe(200);
  await page.goto('/');
  await page.evaluate((info) => {
    localStorage.setItem('user_storage', JSON.stringify({ state: { token: info.token, user: info }, version: 0 }));
  }, body.data);
  await page.reload();
  await expect(page.getByTestId('user-avatar')).toBeVisible();
}

test.describe('desktop header', () => {
  test('top navigation; the 全家桶 dot goes after the first click and stays gone after a reload', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: '主导航' });
    for (const label of ['首页', 'DeepSeek', 'AI场景', 'AI白板', 'PDF工具', '全部权益']) {
      await expect(nav.getByRole('link', { name: new RegExp(label) })).toBeVisible();
    }
    await expect(nav.getByText('全家桶')).toBeVisible();
    await expect(nav.getByTestId('nav-red-dot')).toBeVisible();
    await screenshot(page, 'shell-desktop-home');

    await nav.getByRole('link', { name: /DeepSeek/ }).click();
    await expect(page).toHaveURL(/\/deepseek$/);
    await expect(nav.getByTestId('nav-red-dot')).toHaveCount(0);
    await page.reload();
    await expect(nav.getByText('全家桶')).toBeVisible();
    await expect(nav.getByTestId('nav-red-dot')).toHaveCount(0);

    // Update log and client download links.
    await page.getByRole('link', { name: '更新日志' }).click();
    await expect(page).toHaveURL(/\/helpfor\/news$/);
    await page.getByRole('link', { name: '下载客户端' }).click();
    await expect(page).toHaveURL(/\/download$/);
  });

  test('global search: ranking and recommendations, results as you type, choose to navigate, history with clear', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    const box = page.getByRole('textbox', { name: '全局搜索' });
    await expect(box).toHaveAttribute('placeholder', '搜索 1000+ AI 工具');
    await box.click();
    const dropdown = page.getByTestId('search-dropdown');
    await expect(dropdown.getByText('推荐工具')).toBeVisible();
    await expect(dropdown.getByText('热门排行')).toBeVisible();
    await expect(page.getByTestId('search-ranking').getByRole('listitem')).toHaveCount(12, { timeout: SLOW });
    await expect(dropdown.getByText('历史搜索')).toHaveCount(0);
    await screenshot(page, 'shell-desktop-search-discover');

    await box.fill('ppt');
    const results = page.getByTestId('search-results');
    await expect(results.getByRole('option', { name: /AI生成PPT/ })).toBeVisible({ timeout: SLOW });
    await screenshot(page, 'shell-desktop-search-results');
    await results.getByRole('option', { name: /AI生成PPT/ }).click();
    await expect(page).toHaveURL(/\/AiFile\/ppt$/);
    await expect(dropdown).toBeHidden();

    // No match: the empty state, not an error.
    await box.fill('没有这种工具zzz');
    await expect(page.getByText('没有找到相关工具，换个关键词试试')).toBeVisible({ timeout: SLOW });

    // The history keeps ppt (localStorage search_keywords); clearing empties it.
    await box.fill('');
    await expect(dropdown.getByText('历史搜索')).toBeVisible({ timeout: SLOW });
    await expect(dropdown.getByRole('button', { name: 'ppt', exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('search_keywords'))).toBe('["ppt"]');
    await dropdown.getByRole('button', { name: /清空/ }).click();
    await expect(dropdown.getByText('历史搜索')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('search_keywords'))).toBeNull();

    // A ranking entry opens its page too.
    await page.getByTestId('search-ranking').getByRole('option').first().click();
    await expect(page).not.toHaveURL(/\/AiFile\/ppt$/);
  });

  test('the home page ends with the site footer: AI notice and the default registration lines', async ({ page, request }) => {
    const site = (await (await request.get('/api/v1/config/site?domain=127.0.0.1')).json()) as { data: { company: string; icp: string } };
    await page.goto('/');
    const footer = page.getByTestId('site-footer');
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByText('内容由AI生成，仅供参考')).toBeVisible();
    await expect(footer.getByText(site.data.company)).toBeVisible();
    await expect(footer.getByRole('link', { name: site.data.icp })).toBeVisible();
    await screenshot(page, 'shell-desktop-footer');
  });

  test('signed in: points badge, membership badge, avatar popover items, logout with confirmation', async ({ page, request }) => {
    // Several page loads and animations: over a minute when the 2-core machine is shared.
    test.setTimeout(150_000);
    await loginByApi(page, request);
    await expect(page.getByTestId('member-badge')).toHaveText(/普通用户/);
    const points = page.getByTestId('points-badge');
    await expect(points).toHaveText(/\d+ 积分/);
    await points.click();
    await expect(page).toHaveURL(/\/console\/pointslog$/);

    await page.getByTestId('user-avatar').click();
    const pop = page.getByTestId('account-popover');
    for (const name of [
      '数据看板',
      '每日签到',
      '个人中心',
      '会员中心',
      '邀请好友 30%返现',
      '关于我们',
      '联系我们',
      '政策协议',
      '退出登录',
    ]) {
      await expect(pop.getByText(name, { exact: true })).toBeVisible();
    }
    // Vip 0: the membership row offers 开通 (members see 续费).
    await expect(pop.getByRole('button', { name: '开通' })).toBeVisible();
    await screenshot(page, 'shell-desktop-popover');
    await pop.getByRole('link', { name: /关于我们/ }).click();
    await expect(page).toHaveURL(/\/helpfor\/about$/);
    await expect(pop).toBeHidden();

    await page.getByTestId('user-avatar').click();
    await expect(pop).toBeVisible();
    await pop.getByRole('link', { name: /政策协议/ }).click();
    await expect(page).toHaveURL(/\/console\/agreement\/user$/);
    // The avatar toggles the popover: wait until it has closed before opening it again.
    await expect(pop).toBeHidden();

    // Log out asks first; cancelling keeps the session.
    await page.getByTestId('user-avatar').click();
    await expect(pop).toBeVisible();
    await pop.getByRole('button', { name: /退出登录/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定要退出当前账号吗？' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: /取\s*消/ }).click();
    await expect(page.getByTestId('user-avatar')).toBeVisible();
    await expect(pop).toBeHidden();
    await page.getByTestId('user-avatar').click();
    await expect(pop).toBeVisible();
    await pop.getByRole('button', { name: /退出登录/ }).click();
    await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(page.getByText('已退出登录')).toBeVisible();
    await expect(page.getByTestId('user-avatar')).toHaveCount(0);
    await expect(page.getByTestId('points-badge')).toHaveCount(0);
  });
});

test.describe('mobile header', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('tab menu scrolls sideways and opens pages; new badges; login button; drawer of 60vw', async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    const menu = page.getByTestId('mobile-tab-menu');
    await expect(menu.getByRole('link')).toHaveCount(19);
    await expect(menu.getByText('new')).toHaveCount(3);
    await expect(menu.getByRole('link', { name: '首页' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
    // The row scrolls instead of overflowing the page.
    const overflow = await menu.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      page: document.documentElement.scrollWidth,
    }));
    expect(overflow.scroll).toBeGreaterThan(overflow.client);
    expect(overflow.page).toBeLessThanOrEqual(390);
    await screenshot(page, 'shell-mobile-home');

    await menu.getByRole('link', { name: '翻译' }).click();
    await expect(page).toHaveURL(/\/AITranslate\/index$/);
    await expect(menu.getByRole('link', { name: '翻译' })).toHaveAttribute('aria-current', 'page');
    await menu.getByRole('link', { name: /智能体/ }).click();
    await expect(page).toHaveURL(/\/aiAgent$/);

    await page.getByRole('button', { name: '打开菜单' }).click();
    const drawer = page.locator('.ant-drawer-content-wrapper');
    await expect(drawer).toBeVisible();
    await expect.poll(async () => Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(Math.round(390 * 0.6));
    await screenshot(page, 'shell-mobile-drawer');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // Signed in: the avatar instead of the login button; vip 0 carries no VIP mark.
    await loginByApi(page, request);
    await expect(page.getByRole('button', { name: '登录', exact: true })).toHaveCount(0);
    await expect(page.getByTestId('avatar-vip-mark')).toHaveCount(0);
    await page.getByTestId('user-avatar').click();
    const pop = page.getByTestId('account-popover');
    await expect(pop.getByText('每日签到')).toBeVisible();
    // The cashback link is desktop only.
    await expect(pop.getByText('邀请好友 30%返现')).toHaveCount(0);
    await screenshot(page, 'shell-mobile-popover');
  });
});
