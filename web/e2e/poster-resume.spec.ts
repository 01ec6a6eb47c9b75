import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { DESIGN_DOCS_MSG } from '@wanxiang/contract';
import { loginByApi, screenshot } from './helpers';

/**
 * AI海报 (/aiDesign/aIPosterCreate) and AI简历 (/aiDesign/aiResume, aiResumeTwo) against the real
 * server in demo mode: a poster's background painted by the 海报背景 task, a text layer edited and
 * dragged on the canvas, the PNG exported at the format's full size; a resume made from the form
 * and its Word file downloaded and opened.
 */

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const wait = page.waitForEvent('download');
  await click();
  const file = await wait;
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

test.describe('AI海报 and AI简历', () => {
  test('poster: background in 9:16, a layer edited and dragged, PNG exported at 1080×1920; phone layout', async ({ page, request }) => {
    test.setTimeout(180_000);
    await loginByApi(page, request);
    await page.goto('/aiDesign/aIPosterCreate');
    await expect(page.getByTestId('poster-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(DESIGN_DOCS_MSG.posterEmpty)).toBeVisible();
    await page.getByTestId('poster-describe').fill('秋季音乐节，夜晚草地舞台，暖色灯串');
    await page.getByTestId('poster-size').getByText('9:16 手机').click();
    await page.getByTestId('poster-copy-title').fill('秋季音乐节');
    await page.getByTestId('poster-copy-info').fill('10月18日 19:00 · 滨江草坪');
    await page.getByTestId('poster-generate').click();

    const canvas = page.getByTestId('poster-canvas');
    await expect(canvas).toBeVisible({ timeout: 60_000 });
    await expect(canvas).toHaveAttribute('data-width', '1080');
    await expect(canvas).toHaveAttribute('data-height', '1920');
    const items = page.getByTestId('poster-layer-item');
    // The user's title and date/place, the model's suggested subtitle and body (the demo upstream's, marked 演示).
    await expect(items).toHaveCount(4);
    await expect(items.nth(0)).toContainText('秋季音乐节');
    await expect(items.nth(2)).toContainText('（演示）');
    await screenshot(page, 'poster-desktop');

    // Edit the title layer: words, size, bold off, colour, left alignment.
    await items.first().click();
    await page.getByTestId('poster-layer-text').fill('金秋音乐节');
    await page.getByTestId('poster-font-size').fill('120');
    await page.getByTestId('poster-font-size').press('Tab');
    await page.getByTestId('poster-bold').click();
    await page.getByTestId('poster-color').fill('#ffcc00');
    await expect(items.first()).toContainText('金秋音乐节');

    // Drag the title down by a tenth of the canvas: its y grows by about 192 poster pixels.
    const y0 = Number(await items.first().getAttribute('data-y'));
    const box = (await canvas.boundingBox())!;
    const startX = box.x + box.width / 2;
    const startY = box.y + ((y0 + 40) / 1920) * box.height;
    await page.mouse.move(startX, startY);
    await page.mouse.down();
    await page.mouse.move(startX, startY + box.height / 20, { steps: 4 });
    await page.mouse.move(startX, startY + box.height / 10, { steps: 4 });
    await page.mouse.up();
    const y1 = Number(await items.first().getAttribute('data-y'));
    expect(Math.abs(y1 - y0 - 192)).toBeLessThan(12);

    // A new layer, then removed again.
    await page.getByTestId('poster-add-layer').click();
    await expect(items).toHaveCount(5);
    await page.getByTestId('poster-remove-layer').click();
    await expect(items).toHaveCount(4);
    await screenshot(page, 'poster-edited-desktop');

    const png = await downloaded(page, () => page.getByTestId('poster-export').click());
    expect(png.name).toBe('AI海报-1080x1920.png');
    expect(png.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(pngSize(png.bytes)).toEqual({ width: 1080, height: 1920 });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByTestId('poster-canvas')).toBeVisible({ timeout: 30_000 });
    const phoneBox = (await page.getByTestId('poster-canvas').boundingBox())!;
    expect(phoneBox.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'poster-phone');
  });

  test('resume: the form becomes a DOCX (and a PDF where LibreOffice is), downloaded and opened; aiResumeTwo preselects 简约', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await loginByApi(page, request);
    await page.goto('/aiDesign/aiResumeTwo');
    await expect(page.getByTestId('task-tool-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-field="template"] input[value="simple"]')).toBeChecked();

    await page.goto('/aiDesign/aiResume');
    await expect(page.locator('[data-field="template"] input[value="classic"]')).toBeChecked();
    await page.locator('[data-field="name"] input').fill('李明');
    await page.locator('[data-field="targetJob"] input').fill('前端开发工程师');
    await page.locator('[data-field="contact"] input').fill('138 0000 0000 · liming@example.com');
    await page.locator('[data-field="education"] textarea').fill('2019-2023 华东大学 计算机科学与技术 本科');
    await page.locator('[data-field="experience"] textarea').fill('2023.07-至今 星云科技 前端开发工程师\n主导组件库重构，首屏时间缩短 40%');
    await page.locator('[data-field="skills"] textarea').fill('React、TypeScript、Node.js');
    await page.getByTestId('tool-submit').click();
    const card = page.getByTestId('task-card').first();
    await expect(card).toHaveAttribute('data-state', 'succeeded', { timeout: 90_000 });
    await expect(card.getByTestId('task-result-text')).toContainText('经典');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'resume-desktop');

    const docxRow = card.locator('[data-testid="task-download"]').first();
    const docx = await downloaded(page, () => docxRow.click());
    expect(docx.name).toMatch(/\.docx$/);
    const zip = await JSZip.loadAsync(docx.bytes);
    const xml = await zip.file('word/document.xml')!.async('string');
    for (const s of ['李明', '教育经历', '工作与项目经历', '专业技能', '星云科技']) expect(xml).toContain(s);
    expect(await zip.file('docProps/custom.xml')!.async('string')).toContain('AIGC');

    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'resume-phone');
  });
});
