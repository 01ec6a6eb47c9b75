import { expect, test, type Page } from '@playwright/test';
import { COMFORT_MSG } from '@wanxiang/contract';
import { screenshot, specAccount } from './helpers';

/**
 * Comfort (issue 17 part 5, docs/product/comfort.md): the dark scheme switched in the avatar menu and kept after a
 * reload, the `?` sheet of shortcuts, Ctrl+K history search, and a ```mermaid block of a chat answer drawn as SVG.
 */
const account = specAccount('171');
const chatInput = (page: Page) => page.getByTestId('chat-composer').getByRole('textbox');
const lastReply = (page: Page) => page.locator('[data-role="assistant"]').last();
const scheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

test('dark mode kept after reload, the ? sheet, Ctrl+K history search and a Mermaid diagram', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await account.signIn(page);
  // A model whose conversations are kept on the server (the history search reads them there).
  await page.goto('/chat?type=v35');
  await expect(chatInput(page)).toBeVisible({ timeout: 20_000 });
  expect(await scheme(page)).toBe('light');

  // A question that asks for Mermaid: the demo model answers a ```mermaid flowchart, drawn as SVG.
  await chatInput(page).fill('用 mermaid 画出网购下单到收货的流程');
  await chatInput(page).press('Enter');
  await expect(lastReply(page)).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });
  const diagram = lastReply(page).getByTestId('mermaid-diagram');
  await expect(diagram.locator('svg')).toBeVisible({ timeout: 15_000 });
  await expect(diagram).toContainText('网购下单到收货');

  // `?` on the page (not in the input) opens the sheet, with Ctrl (this is not a Mac).
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await page.keyboard.press('Shift+Slash');
  const sheet = page.getByTestId('shortcut-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(COMFORT_MSG.shortcutSearchHistory);
  await expect(sheet.locator('kbd', { hasText: 'Ctrl' }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  // `/` puts the caret in the input; typed there, `?` is just text.
  await page.keyboard.press('Slash');
  await expect(chatInput(page)).toBeFocused();
  await page.keyboard.type('?');
  await expect(chatInput(page)).toHaveValue('?');
  await expect(sheet).toBeHidden();
  await chatInput(page).fill('');

  // Ctrl+K: the history search finds the conversation by a word of its title and opens it.
  await page.keyboard.press('Control+k');
  const search = page.getByTestId('history-search');
  await expect(search).toBeVisible();
  await page.keyboard.type('网购');
  await expect(search.getByTestId('history-search-result')).toHaveCount(1, { timeout: 10_000 });
  await page.keyboard.type('不存在的标题');
  await expect(search).toContainText(COMFORT_MSG.historySearchEmpty);
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();

  // 深色 from the avatar menu: antd and our variables turn dark at once, and a reload keeps it.
  await page.getByTestId('user-avatar').click();
  await page.getByTestId('theme-switch').getByText(COMFORT_MSG.themeDark).click();
  expect(await scheme(page)).toBe('dark');
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(chatInput(page)).toBeVisible({ timeout: 20_000 });
  expect(await scheme(page)).toBe('dark');
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(bg).toBe('rgb(17, 18, 24)');
  await screenshot(page, 'comfort-chat-dark-desktop');

  // The dashboard's and the points log's day-by-day charts, in the dark scheme: a counted chat (deepseek-v3 spends
  // 普通对话) and a sign-in (points) give them something to draw.
  await page.goto('/chat?type=deepseek-v3');
  await chatInput(page).fill('你好');
  await chatInput(page).press('Enter');
  await expect(lastReply(page)).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });
  expect((await page.request.get('/api/v1/user/signin', { headers: { token: account.session.token } })).ok()).toBe(true);
  await page.goto('/board');
  await expect(page.getByTestId('usage-daily-chart')).toHaveAttribute('data-chart-state', 'ready', { timeout: 15_000 });
  await page.getByTestId('usage-daily').scrollIntoViewIfNeeded();
  await screenshot(page, 'comfort-board-dark-desktop');
  await page.goto('/console/pointslog');
  await expect(page.getByTestId('points-daily-chart')).toHaveAttribute('data-chart-state', 'ready', { timeout: 15_000 });
  await screenshot(page, 'comfort-points-dark-desktop');

  await page.goto('/AiWriter/AiTitleCreate');
  await expect(page.getByTestId('prompt-tool-page')).toBeVisible({ timeout: 20_000 });
  await screenshot(page, 'comfort-tool-dark-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'comfort-tool-dark-phone');
  await page.goto('/chat?type=v35');
  await expect(chatInput(page)).toBeVisible({ timeout: 20_000 });
  await screenshot(page, 'comfort-chat-dark-phone');

  // Back to 跟随系统: this browser's system scheme is light.
  await page.evaluate(() => localStorage.setItem('theme_mode', JSON.stringify({ state: { preference: 'system' }, version: 1 })));
  await page.reload();
  await expect(chatInput(page)).toBeVisible({ timeout: 20_000 });
  expect(await scheme(page)).toBe('light');
});
