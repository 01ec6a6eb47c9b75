import { expect, test, type Page } from '@playwright/test';
import { loginByApi, screenshot } from './helpers';

/**
 * MCP tools in chat (docs/product/custom-models.md §3, §9) and the display-only server list (2.11), against
 * the real server whose MCP list is the fake MCP server of the fake sources (MCP_SERVERS_JSON in
 * playwright.config.ts). The demo upstream calls a tool when the question asks for one.
 */

const chatInput = (page: Page) => page.getByTestId('chat-composer').getByRole('textbox');
const replies = (page: Page) => page.locator('[data-role="assistant"]');

async function askForTool(page: Page, model = 'deepseek-v3'): Promise<void> {
  await page.goto(`/chat?type=${model}`);
  await expect(chatInput(page)).toBeEditable({ timeout: 30_000 });
  const before = await replies(page).count();
  await chatInput(page).fill('请使用工具 echo 回显：万象你好');
  await chatInput(page).press('Enter');
  await expect(replies(page)).toHaveCount(before + 1);
  const reply = replies(page).last();
  await expect(reply).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
  const block = reply.getByTestId('tool-calls');
  await expect(block).toContainText('已调用工具 echo');
  // The answer quotes the tool's result.
  await expect(reply).toContainText('echo: 请使用工具 echo 回显：万象你好');
  // Collapsed by default; opened it shows the server, the arguments and the result.
  await block.getByText('已调用工具 echo').click();
  await expect(block.getByTestId('tool-result')).toHaveText('echo: 请使用工具 echo 回显：万象你好');
  await expect(block).toContainText('fake');
  await expect(block).toContainText('"text": "请使用工具 echo 回显：万象你好"');
}

test.describe('MCP, desktop', () => {
  test('a tools-capable model calls the MCP tool; the call shows in the reply', async ({ page, request }) => {
    await loginByApi(page, request);
    await askForTool(page);
    await screenshot(page, 'mcp-tool-call');
  });

  test('a reopened record shows the tool call again', async ({ page, request }) => {
    await loginByApi(page, request);
    // glm_4_plus keeps history (deepseek-v3 does not).
    await askForTool(page, 'glm_4_plus');
    // A new device: nothing local, the record comes from the server.
    await page.evaluate(() => localStorage.removeItem('chat_storage'));
    await page.reload();
    const record = page.getByTestId('history-panel').locator('li[title^="请使用工具 echo"]');
    await expect(record).toBeVisible({ timeout: 15_000 });
    await record.click();
    const reply = replies(page).last();
    await expect(reply).toContainText('echo: 请使用工具 echo 回显：万象你好');
    const block = reply.getByTestId('tool-calls');
    await expect(block).toContainText('已调用工具 echo');
    await block.getByText('已调用工具 echo').click();
    await expect(block.getByTestId('tool-result')).toHaveText('echo: 请使用工具 echo 回显：万象你好');
    await expect(block).toContainText('fake');
    await screenshot(page, 'mcp-tool-call-reopened');
  });

  test('the MCP server list is display only', async ({ page, request }) => {
    await loginByApi(page, request);
    await page.goto('/moxing/myModel');
    await page.getByRole('button', { name: 'MCP 服务' }).click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('mcp-servers') });
    await expect(dialog).toBeVisible();
    const row = dialog.locator('[data-server="fake"]');
    await expect(row).toContainText('已启用');
    await expect(row).toContainText('已连接', { timeout: 15_000 });
    await expect(row).toContainText('4 个工具');
    await expect(dialog).toContainText('MCP 服务由平台统一配置，当前仅供查看');
    // Add and edit are there but inert: nothing else opens.
    await dialog.getByTestId('mcp-add').click();
    await row.getByRole('button', { name: /编辑/ }).click();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await screenshot(page, 'mcp-servers');
  });
});

test.describe('MCP, mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('tool call block on a phone', async ({ page, request }) => {
    await loginByApi(page, request);
    await askForTool(page);
    await screenshot(page, 'mcp-tool-call-mobile');
  });

  test('server list on a phone', async ({ page, request }) => {
    await loginByApi(page, request);
    await page.goto('/moxing/myModel');
    await page.getByRole('button', { name: 'MCP 服务' }).click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('mcp-servers') });
    await expect(dialog.locator('[data-server="fake"]')).toContainText('已连接', { timeout: 15_000 });
    await screenshot(page, 'mcp-servers-mobile');
  });
});
