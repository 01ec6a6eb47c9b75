import { expect, test, type Page } from '@playwright/test';
import type { Envelope, SidebarConfig } from '@wanxiang/contract';
import { screenshot } from './helpers';

/**
 * The sidebar catalogue (docs/product/shell-and-navigation.md §2) against the real server: every group with the
 * three dividers, hover popovers that navigate, a 'new' dot that stays read after a reload
 * (IndexedDB), the 3000 ms banner carousel, premium models only with an invite code, collapsing
 * to icons, and the mobile drawer accordion (390x844).
 */

const sidebar = (page: Page) => page.getByTestId('sidebar');
const group = (page: Page, key: string) => page.getByTestId(`sidebar-group-${key}`);

async function catalogue(page: Page): Promise<SidebarConfig> {
  const res = await page.request.get('/api/v2/config/sidebar');
  return ((await res.json()) as Envelope<SidebarConfig>).data;
}

test('desktop sidebar: groups, dividers, popover navigation, red dot read for good, carousel', async ({ page }) => {
  const data = await catalogue(page);
  await page.goto('/');
  await expect(group(page, 'home')).toBeVisible();
  for (const g of data.groups) {
    await group(page, g.key).scrollIntoViewIfNeeded();
    await expect(group(page, g.key)).toBeVisible();
    await expect(group(page, g.key)).toContainText(g.label);
  }
  await expect(sidebar(page).getByTestId('sidebar-divider')).toHaveText(['AI媒体', '近期热门', '热门功能']);
  await expect(group(page, 'home')).toHaveAttribute('aria-current', 'page');
  await page.evaluate(() => document.querySelector('[data-testid="sidebar"] nav')?.scrollTo(0, 0));
  await screenshot(page, 'sidebar-desktop');
  // The sidebar fits the window: its banners and toggle are in view without scrolling the page.
  await expect(page.getByTestId('sidebar-collapse')).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('sidebar-banners')).toBeInViewport({ ratio: 1 });

  // Hover: the popover lists the sub-items; a click navigates and lights the group.
  await group(page, 'video').hover();
  const popover = page.getByTestId('sidebar-popover-video');
  await expect(popover.getByText('文生视频')).toBeVisible();
  await expect(popover.getByText('数字人视频')).toBeVisible();
  await screenshot(page, 'sidebar-popover');
  await popover.getByText('文生视频').click();
  await expect(page).toHaveURL(/\/video\/create\/text$/);
  await expect(group(page, 'video')).toHaveAttribute('aria-current', 'page');

  // The 'new' dot of Nano Banana: shown, gone on click, still gone after a reload.
  const nanoDot = group(page, 'nano-banana').getByTestId('sidebar-dot');
  await expect(nanoDot).toBeVisible();
  await group(page, 'nano-banana').click();
  await expect(page).toHaveURL(/\/nano-banana$/);
  await expect(nanoDot).toHaveCount(0);
  await page.reload();
  // Another unread dot showing proves the database has answered before the check below.
  await expect(group(page, 'video').getByTestId('sidebar-dot')).toBeVisible();
  await expect(nanoDot).toHaveCount(0);
  const row = await page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('bianjie');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('redDots').objectStore('redDots').get('sidebar:nano-banana:group');
          get.onsuccess = () => resolve(get.result);
        };
      }),
  );
  expect(row).toMatchObject({ key: 'sidebar:nano-banana:group', version: 1 });

  // The banner carousel moves on by itself (autoplay 3000 ms).
  const active = page.getByTestId('sidebar-banners').locator('.slick-slide.slick-active [data-testid="sidebar-banner"]');
  const first = await active.getAttribute('href');
  await expect.poll(() => active.getAttribute('href'), { timeout: 8_000 }).not.toBe(first);
});

test('premium models only with an invite code; collapsing to icons', async ({ page }) => {
  await page.goto('/');
  await group(page, 'chat').hover();
  const chatPopover = page.getByTestId('sidebar-popover-chat');
  await expect(chatPopover.getByText('DeepSeek-R1')).toBeVisible();
  await expect(chatPopover.getByText('Claude 4 Opus')).toHaveCount(0);

  await page.evaluate(() => localStorage.setItem('keywords_state', JSON.stringify({ invite_code: 'E2E123' })));
  await page.reload();
  await group(page, 'chat').hover();
  await expect(page.getByTestId('sidebar-popover-chat').getByText('Claude 4 Opus')).toBeVisible();
  await expect(page.getByTestId('sidebar-popover-chat').getByText('Grok 4')).toBeVisible();
  // A hover popover can close while a slow machine re-renders it: hover again and retry, as a person would.
  await expect(async () => {
    await group(page, 'chat').hover();
    await page.getByTestId('sidebar-popover-chat').getByText('Gemini 2.5 Pro').click({ timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
  // The chat page answers /chat?type=key at /msg?type=<base64 key>.
  await expect(page).toHaveURL(/\/(chat|msg)\?type=(gemini-2\.5-pro|Z2VtaW5pLTIuNS1wcm8%3D)$/);
  await group(page, 'chat').hover();
  await expect(page.getByTestId('sidebar-sub-chat-gemini-2.5-pro')).toHaveAttribute('aria-current', 'page');

  // Collapse: icons only, the labels leave, the width shrinks; the choice survives a reload.
  await page.mouse.move(900, 500);
  await page.getByTestId('sidebar-collapse').click();
  await expect.poll(async () => (await sidebar(page).boundingBox())!.width).toBeLessThan(80);
  await expect(group(page, 'video')).not.toContainText('AI视频');
  await page.reload();
  await expect.poll(async () => (await sidebar(page).boundingBox())!.width).toBeLessThan(80);
  await screenshot(page, 'sidebar-collapsed');
  await page.getByTestId('sidebar-collapse').click();
  await expect(group(page, 'video')).toContainText('AI视频');
});

test('mobile drawer: accordion of the catalogue, navigates and closes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: '打开菜单' }).click();
  const drawer = page.getByTestId('drawer-nav');
  await expect(drawer.getByTestId('drawer-group-music')).toBeVisible();
  const box = (await page.locator('.ant-drawer-content-wrapper').boundingBox())!;
  expect(Math.round(box.width)).toBe(Math.round(390 * 0.6));
  await expect(drawer.getByText('创作中心')).toHaveCount(0);
  await drawer.getByTestId('drawer-group-music').click();
  await expect(drawer.getByText('创作中心')).toBeVisible();
  await screenshot(page, 'sidebar-mobile-drawer');
  await drawer.getByText('创作中心').click();
  await expect(page).toHaveURL(/\/AIMusic\/creativeCenter$/);
  await expect(drawer).toBeHidden();
  // Re-opened, the current page's group is open and its page marked.
  await page.getByRole('button', { name: '打开菜单' }).click();
  await expect(page.getByTestId('sidebar-sub-music-creative')).toHaveAttribute('aria-current', 'page');
  await page.getByTestId('drawer-banners').scrollIntoViewIfNeeded();
  await screenshot(page, 'sidebar-mobile-drawer-bottom');
});
