import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { loginWithDevCode, screenshot, uniquePhone } from './helpers';

/** The local prompt library (docs/product/chat.md §5) on the chat page, desktop and mobile. */

const chatInput = (page: Page) => page.getByTestId('chat-composer').getByRole('textbox');
const library = (page: Page) => page.getByTestId('prompt-library');
const cards = (page: Page) => library(page).getByTestId('prompt-card');

async function openLibrary(page: Page): Promise<void> {
  await page.getByTestId('tool-prompts').click();
  await expect(library(page)).toBeVisible();
}

async function importFile(page: Page, name: string, data: unknown): Promise<void> {
  await page.getByTestId('prompt-import-file').setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(typeof data === 'string' ? data : JSON.stringify(data)),
  });
}

test.describe('prompt library', () => {
  test('add, edit, validate, import, page, search, export, delete, built-ins, network import, clear, fill input', async ({ page }) => {
    await page.goto('/chat?type=v35');
    await openLibrary(page);
    await expect(library(page).getByText('暂无提示词')).toBeVisible();

    // Export with nothing saved.
    await library(page).getByRole('button', { name: /导出/ }).click();
    await expect(page.getByText('暂无数据！🚗')).toBeVisible();

    // Add: both fields are required.
    await library(page).getByRole('button', { name: /新增/ }).click();
    const form = page.getByRole('dialog', { name: '新增提示词' });
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expect(form.getByText('请输入标题!')).toBeVisible();
    await form.getByPlaceholder('请输入标题').fill('周报助手');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expect(form.getByText('请输入内容!')).toBeVisible();
    await form.getByPlaceholder('请输入提示词内容').fill('请把我的零散工作记录整理成周报。');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expect(form).toBeHidden();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText('周报助手');

    // Edit it.
    await cards(page).first().getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑提示词' });
    await expect(edit.getByPlaceholder('请输入标题')).toHaveValue('周报助手');
    await edit.getByPlaceholder('请输入标题').fill('周报整理');
    await edit.getByRole('button', { name: /确\s*定/ }).click();
    await expect(cards(page).first()).toContainText('周报整理');

    // A file that is not a prompt list is refused; a real one (act/prompt) is imported.
    await importFile(page, 'bad.json', [{ title: 'x', content: 'y' }]);
    await expect(page.getByText('数据格式错误 🙅')).toBeVisible();
    await importFile(page, 'broken.json', '{not json');
    await expect(page.getByText('数据格式错误 🙅').first()).toBeVisible();
    const imported = Array.from({ length: 12 }, (_, i) => ({ act: `导入角色${i + 1}`, prompt: `这是第${i + 1}个导入的提示词。` }));
    await importFile(page, 'prompts.json', imported);
    await expect(page.getByText('成功导入 12 条提示词')).toBeVisible();

    // 13 templates: 9 on the first page, 4 on the second.
    await expect(cards(page)).toHaveCount(9);
    await library(page).locator('.ant-pagination-item-2').click();
    await expect(cards(page)).toHaveCount(4);
    await screenshot(page, 'prompts-desktop-page2');

    // Search by title and by content.
    await library(page).getByPlaceholder('搜索标题或内容').fill('导入角色1');
    await expect(cards(page)).toHaveCount(4); // 1, 10, 11, 12
    await library(page).getByPlaceholder('搜索标题或内容').fill('零散工作');
    await expect(cards(page)).toHaveCount(1);
    await library(page).getByPlaceholder('搜索标题或内容').fill('');

    // Export downloads ChatGPTPromptTemplate.json with every template as key/value.
    const download = page.waitForEvent('download');
    await library(page).getByRole('button', { name: /导出/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('ChatGPTPromptTemplate.json');
    const exported = JSON.parse(readFileSync((await file.path())!, 'utf8')) as { key: string; value: string }[];
    expect(exported).toHaveLength(13);
    expect(exported).toContainEqual({ key: '周报整理', value: '请把我的零散工作记录整理成周报。' });

    // Delete one.
    await library(page).getByPlaceholder('搜索标题或内容').fill('导入角色12');
    await cards(page).first().getByRole('button', { name: '删除' }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(library(page).getByText('暂无提示词')).toBeVisible();
    await library(page).getByPlaceholder('搜索标题或内容').fill('');
    await expect(library(page).getByText('我的提示词 (12)')).toBeVisible();

    // Built-ins: about 100, 9 a page, copied into one's own list but never deleted.
    await library(page).getByText('内置角色').click();
    await expect(cards(page)).toHaveCount(9);
    await expect(library(page).locator('.ant-pagination-item').last()).toHaveText(/1[0-2]/);
    await expect(cards(page).first().getByRole('button', { name: '删除' })).toHaveCount(0);
    await library(page).getByPlaceholder('搜索标题或内容').fill('Linux');
    await expect(cards(page)).toHaveCount(1);
    await screenshot(page, 'prompts-desktop-builtin');
    await cards(page).first().getByRole('button', { name: '复制到我的' }).click();
    await expect(page.getByText('已复制到我的提示词')).toBeVisible();
    await library(page).getByPlaceholder('搜索标题或内容').fill('');
    await library(page)
      .getByText(/我的提示词/)
      .click();
    await expect(library(page).getByText('我的提示词 (13)')).toBeVisible();

    // Clear all, with a confirmation.
    await library(page)
      .getByRole('button', { name: /清\s*空/ })
      .click();
    await expect(page.getByText('确定清空全部提示词吗？清空后无法恢复。')).toBeVisible();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(library(page).getByText('暂无提示词')).toBeVisible();

    // Clicking a card fills the chat input and closes the library.
    await library(page).getByText('内置角色').click();
    await library(page).getByPlaceholder('搜索标题或内容').fill('英语老师');
    await cards(page).first().click();
    await expect(library(page)).toBeHidden();
    await expect(chatInput(page)).toHaveValue(/请你担任我的英语老师/);

    // The library outlives a reload (prompt_storage).
    await openLibrary(page);
    await library(page)
      .getByText(/我的提示词/)
      .click();
    await importFile(page, 'one.json', [{ key: '留存测试', value: '刷新后仍在。' }]);
    await expect(cards(page)).toHaveCount(1);
    await page.reload();
    await openLibrary(page);
    await expect(cards(page).first()).toContainText('留存测试');
    await screenshot(page, 'prompts-desktop');
  });

  test('network import: the URL is checked, then fetched by the server through the SSRF-safe fetch', async ({ page }) => {
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());
    await openLibrary(page);
    await library(page)
      .getByRole('button', { name: /网络导入/ })
      .click();
    const panel = page.getByTestId('prompt-network-panel');
    await expect(panel).toBeVisible();
    const url = panel.getByPlaceholder('请输入提示词 JSON 文件的链接');

    await url.fill('not a url');
    await panel.getByRole('button', { name: /下\s*载/ }).click();
    await expect(panel.getByTestId('prompt-network-error')).toHaveText('请输入正确的URL 🙅');

    // Private and cloud metadata addresses are refused by the server.
    await url.fill('http://10.1.2.3/prompts.json');
    await panel.getByRole('button', { name: /下\s*载/ }).click();
    await expect(panel.getByTestId('prompt-network-error')).toHaveText('该链接地址不允许访问');
    await url.fill('http://169.254.169.254/latest/meta-data');
    await panel.getByRole('button', { name: /下\s*载/ }).click();
    await expect(panel.getByTestId('prompt-network-error')).toHaveText('该链接地址不允许访问');
    await screenshot(page, 'prompts-network-refused');
  });

  test('mobile: the library fills the screen, one card a row, and a card fills the input', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/chat?type=v35');
    await openLibrary(page);
    await library(page).getByText('内置角色').click();
    await expect(cards(page)).toHaveCount(9);
    const first = await cards(page).nth(0).boundingBox();
    const second = await cards(page).nth(1).boundingBox();
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    expect(first!.width).toBeGreaterThan(300);
    await screenshot(page, 'prompts-mobile');
    await cards(page).nth(1).click();
    await expect(library(page)).toBeHidden();
    await expect(chatInput(page)).not.toHaveValue('');
    await screenshot(page, 'prompts-mobile-filled');
  });
});
