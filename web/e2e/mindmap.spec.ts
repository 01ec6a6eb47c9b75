import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { loginWithDevCode, screenshot, uniquePhone } from './helpers';

/**
 * Mind map from a chat reply (2.8, 4.5, 7.5) against the real server and its demo upstream: the
 * busy message while a reply streams, the outline streamed into the drawer and drawn by markmap,
 * zoom in / out / fit, the enlarge modal with the PNG download, the markdown download; /FullMindPage.
 */
const replies = (page: Page) => page.locator('[data-role="assistant"]');
const chatInput = (page: Page) => page.getByTestId('chat-composer').getByRole('textbox');

async function send(page: Page, text: string): Promise<void> {
  await expect(chatInput(page)).toBeEditable();
  await chatInput(page).fill(text);
  await chatInput(page).press('Enter');
}

/** The transform of the map's root group (changes on zoom and fit). */
const mapTransform = (page: Page) => page.getByTestId('mindmap-svg').locator('g').first().getAttribute('transform');

test.describe('mind map', () => {
  test('desktop: busy message, streamed map, zoom, fit, enlarge, PNG and markdown downloads', async ({ page }) => {
    test.setTimeout(300_000);
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());

    await send(page, '介绍一下高效学习的方法');
    // Locators are lazy: pin the first reply, not "the last one".
    const first = replies(page).first();
    await expect(first).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });

    // While another reply streams, the map waits.
    await page.waitForTimeout(1_000);
    await send(page, '写一篇很长的文章 [demo:never-end]');
    await expect(replies(page).last()).toHaveAttribute('data-state', 'waite');
    await first.getByTestId('mindmap-button').click();
    await expect(page.getByText('没有消息或者正在生成中，请稍等...')).toBeVisible();
    await page.getByRole('button', { name: /停止生成/ }).click();
    await expect(replies(page).last()).toHaveAttribute('data-state', 'ok');

    const generate = page.waitForRequest((r) => r.url().includes('/api/v1/mindmap/generate'));
    await first.getByTestId('mindmap-button').click();
    const body = (await generate).postDataJSON() as { content: string };
    expect(body.content.length).toBeGreaterThan(20);
    const panel = page.getByTestId('mindmap-panel');
    await expect(panel).toBeVisible();
    // markmap draws one foreignObject per node.
    await expect.poll(() => panel.getByTestId('mindmap-svg').locator('foreignObject').count(), { timeout: 20_000 }).toBeGreaterThan(3);
    await expect(page.getByTestId('mindmap-generating')).toBeHidden({ timeout: 20_000 });
    await expect(first.getByTestId('mindmap-button')).not.toHaveClass(/loading/);
    await page.waitForTimeout(500);
    await screenshot(page, 'mindmap-drawer-desktop');

    const fitted = await mapTransform(page);
    await page.getByTestId('mindmap-zoom-in').click();
    await expect.poll(() => mapTransform(page)).not.toBe(fitted);
    const zoomed = await mapTransform(page);
    await page.getByTestId('mindmap-zoom-out').click();
    await expect.poll(() => mapTransform(page)).not.toBe(zoomed);
    await page.getByTestId('mindmap-fit').click();
    await expect.poll(() => mapTransform(page)).toBe(fitted);

    const md = page.waitForEvent('download');
    await page.getByTestId('mindmap-download-md').click();
    const mdFile = await md;
    expect(mdFile.suggestedFilename()).toMatch(/\.md$/);
    const text = readFileSync((await mdFile.path())!, 'utf8');
    expect(text).toMatch(/^# /);
    expect(text).toContain('\n## ');

    await page.getByTestId('mindmap-enlarge').click();
    const big = page.getByTestId('mindmap-big-svg');
    await expect.poll(() => big.locator('foreignObject').count(), { timeout: 10_000 }).toBeGreaterThan(3);
    await page.waitForTimeout(500);
    await screenshot(page, 'mindmap-enlarged-desktop');
    const png = page.waitForEvent('download');
    await page.getByTestId('mindmap-download-png').click();
    const pngFile = await png;
    expect(pngFile.suggestedFilename()).toMatch(/\.png$/);
    const bytes = readFileSync((await pngFile.path())!);
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(bytes.length).toBeGreaterThan(2_000);
    await expect(page.getByText('下载失败')).toHaveCount(0);
  });

  test('mobile: full-width drawer; /FullMindPage draws pasted markdown', async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());
    await send(page, '如何做好时间管理');
    const reply = replies(page).last();
    await expect(reply).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
    await reply.getByTestId('mindmap-button').click();
    const panel = page.getByTestId('mindmap-panel');
    await expect.poll(() => panel.getByTestId('mindmap-svg').locator('foreignObject').count(), { timeout: 20_000 }).toBeGreaterThan(3);
    const box = await panel.boundingBox();
    expect(box!.width).toBeGreaterThan(330);
    await page.waitForTimeout(500);
    await screenshot(page, 'mindmap-drawer-mobile');

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/FullMindPage');
    await page.getByTestId('full-mindmap-input').fill('# 旅行计划\n## 交通\n- 高铁\n- 飞机\n## 住宿\n- 酒店\n- 民宿');
    await expect.poll(() => page.getByTestId('mindmap-svg').locator('foreignObject').count(), { timeout: 10_000 }).toBe(7);
    await expect(page.getByTestId('mindmap-svg')).toContainText('民宿');
    await screenshot(page, 'mindmap-full-page-desktop');
  });
});
