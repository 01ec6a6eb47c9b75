import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { loginWithDevCode, screenshot, uniquePhone } from './helpers';

/**
 * Presentations (2.8, 4.5, 5, 7.5) against the real server and its demo upstream: the PPT button
 * on a reply, the outline streamed into the 8-row text area, the template picker, the build with
 * its real progress (a task of the task engine), the slide thumbnails and the .pptx download; /newAiPPt/index from a topic, desktop and phone.
 */
const replies = (page: Page) => page.locator('[data-role="assistant"]');
const chatInput = (page: Page) => page.getByTestId('chat-composer').getByRole('textbox');

async function buildAndDownload(page: Page, template: string, shot: string): Promise<void> {
  const outline = page.getByTestId('ppt-outline');
  await expect(outline).toHaveValue(/^# /, { timeout: 20_000 });
  await expect(page.getByText('正在生成大纲...')).toHaveCount(0, { timeout: 20_000 });
  expect((await outline.inputValue()).match(/^## /gm)?.length ?? 0).toBeGreaterThanOrEqual(4);
  await expect(outline).toHaveAttribute('rows', '8');
  await page.getByRole('button', { name: '下一步' }).click();

  // No template picked yet: the spec's message.
  await page.getByRole('button', { name: '生成PPT' }).last().click();
  await expect(page.getByText('no ppt id, retry')).toBeVisible();
  await page.getByTestId(`ppt-template-${template}`).click();
  await expect(page.getByTestId(`ppt-template-${template}`).locator('img')).toHaveJSProperty('complete', true);
  await screenshot(page, `${shot}-templates`);
  // Record what the progress bar shows while the deck builds (the task engine's real progress and stage).
  await page.evaluate(() => {
    const w = window as unknown as { pptSeen: { value: number; stage: string }[] };
    w.pptSeen = [];
    const record = () => {
      const bar = document.querySelector('[role="progressbar"]');
      const text = bar?.getAttribute('aria-valuenow') ?? bar?.querySelector('.ant-progress-text')?.textContent ?? '';
      const stage = document.querySelector('[data-testid="ppt-build-stage"]')?.textContent ?? '';
      const value = Number.parseInt(text, 10);
      const prev = w.pptSeen.at(-1);
      if (bar && Number.isFinite(value) && (prev?.value !== value || prev.stage !== stage)) w.pptSeen.push({ value, stage });
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await page.getByRole('button', { name: '生成PPT' }).last().click();
  await expect(page.getByTestId('ppt-build-stage')).toHaveText(/正在绘制第 \d+\/\d+ 页/, { timeout: 30_000 });
  await screenshot(page, `${shot}-building`);

  const preview = page.getByTestId('ppt-preview');
  await expect(preview).toBeVisible({ timeout: 30_000 });
  const seen = await page.evaluate(() => (window as unknown as { pptSeen: { value: number; stage: string }[] }).pptSeen);
  // The bar moved through real steps (the server paces each slide in the browser tests), never backwards.
  const drawing = seen.filter((s) => /正在绘制第 \d+\/\d+ 页/.test(s.stage));
  expect(new Set(drawing.map((s) => s.value)).size, JSON.stringify(seen)).toBeGreaterThanOrEqual(2);
  expect(drawing.every((s) => s.value > 0 && s.value < 100)).toBe(true);
  for (let i = 1; i < seen.length; i++) expect(seen[i]!.value, JSON.stringify(seen)).toBeGreaterThanOrEqual(seen[i - 1]!.value);
  expect(await preview.locator('[data-kind]').count()).toBeGreaterThanOrEqual(6);
  await expect(preview.locator('[data-kind="title"]')).toHaveCount(1);
  await screenshot(page, `${shot}-preview`);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pptx$/);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
}

test.describe('slides', () => {
  test('from a chat reply: busy message, outline, template, build, preview, download', async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());
    await expect(chatInput(page)).toBeEditable();
    await chatInput(page).fill('介绍一下新能源汽车的发展');
    await chatInput(page).press('Enter');
    const first = replies(page).first();
    await expect(first).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });

    await page.waitForTimeout(1_000);
    await chatInput(page).fill('写一篇很长的文章 [demo:never-end]');
    await chatInput(page).press('Enter');
    await expect(replies(page).last()).toHaveAttribute('data-state', 'waite');
    await first.getByTestId('ppt-button').click();
    await expect(page.getByText('没有消息或者正在生成中，请稍等...')).toBeVisible();
    await page.getByRole('button', { name: /停止生成/ }).click();
    await expect(replies(page).last()).toHaveAttribute('data-state', 'ok');

    const outlineCall = page.waitForRequest((r) => r.url().includes('/api/v1/ppt/outline'));
    await first.getByTestId('ppt-button').click();
    expect(((await outlineCall).postDataJSON() as { content: string }).content.length).toBeGreaterThan(20);
    const modal = page.getByRole('dialog');
    await expect(modal).toBeVisible();
    // 1000 wide (within a pixel or two of subpixel layout), measured once the open animation has settled.
    await expect.poll(async () => Math.abs(((await modal.boundingBox())?.width ?? 0) - 1000) <= 2).toBe(true);
    await buildAndDownload(page, 'vermilion-guochao', 'slides-modal-desktop');
  });

  test('the /newAiPPt/index page from a topic, on a phone', async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());
    await page.goto('/newAiPPt/index');
    await page.getByTestId('ppt-topic').fill('人工智能在教育中的应用');
    await page.getByRole('button', { name: '生成大纲' }).click();
    await expect(page.getByTestId('ppt-outline')).toHaveValue(/人工智能在教育中的应用/, { timeout: 20_000 });
    await screenshot(page, 'slides-page-mobile-outline');
    await buildAndDownload(page, 'graphite-tech', 'slides-page-mobile');
  });
});
