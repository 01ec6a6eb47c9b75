import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { MSG } from '@wanxiang/contract';
import { loginByApi, screenshot } from './helpers';

/**
 * AI图表 and 数据分析 (contract/src/tools/charts.ts) against the real server and its demo model: a
 * pasted table becomes a drawn chart that exports PNG and SVG and is listed in 图表记录; an uploaded
 * CSV is read and counted by the server, and the streamed analysis carries its numbers and a chart.
 */

const SALES_CSV = readFileSync(resolve(import.meta.dirname, '../../server/test/fixtures/tables/sales.csv'));
const answer = (page: Page) => page.getByTestId('tool-answer');

async function runAndWait(page: Page): Promise<void> {
  const run = page.waitForRequest((r) => r.url().includes('/run') && r.method() === 'POST');
  await page.getByTestId('tool-submit').click();
  await run;
  await expect(answer(page)).toBeVisible();
  await expect(answer(page)).toHaveAttribute('data-state', 'idle', { timeout: 30_000 });
}

async function download(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const wait = page.waitForEvent('download');
  await button.click();
  const file: Download = await wait;
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

test.describe('charts and data', () => {
  test('a pasted table becomes a chart: PNG and SVG export, then 图表记录 shows it again', async ({ page, request }) => {
    test.setTimeout(180_000);
    await loginByApi(page, request);
    await page.goto('/aiChart');
    await expect(page.getByTestId('prompt-tool-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'AI图表' })).toBeVisible();

    await page.locator('#tool-field-text').fill('城市\t访客\t下单\n北京\t320\t80\n上海\t410\t95\n广州\t280\t60\n深圳\t350\t88');
    await page.locator('#tool-field-title').fill('城市访客与下单');
    await runAndWait(page);

    const chart = answer(page).getByTestId('echarts-chart');
    await expect(chart).toHaveAttribute('data-chart-state', 'ready', { timeout: 30_000 });
    await expect(chart.locator('canvas').first()).toBeVisible();
    await screenshot(page, 'charts-answer-desktop');

    const png = await download(page, chart.getByTestId('chart-export-png'));
    expect(png.name).toMatch(/^城市访客与下单-\d{4}-\d{2}-\d{2}\.png$/);
    expect(png.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.bytes.length).toBeGreaterThan(5_000);

    const svg = await download(page, chart.getByTestId('chart-export-svg'));
    expect(svg.name).toMatch(/\.svg$/);
    const svgText = svg.bytes.toString('utf8');
    expect(svgText).toContain('<svg');
    // The pasted table's own labels are drawn in the file.
    for (const city of ['北京', '上海', '广州', '深圳']) expect(svgText).toContain(city);

    await page.goto('/aiChart/aicharthistory');
    await expect(page.getByTestId('chart-history-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('tool-history-item')).toHaveCount(1);
    await expect(page.getByTestId('chart-history-view').getByTestId('echarts-chart')).toHaveAttribute('data-chart-state', 'ready', { timeout: 30_000 });
    await screenshot(page, 'charts-history-desktop');
    // On a phone (the layout changes, so the page is laid out afresh) the list and the chart stack.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('chart-history-view').getByTestId('echarts-chart')).toHaveAttribute('data-chart-state', 'ready', { timeout: 30_000 });
    await page.getByTestId('chart-history-view').scrollIntoViewIfNeeded();
    await screenshot(page, 'charts-history-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Delete asks first, then the list is empty.
    await page.getByRole('button', { name: MSG.toolHistoryDelete }).click();
    await page.getByRole('button', { name: /确\s*定|OK|删\s*除/ }).last().click();
    await expect(page.getByTestId('tool-history-item')).toHaveCount(0);
    await expect(page.getByText(MSG.chartHistoryEmpty)).toBeVisible();
  });

  test('a CSV analysis streams the server-computed statistics with a chart, and downloads as Markdown', async ({ page, request }) => {
    test.setTimeout(180_000);
    await loginByApi(page, request);
    await page.goto('/analysis');
    await expect(page.getByTestId('prompt-tool-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: '数据分析' })).toBeVisible();

    await page.getByTestId('file-field-data').locator('input[type=file]').setInputFiles({ name: 'sales.csv', mimeType: 'text/csv', buffer: SALES_CSV });
    await page.locator('#tool-field-text').fill('各地区销售额的差异');

    // The answer arrives as a stream: its first bytes are shown while the run is still going.
    const states: string[] = [];
    await page.exposeFunction('noteState', (s: string) => states.push(s));
    await page.evaluate(() => {
      const seen = new MutationObserver(() => {
        const el = document.querySelector('[data-testid=tool-answer]');
        if (el) (window as unknown as { noteState: (s: string) => void }).noteState(el.getAttribute('data-state') ?? '');
      });
      seen.observe(document.body, { subtree: true, attributes: true, childList: true });
    });
    await runAndWait(page);
    expect(states).toContain('streaming');

    const text = (await answer(page).locator('.wx-markdown').textContent()) ?? '';
    expect(text).toContain('sales.csv，共 6 行、5 列');
    // 销售额's mean and median, computed by the server from the whole file.
    expect(text).toContain('1148.33');
    expect(text).toContain('1150');
    await expect(answer(page).getByTestId('echarts-chart')).toHaveAttribute('data-chart-state', 'ready', { timeout: 30_000 });
    await screenshot(page, 'charts-analysis-desktop');

    const md = await download(page, answer(page).getByTestId('tool-download-md'));
    const mdText = md.bytes.toString('utf8');
    expect(mdText).toContain('# 数据分析');
    expect(mdText).toContain('```echarts');
    expect(mdText.trimEnd().endsWith(MSG.aiDisclaimer)).toBe(true);
  });

  test('数据卡片: the page shows in a frame without scripts, its chart drawn by us, and exports PNG and HTML', async ({ page, request }) => {
    test.setTimeout(180_000);
    await loginByApi(page, request);
    await page.goto('/aiDesign/aiDataCard');
    await expect(page.getByTestId('prompt-tool-page')).toBeVisible({ timeout: 30_000 });
    await page.locator('#tool-field-text').fill('季度,营收,客户\nQ1,320,45\nQ2,410,60\nQ3,388,52');
    await page.locator('#tool-field-title').fill('年度业绩');
    await runAndWait(page);

    const frame = answer(page).getByTestId('html-page-frame');
    await expect(frame).toBeVisible({ timeout: 30_000 });
    // No permission at all: scripts off and an opaque origin.
    await expect(frame).toHaveAttribute('sandbox', '');
    const inside = page.frameLocator('[data-testid=html-page-frame]');
    await expect(inside.getByRole('heading', { name: '年度业绩' })).toBeVisible();
    await expect(inside.locator('body')).toContainText('1118');
    await expect(inside.locator('script')).toHaveCount(0);
    await expect(inside.locator('img[alt=图表]')).toHaveCount(1);
    await screenshot(page, 'charts-data-card-desktop');

    const html = await download(page, answer(page).getByTestId('page-export-html'));
    expect(html.name).toMatch(/^数据卡片-\d{4}-\d{2}-\d{2}\.html$/);
    const htmlText = html.bytes.toString('utf8');
    expect(htmlText).toContain('<h1>年度业绩</h1>');
    expect(htmlText).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
    expect(htmlText).toContain('data:image/svg+xml');

    const png = await download(page, answer(page).getByTestId('page-export-png'));
    expect(png.name).toMatch(/\.png$/);
    expect(png.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.bytes.length).toBeGreaterThan(10_000);
  });
});
