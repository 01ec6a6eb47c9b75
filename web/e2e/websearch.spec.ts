import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { loginWithDevCode, screenshot, uniquePhone } from './helpers';

/**
 * Web search in chat (docs/product/search.md §4) against the real server in demo mode: the offline demo
 * search answers (【演示】 results after about 0.7 s) and the demo upstream cites them.
 */

const replies = (page: Page) => page.locator('[data-role="assistant"]');
const chatInput = (page: Page) => page.getByTestId('chat-composer').getByRole('textbox');
const picker = (page: Page) => page.getByTestId('search-picker');
const menuItem = (page: Page, name: string) => page.getByRole('menuitem', { name });
/** The document item of the attachment tool's menu (MSG.attachDoc). */
const DOC_ITEM = '文档理解';

async function send(page: Page, text: string): Promise<void> {
  const input = chatInput(page);
  await expect(input).toBeEditable();
  await input.fill(text);
  await input.press('Enter');
}

/** A screenshot taken at once (the searching phase lasts well under a second). */
async function snapNow(page: Page, name: string): Promise<void> {
  const dir = resolve(import.meta.dirname, '.screens');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

/**
 * Record every 正在搜索 line that appears: the phase lasts under a second and a busy machine may
 * poll past it, so the test reads what the page showed rather than racing it.
 */
async function watchSearchPhase(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __searchPhases: string[] }).__searchPhases = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-testid="search-running"]')) {
        const text = el.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}
const searchPhases = (page: Page) => page.evaluate(() => (window as unknown as { __searchPhases: string[] }).__searchPhases);

async function pickSource(page: Page, name: string): Promise<void> {
  await picker(page).click();
  await menuItem(page, name).click();
}

test.describe('web search in chat', () => {
  test('pick a source, ask, see the search phase and the sources; switch off; attachments refused', async ({ page }) => {
    // Several streamed replies on a machine the whole team shares.
    test.setTimeout(150_000);
    await watchSearchPhase(page);
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());

    // The picker lists 不启用 and the catalog sources; a disabled one is greyed out.
    await expect(picker(page)).toHaveText('联网搜索');
    await expect(picker(page)).toHaveAttribute('data-on', 'false');
    await picker(page).click();
    await expect(menuItem(page, '不启用')).toBeVisible();
    await expect(menuItem(page, '综合搜索')).toBeVisible();
    await expect(menuItem(page, '学术论文')).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByText('演示搜索：结果由程序生成，未连接真实搜索引擎')).toBeVisible();
    await screenshot(page, 'websearch-picker');
    await menuItem(page, '新闻资讯').click();
    await expect(page.getByText('已开启联网搜索：新闻资讯')).toBeVisible();
    await expect(picker(page)).toHaveText('新闻资讯');
    await expect(picker(page)).toHaveAttribute('data-on', 'true');

    // Ask: 正在搜索“…”... first, then the numbered sources, then the answer citing them.
    const question = '今天有哪些科技新闻';
    await send(page, question);
    const reply = replies(page).last();
    const running = reply.getByTestId('search-running');
    if (await running.isVisible()) await snapNow(page, 'websearch-searching');
    await expect.poll(() => searchPhases(page)).toContain(`正在搜索“${question}”...`);
    const sources = reply.getByTestId('search-sources');
    await expect(sources).toContainText('已阅读 3 个网页');
    await expect(running).toHaveCount(0);
    const links = sources.getByRole('link');
    await expect(links).toHaveCount(3);
    await expect(links.first()).toContainText(`[1]【演示】${question}：概述与要点`);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toHaveAttribute('href', /^https:\/\/example\.com\/wanxiang-demo\/news\//);
    }
    await expect(reply).toHaveAttribute('data-state', 'ok', { timeout: 45_000 });
    await expect(reply).toContainText('提供了与问题相关的信息 [1]');
    await expect(reply).toContainText('[3]');
    // The list keeps to the bottom as suggestions arrive: centre the sources and shoot at once.
    await screenshot(page, 'websearch-answer');
    await sources.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await snapNow(page, 'websearch-sources');

    // The source stays on for the next question until 不启用 is picked.
    await pickSource(page, '不启用');
    await expect(page.getByText('已关闭联网搜索')).toBeVisible();
    await expect(picker(page)).toHaveText('联网搜索');
    await send(page, '不联网的问题');
    const plain = replies(page).last();
    await expect(plain).toHaveAttribute('data-state', 'ok', { timeout: 45_000 });
    expect(await searchPhases(page)).toHaveLength(1);
    await expect(plain.getByTestId('search-sources')).toHaveCount(0);
    await expect(plain.getByTestId('search-running')).toHaveCount(0);
    await expect(plain).not.toContainText('提供了与问题相关的信息');

    // Attachments and search: the server refuses with 附件暂不支持联网搜索, nothing is asked.
    // (The upload tool lives elsewhere; here the request gains a file id on its way out.)
    await pickSource(page, '综合搜索');
    await page.route('**/api/v1/chat2/**', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, files: ['attached-file-1'] }) });
    });
    const before = await replies(page).count();
    await send(page, '总结一下附件');
    await expect(page.getByText('附件暂不支持联网搜索')).toBeVisible();
    await expect(replies(page)).toHaveCount(before);
    await expect(chatInput(page)).toHaveValue('总结一下附件');
    await screenshot(page, 'websearch-attachments-refused');
    await page.unroute('**/api/v1/chat2/**');
  });

  test('attachments in the browser: attaching switches search off; no source while a file is attached', async ({ page }) => {
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());
    await pickSource(page, '综合搜索');
    await expect(picker(page)).toHaveAttribute('data-on', 'true');

    // A document attached while search is on: the attachment stays, search goes off.
    await page.getByTestId('tool-understand').click();
    await page.getByRole('menuitem', { name: DOC_ITEM }).click();
    const dialog = page.getByTestId('attach-dialog-doc');
    await expect(dialog).toBeVisible();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: '笔记.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('联网搜索与附件不能同时使用。'),
    });
    await expect(page.getByText('附件暂不支持联网搜索').first()).toBeVisible();
    await expect(picker(page)).toHaveAttribute('data-on', 'false');
    await page.getByTestId('attach-done').click();
    await expect(dialog).toBeHidden();

    // With the file still attached, picking a source is refused.
    await page.waitForTimeout(3_500); // let the first warning close
    await pickSource(page, '必应');
    await expect(page.getByText('附件暂不支持联网搜索').first()).toBeVisible();
    await expect(picker(page)).toHaveAttribute('data-on', 'false');
    await screenshot(page, 'websearch-attachments-blocked');
  });

  test('the networked model always searches, without a source picked', async ({ page }) => {
    await page.goto('/chat?type=net');
    await loginWithDevCode(page, uniquePhone());
    await expect(picker(page)).toHaveText('联网模型已自动联网');
    await expect(picker(page)).toHaveAttribute('data-on', 'true');
    await send(page, '最近有什么新的AI模型');
    const reply = replies(page).last();
    await expect(reply.getByTestId('search-sources')).toContainText('已阅读 3 个网页');
    await expect(reply).toHaveAttribute('data-state', 'ok', { timeout: 45_000 });
    await expect(reply).toContainText('[1]');
    await reply.getByTestId('search-sources').scrollIntoViewIfNeeded();
    await screenshot(page, 'websearch-net-model');
  });

  test('mobile: pick a source from the icon button, ask, see the sources', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await watchSearchPhase(page);
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());
    // Off, the tool is an icon only; on, it names the source.
    await expect(picker(page)).toHaveText('');
    await picker(page).click();
    await expect(menuItem(page, '百度')).toBeVisible();
    await screenshot(page, 'websearch-mobile-picker');
    await menuItem(page, '百度').click();
    await expect(picker(page)).toHaveText('百度');
    await send(page, '杭州有哪些景点');
    const reply = replies(page).last();
    if (await reply.getByTestId('search-running').isVisible()) await snapNow(page, 'websearch-mobile-searching');
    await expect.poll(() => searchPhases(page)).toContain('正在搜索“杭州有哪些景点”...');
    await expect(reply.getByTestId('search-sources').getByRole('link')).toHaveCount(3);
    await expect(reply).toHaveAttribute('data-state', 'ok', { timeout: 45_000 });
    await reply.getByTestId('search-sources').scrollIntoViewIfNeeded();
    await screenshot(page, 'websearch-mobile');
    const box = await reply.getByTestId('search-sources').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });
});
