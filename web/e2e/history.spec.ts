import { expect, test, type Page } from '@playwright/test';
import { loginWithDevCode, screenshot, uniquePhone } from './helpers';

/** Server chat history in the chat page's side list: groups, 20 per page, rename, delete, clear all, new. */

const DAY = 86_400_000;

async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('user_storage') ?? '{}') as { state?: { token?: string } }).state?.token ?? '',
  );
}

/** Creates `n` conversations through the API, oldest first (titles 历史会话01..n). */
async function createRecords(page: Page, n: number): Promise<void> {
  const token = await tokenOf(page);
  expect(token).not.toBe('');
  for (let i = 1; i <= n; i++) {
    const res = await page.request.post('/api/v1/chat/record/add', {
      headers: { token },
      data: { model: 'v35', title: `历史会话${String(i).padStart(2, '0')}` },
    });
    expect((await res.json()).code).toBe(200);
  }
}

const panel = (page: Page) => page.getByTestId('history-panel');
const rows = (page: Page) => panel(page).locator('li[title^="历史会话"], li[title="改过的名字"]');

async function openMenu(page: Page, title: string, action: '重命名' | '删除'): Promise<void> {
  const row = panel(page).locator(`li[title="${title}"]`);
  await row.hover();
  await row.locator('[class*="conversations-menu-icon"]').click();
  await page.getByRole('menuitem', { name: action }).click();
}

test.describe('chat history', () => {
  test('desktop: groups, load more, rename, delete, clear all, new session', async ({ page }) => {
    // Many steps and reloads on a shared 2-core machine.
    test.setTimeout(180_000);
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).getByText('暂无历史对话')).toBeVisible();

    await createRecords(page, 23);
    await page.reload();
    // 20 per page, newest first, under 今天.
    await expect(rows(page)).toHaveCount(20);
    await expect(panel(page).getByText('今天', { exact: true })).toBeVisible();
    await expect(rows(page).first()).toHaveAttribute('title', '历史会话23');
    await expect(panel(page).locator('li[title="历史会话03"]')).toHaveCount(0);
    await screenshot(page, 'history-desktop');

    await panel(page).getByTestId('history-more').click();
    await expect(rows(page)).toHaveCount(23);
    await expect(panel(page).locator('li[title="历史会话01"]')).toBeVisible();
    await expect(panel(page).getByText('没有更多了')).toBeVisible();
    await expect(panel(page).getByTestId('history-more')).toHaveCount(0);

    // Rename: empty is refused, a name is saved on the server.
    await openMenu(page, '历史会话23', '重命名');
    const input = page.getByTestId('history-rename-input');
    await expect(input).toHaveValue('历史会话23');
    await input.fill('  ');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect(page.getByText('请输入会话名称').first()).toBeVisible();
    await input.fill('改过的名字');
    await screenshot(page, 'history-rename');
    await input.press('Enter');
    await expect(page.getByText('重命名成功')).toBeVisible();
    await expect(panel(page).locator('li[title="改过的名字"]')).toBeVisible();

    // Delete with confirmation.
    await openMenu(page, '历史会话22', '删除');
    const confirm = page.getByRole('dialog').filter({ hasText: '确定删除该对话吗？删除后无法恢复。' });
    await expect(confirm).toBeVisible();
    await screenshot(page, 'history-delete-confirm');
    await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(page.getByText('删除成功')).toBeVisible();
    await expect(panel(page).locator('li[title="历史会话22"]')).toHaveCount(0);

    // The same records seen from later days fall into 昨天, then 更早 (the browser's clock moves, the server's stays).
    const now = Date.now();
    await page.clock.setFixedTime(now + DAY);
    await page.reload();
    await expect(panel(page).getByText('昨天', { exact: true })).toBeVisible();
    await expect(panel(page).getByText('今天', { exact: true })).toHaveCount(0);
    await page.clock.setFixedTime(now + 3 * DAY);
    await page.reload();
    await expect(panel(page).getByText('近7天', { exact: true })).toBeVisible();
    await page.clock.setFixedTime(now + 10 * DAY);
    await page.reload();
    await expect(panel(page).getByText('更早', { exact: true })).toBeVisible();
    await page.clock.setFixedTime(now);
    await page.reload();
    await expect(rows(page)).toHaveCount(20);

    // The reload re-read the server: the rename and the delete stuck.
    const rec = await page.request.post('/api/v1/chat/record/list', { headers: { token: await tokenOf(page) }, data: { rows: 100 } });
    const list = (await rec.json()).data as { total: number; list: { title: string }[] };
    expect(list.total).toBe(22);
    expect(list.list.map((r) => r.title)).toContain('改过的名字');

    // Clear all with confirmation.
    await panel(page).getByTestId('history-clear').click();
    const clear = page.getByRole('dialog').filter({ hasText: '确定清空全部历史对话吗？清空后无法恢复。' });
    await expect(clear).toBeVisible();
    await clear.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(page.getByText('清空消息成功！')).toBeVisible();
    await expect(panel(page).getByText('暂无历史对话')).toBeVisible();

    // New session, announced with the model's name.
    await panel(page).getByRole('button', { name: '新建对话' }).click();
    await expect(page.getByText('新增万象 3.5新的会话成功！')).toBeVisible();

    // A model that keeps no server history says so; its chat still works locally.
    await page.goto('/chat?type=deepseek-v3');
    await expect(panel(page).getByTestId('history-not-kept')).toContainText('当前模型不保存云端历史记录');
    await screenshot(page, 'history-not-kept');
    await page.goto('/chat?type=v35');
    await expect(panel(page).getByTestId('history-not-kept')).toHaveCount(0);
  });

  test('mobile: history in the drawer, load more, delete', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());
    await createRecords(page, 21);
    await page.reload();
    await page.getByRole('button', { name: '历史记录' }).click();
    await expect(panel(page)).toBeVisible();
    await expect(rows(page)).toHaveCount(20);
    await screenshot(page, 'history-mobile');
    await panel(page).getByTestId('history-more').click();
    await expect(rows(page)).toHaveCount(21);

    await openMenu(page, '历史会话21', '删除');
    await page
      .getByRole('dialog')
      .filter({ hasText: '确定删除该对话吗？' })
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect(page.getByText('删除成功')).toBeVisible();
    await expect(rows(page)).toHaveCount(20);
  });
});
