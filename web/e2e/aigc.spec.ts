import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { AIGC_MSG } from '@wanxiang/contract';
import { loginByApi, screenshot } from './helpers';

/**
 * AIGC检测 / 降AI率 (/aigc/drapAigc) and 相似度检测 (/aigc/articlePlagiarismChecking) against the real
 * server in demo mode: a pasted text becomes a coloured report (paragraphs in the 高/中/低 bands of
 * the demo judge), one paragraph is rewritten and shown as a diff with its new score, the report is
 * downloaded as a PDF (LibreOffice on this machine); the phone layout runs a similarity check.
 */

const AI_PARA =
  '随着人工智能技术的快速发展，智能教育正在深刻改变传统的教学模式。首先，个性化学习成为可能。其次，教师的角色发生了显著转变。此外，教育资源的分配更加公平。综上所述，人工智能为教育带来了前所未有的机遇。';
const MID_PARA =
  '城市公园在周末通常会迎来较多游客，管理部门需要提前安排保洁和安保人员，并在入口处设置指引牌，因此第一次来的人也能找到想去的地方。';
const HUMAN_PARA =
  '昨天我去菜市场买菜，碰到老王在跟摊主讨价还价，吵得挺凶的。我站旁边看了半天，最后他还是多花了两块钱，哈哈，真是没办法呀。';
const TEXT = `智能教育\n${AI_PARA}\n${MID_PARA}\n${HUMAN_PARA}`;

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const wait = page.waitForEvent('download', { timeout: 60_000 });
  await click();
  const file = await wait;
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

test.describe('AIGC检测 and 降AI率', () => {
  test('desktop: paste, coloured report, rewrite a paragraph with a diff and a new score, download the PDF', async ({ page, request }) => {
    test.setTimeout(180_000);
    await loginByApi(page, request);
    await page.goto('/aigc/drapAigc');
    await expect(page.getByTestId('aigc-notice')).toHaveText(AIGC_MSG.estimateNotice);
    await page.getByTestId('aigc-text').fill(TEXT);
    await page.getByTestId('aigc-start').click();

    const report = page.getByTestId('aigc-report');
    await expect(report).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId('aigc-rate')).toHaveText(/^\d+(\.\d)?%$/);
    const paragraphs = page.getByTestId('aigc-paragraph');
    await expect(paragraphs).toHaveCount(4);
    expect(await paragraphs.evaluateAll((els) => els.map((e) => e.getAttribute('data-band')))).toEqual(['none', 'high', 'medium', 'low']);
    // The bands are coloured: the high paragraph's background is the red fill.
    expect(await paragraphs.nth(1).evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(250, 212, 212)');
    await expect(report.getByText('演示')).toBeVisible();
    await screenshot(page, 'aigc-desktop-report');

    // 降AI率 on the high paragraph: the diff shows struck and added text and the new, lower score.
    await paragraphs.nth(1).getByTestId('aigc-rewrite-one').click();
    const diff = paragraphs.nth(1).getByTestId('aigc-diff');
    await expect(diff).toBeVisible({ timeout: 60_000 });
    await expect(diff.locator('span[class*="del"]').first()).toBeVisible();
    await expect(diff.locator('span[class*="add"]').first()).toBeVisible();
    await expect(diff.getByTestId('aigc-rescore')).toHaveText(/改写后 \d+% [高中低]/);
    await expect(page.getByText('改写记录（1）')).toBeVisible();
    await diff.scrollIntoViewIfNeeded();
    await screenshot(page, 'aigc-desktop-rewrite');

    // The report as a PDF (LibreOffice is installed where the e2e runs).
    await expect(page.getByTestId('aigc-download')).toHaveText('下载 PDF 报告');
    const pdf = await downloaded(page, () => page.getByTestId('aigc-download').click());
    expect(pdf.name).toMatch(/AIGC检测报告\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.bytes.length).toBeGreaterThan(5_000);
  });

  test('phone: a similarity check shows overlapping passages beside their sources', async ({ page, request }) => {
    test.setTimeout(180_000);
    await loginByApi(page, request);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/aigc/articlePlagiarismChecking');
    await expect(page.getByTestId('aigc-notice')).toBeVisible();
    await page.getByTestId('aigc-text').fill(`${AI_PARA}\n${MID_PARA}`);
    await page.getByTestId('aigc-start').click();
    await expect(page.getByTestId('aigc-report')).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId('aigc-paragraph')).toHaveCount(2);
    // The demo search echoes each query: its results overlap the text and link to example.com.
    const match = page.getByTestId('aigc-match').first();
    await expect(match).toBeVisible();
    await expect(match.getByRole('link')).toHaveAttribute('href', /^https:\/\/example\.com\//);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'aigc-phone-similarity');
    await page.getByTestId('aigc-report').scrollIntoViewIfNeeded();
    await screenshot(page, 'aigc-phone-report');
  });
});
