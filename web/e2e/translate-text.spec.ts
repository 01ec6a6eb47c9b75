import { expect, test, type Page } from '@playwright/test';
import { MSG } from '@wanxiang/contract';
import { loginByApi, screenshot } from './helpers';

/**
 * AI翻译 (/AITranslate/index) and 翻译记录 against the real server and its demo model: a text
 * translated with a glossary (the detected language shown as it is typed, the streamed demo
 * translation with the glossary's term in it, copy, swap), then found in 翻译记录 (view, delete);
 * on a desktop and on a 390-px phone (panes stacked).
 */

const target = (page: Page) => page.getByTestId('translator-target');

async function openTranslator(page: Page): Promise<void> {
  await page.goto('/AITranslate/index');
  // The page's chunk loads on first use: a busy machine may take a while the first time.
  await expect(page.getByTestId('translator-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'AI翻译' })).toBeVisible();
}

async function translate(page: Page, text: string): Promise<void> {
  await page.getByTestId('translator-source').fill(text);
  const run = page.waitForRequest((r) => r.url().includes('/api/v1/tools/translateCommon/run') && r.method() === 'POST');
  await page.getByTestId('translator-run').click();
  await run;
}

test.describe('AI翻译 and 翻译记录', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('desktop: a glossary, the streamed translation, copy, swap, and the run in 翻译记录', async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginByApi(page, request);
    await openTranslator(page);
    await screenshot(page, 'translate-empty-desktop');

    await page.getByText(MSG.translateGlossary, { exact: true }).click();
    await page.getByTestId('translator-glossary').fill('万象=Wanxiang');
    await expect(page.getByText(MSG.translateGlossaryCount(1))).toBeVisible();

    await page.getByTestId('translator-source').fill('万象 AI 是一站式智能创作平台。');
    await expect(page.getByTestId('translator-detected')).toHaveText(MSG.translateDetected('中文'));
    await translate(page, '万象 AI 是一站式智能创作平台。');
    await expect(target(page)).toContainText('（演示）中文 → 英语', { timeout: 30_000 });
    await expect(target(page)).toContainText('Wanxiang AI 是一站式智能创作平台');
    await expect(page.getByText(MSG.translateDemo)).toBeVisible();
    await expect(page.getByRole('button', { name: MSG.chatCopy })).toBeVisible({ timeout: 30_000 });
    await screenshot(page, 'translate-answer-desktop');

    await page.getByRole('button', { name: MSG.chatCopy }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Wanxiang AI');

    // Side by side: the translation pane is to the right of the text.
    const source = await page.getByTestId('translator-source').boundingBox();
    const result = await target(page).boundingBox();
    expect(result!.x).toBeGreaterThan(source!.x + source!.width - 1);

    // Swap: the translation becomes the text, the pair turns around.
    await page.getByTestId('translator-swap').click();
    await expect(page.getByTestId('translator-source')).toHaveValue(/Wanxiang AI/);
    await expect(page.getByTestId('translator-from')).toContainText('英语');
    await expect(page.getByTestId('translator-to')).toContainText('中文');

    await page.getByTestId('translator-record-link').click();
    await expect(page.getByTestId('translate-record-page')).toBeVisible({ timeout: 30_000 });
    const record = page.getByTestId('record-run').first();
    await expect(record).toHaveAttribute('data-tool', 'translateCommon');
    await expect(record.getByTestId('record-result')).toContainText('Wanxiang AI');
    await expect(record).toContainText('自动检测 → 英语');
    await screenshot(page, 'translate-record-desktop');
    await record.getByTestId('record-open').click();
    await expect(page.getByTestId('record-view')).toContainText('万象 AI 是一站式智能创作平台。');
    await screenshot(page, 'translate-record-view-desktop');
  });

  test('phone: the panes stacked, an English text turned to Chinese, deleted from 翻译记录', async ({ page, request }) => {
    test.setTimeout(120_000);
    await loginByApi(page, request);
    await page.setViewportSize({ width: 390, height: 844 });
    await openTranslator(page);
    await page.getByTestId('translator-source').fill('Good morning, everyone. The meeting starts at nine.');
    await expect(page.getByTestId('translator-detected')).toContainText('将译为中文');
    await translate(page, 'Good morning, everyone. The meeting starts at nine.');
    await expect(target(page)).toContainText('（演示）英语 → 中文', { timeout: 30_000 });
    const source = await page.getByTestId('translator-source').boundingBox();
    const result = await target(page).boundingBox();
    expect(result!.y).toBeGreaterThan(source!.y + source!.height - 1);
    expect(result!.x + result!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'translate-answer-phone');

    await page.goto('/AITranslate/translateRecord');
    const record = page.getByTestId('record-run');
    await expect(record).toHaveCount(1, { timeout: 30_000 });
    await expect(record.getByTestId('record-result')).toContainText('英语 → 中文');
    await screenshot(page, 'translate-record-phone');
    await record.getByTestId('record-delete').click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page.getByText(MSG.recordEmpty)).toBeVisible();
  });
});
