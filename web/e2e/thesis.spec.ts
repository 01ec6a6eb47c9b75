import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { THESIS_MSG } from '@wanxiang/contract';
import { loginByApi, screenshot } from './helpers';

/**
 * AI论文 (/doc/thesis; 万字长文 and AI写作 are the same page with other defaults) and 文章纠错
 * against the real server in demo mode, the scholar sources answered by the recorded OpenAlex
 * fake: a title becomes a streamed outline, the user edits it (renames, removes, adds, moves),
 * the document task writes it and the DOCX downloaded has the edited chapters, the TOC, page
 * numbers and the fake's real DOIs; a correction accepted on its own changes only its span.
 */

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const wait = page.waitForEvent('download');
  await click();
  const file = await wait;
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

test.describe('AI论文 and 文章纠错', () => {
  test('title -> outline streamed and edited -> document task -> DOCX with the edits, TOC, page numbers and real DOIs; phone layout', async ({ page, request }) => {
    test.setTimeout(240_000);
    await loginByApi(page, request);
    await page.goto('/doc/thesis');
    await expect(page.getByTestId('thesis-page')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('thesis-title').fill('注意力机制研究');
    await page.getByTestId('thesis-make-outline').click();

    const chapters = page.getByTestId('thesis-chapter');
    await expect(chapters).toHaveCount(5, { timeout: 30_000 });
    await expect(page.getByTestId('thesis-build')).toBeEnabled({ timeout: 30_000 });
    await expect(page.getByText('演示', { exact: true })).toBeVisible();

    // Rename chapter 1, remove chapter 5, add and name a section in chapter 2, move chapter 4 above chapter 3.
    await chapters.nth(0).getByRole('textbox').first().fill('第一章 引言');
    await chapters.nth(4).getByRole('button', { name: THESIS_MSG.remove }).first().click();
    await expect(chapters).toHaveCount(4);
    await chapters.nth(1).getByRole('button', { name: THESIS_MSG.addSection }).click();
    await chapters.nth(1).getByTestId('thesis-section').last().getByRole('textbox').fill('2.4 新增小节');
    await chapters.nth(3).getByRole('button', { name: THESIS_MSG.moveUp }).first().click();
    await expect(chapters.nth(2).getByRole('textbox').first()).toHaveValue('第四章 对策与实践路径');
    await screenshot(page, 'thesis-outline-desktop');

    await page.getByTestId('thesis-build').click();
    const card = page.getByTestId('task-card').first();
    await expect(card).toHaveAttribute('data-state', 'succeeded', { timeout: 150_000 });
    await expect(card.getByTestId('task-result-text')).toContainText('已完成 4 章');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'thesis-done-desktop');

    const docx = await downloaded(page, () => card.getByTestId('task-download').first().click());
    expect(docx.name).toBe('注意力机制研究.docx');
    const zip = await JSZip.loadAsync(docx.bytes);
    const xml = await zip.file('word/document.xml')!.async('string');
    const text = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
    for (const want of ['第一章 引言', '2.4 新增小节', THESIS_MSG.references, '目  录']) expect(text).toContain(want);
    expect(text).not.toContain('第五章 结论与展望');
    expect(text.indexOf('第四章 对策与实践路径')).toBeLessThan(text.lastIndexOf('第三章 现状与问题分析'));
    expect(xml).toMatch(/instrText[^>]*>\s*TOC /);
    const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
    expect(rels).toContain('https://doi.org/10.48550/arxiv.1706.03762');
    const footer = (await Promise.all(Object.keys(zip.files).filter((n) => /^word\/footer\d*\.xml$/.test(n)).map((n) => zip.file(n)!.async('string')))).join('');
    expect(footer).toMatch(/instrText[^>]*>\s*PAGE/);

    // 万字长文 on a phone: the same page with its own defaults, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/doc/AiLongThesis');
    await expect(page.getByTestId('thesis-page')).toHaveAttribute('data-page', 'AiLongThesis', { timeout: 30_000 });
    await expect(page.getByTestId('thesis-page').getByText('研究报告')).toBeVisible();
    await page.getByTestId('thesis-title').fill('城市更新中的社区参与研究');
    await page.getByTestId('thesis-make-outline').click();
    await expect(chapters).toHaveCount(5, { timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'thesis-outline-phone');
  });

  test('文章纠错: corrections listed, one accepted, the result changes only there; phone layout', async ({ page, request }) => {
    test.setTimeout(120_000);
    await loginByApi(page, request);
    await page.goto('/doc/articleCorrection');
    await expect(page.getByTestId('correction-page')).toBeVisible({ timeout: 30_000 });
    const original = '我们以经完成了任务，，大家要再接再励。';
    await page.getByTestId('correction-text').fill(original);
    await page.getByTestId('correction-run').click();
    const items = page.getByTestId('correction-item');
    await expect(items).toHaveCount(3, { timeout: 30_000 });
    await expect(page.getByTestId('correction-result')).toHaveValue(original);
    await items.nth(2).getByRole('button', { name: THESIS_MSG.accept }).click();
    await expect(items.nth(2)).toHaveAttribute('data-decision', 'accepted');
    await items.nth(0).getByRole('button', { name: THESIS_MSG.reject }).click();
    await expect(page.getByTestId('correction-result')).toHaveValue('我们以经完成了任务，，大家要再接再厉。');
    await screenshot(page, 'correction-desktop');
    const txt = await downloaded(page, () => page.getByTestId('correction-download').click());
    expect(txt.bytes.toString('utf8')).toBe('我们以经完成了任务，，大家要再接再厉。');

    // On a phone the same page stays (the shell swaps only its chrome): a new check there starts its decisions afresh.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('correction-text')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('correction-text').fill(original);
    await page.getByTestId('correction-run').click();
    await expect(items).toHaveCount(3, { timeout: 30_000 });
    for (let i = 0; i < 3; i++) await expect(items.nth(i)).toHaveAttribute('data-decision', 'open', { timeout: 30_000 });
    await items.nth(0).getByRole('button', { name: THESIS_MSG.accept }).click();
    await expect(page.getByTestId('correction-result')).toHaveValue('我们已经完成了任务，，大家要再接再励。');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'correction-phone');
  });
});
