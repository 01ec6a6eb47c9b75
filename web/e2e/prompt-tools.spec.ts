import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { MSG } from '@wanxiang/contract';
import { loginByApi, screenshot } from './helpers';
import { zipEntryText } from './zip-entry';

/**
 * The generic prompt-tool page (web/src/tools/PromptToolPage.tsx) against the real server and its
 * demo model: three generators and two writing tools used as a person would (an example chip or
 * the form, the streamed answer, copy, Word and Markdown downloads with the AI-content footer, the
 * history), on a desktop and on a phone; and a free user whose writing counts ran out.
 */

const answer = (page: Page) => page.getByTestId('tool-answer');

async function openTool(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  // The page's chunk loads on first use: a busy machine may take a while the first time.
  await expect(page.getByTestId('prompt-tool-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(title));
}

/** Submit and wait for the whole answer (the demo model streams it in under a few seconds). */
async function runAndWait(page: Page): Promise<string> {
  const run = page.waitForRequest((r) => r.url().includes('/run') && r.method() === 'POST');
  await page.getByTestId('tool-submit').click();
  await run;
  await expect(answer(page)).toBeVisible();
  await expect(answer(page)).toHaveAttribute('data-state', 'idle', { timeout: 30_000 });
  const text = ((await answer(page).locator('.wx-markdown').textContent()) ?? '').trim();
  expect(text.length).toBeGreaterThan(10);
  await expect(answer(page).getByText(MSG.toolAnswerAiNote)).toBeVisible();
  return text;
}

async function downloaded(page: Page, testId: string): Promise<{ name: string; bytes: Buffer }> {
  const wait = page.waitForEvent('download');
  await answer(page).getByTestId(testId).click();
  const file: Download = await wait;
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

/** Copy, the two downloads (each ends with the AI-content line) and the run in the history. */
async function checkAnswerActions(page: Page, title: string): Promise<void> {
  // The answer's own copy button (a code block in the answer has its own, 复制代码).
  await answer(page).getByRole('button', { name: MSG.chatCopy, exact: true }).click();
  await expect(page.getByText(MSG.copySuccess).first()).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.length).toBeGreaterThan(10);

  const md = await downloaded(page, 'tool-download-md');
  expect(md.name).toMatch(/\.md$/);
  const mdText = md.bytes.toString('utf8');
  expect(mdText).toContain(`# ${title}`);
  expect(mdText.trimEnd().endsWith(MSG.aiDisclaimer)).toBe(true);

  const docx = await downloaded(page, 'tool-download-docx');
  expect(docx.name).toMatch(/\.docx$/);
  expect(zipEntryText(docx.bytes, 'word/document.xml')).toContain(MSG.aiDisclaimer);

  await page.getByRole('tab', { name: MSG.toolHistoryTitle }).click();
  await expect(page.getByTestId('tool-history-item').first()).toBeVisible();
}

test.describe('prompt tools', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('desktop: three generators and two writing tools, from examples and the form', async ({ page, request }) => {
    test.setTimeout(240_000);
    await loginByApi(page, request);

    // AI起名 from an example chip: the chip fills the form, the answer streams, copy and downloads.
    await openTool(page, '/aiGenerate/aiNaming', 'AI起名');
    await screenshot(page, 'prompt-tool-empty-desktop');
    await page.getByTestId('tool-examples').getByRole('button', { name: '男宝宝' }).click();
    await expect(page.locator('#tool-field-text')).toHaveValue(/男孩/);
    await expect(page.locator('#tool-field-surname')).toHaveValue('李');
    const naming = await runAndWait(page);
    await screenshot(page, 'prompt-tool-answer-desktop');
    await checkAnswerActions(page, 'AI起名');
    // The saved run opens from the history with the same answer.
    await page.getByTestId('tool-history-item').first().click();
    await expect(answer(page).locator('.wx-markdown')).toHaveText(naming);
    await screenshot(page, 'prompt-tool-history-desktop');

    // 塔罗牌 from the form: a required field left empty says so, then typed.
    await openTool(page, '/aiGenerate/aiTarotCard', '塔罗牌');
    await page.getByTestId('tool-submit').click();
    await expect(page.getByRole('alert').filter({ hasText: MSG.toolInputRequired('你的问题') })).toBeVisible();
    await page.locator('#tool-field-text').fill('我接下来一个月的学习状态会怎样？');
    await runAndWait(page);
    await checkAnswerActions(page, '塔罗牌');

    // 公式生成: an example, then stop a second run halfway and regenerate.
    await openTool(page, '/aiGenerate/aiFormula', '公式生成');
    await page.getByTestId('tool-examples').getByRole('button', { name: '求根公式' }).click();
    await runAndWait(page);
    await checkAnswerActions(page, '公式生成');
    await page.getByRole('tab', { name: MSG.toolAnswerTitle }).click();
    await page.getByTestId('tool-regenerate').click();
    await expect(answer(page)).toHaveAttribute('data-state', 'idle', { timeout: 30_000 });

    // Two writing tools, with the model switch.
    await openTool(page, '/AiWriter/AiTitleCreate', '标题生成');
    await expect(page.getByTestId('tool-model-switch')).toBeVisible();
    await page.locator('#tool-field-text').fill('一篇介绍如何在家种植番茄的入门文章');
    await runAndWait(page);
    await checkAnswerActions(page, '标题生成');

    await openTool(page, '/AiWriter/AiWriterOffcial', '公文写作');
    await page.getByTestId('tool-examples').getByRole('button').first().click();
    await runAndWait(page);
    await checkAnswerActions(page, '公文写作');
  });

  test('phone: the form above the answer, an example, the answer and its downloads', async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginByApi(page, request);
    await openTool(page, '/aiGenerate/aiNaming', 'AI起名');
    const formBox = await page.getByTestId('tool-form').boundingBox();
    const resultBox = await page.getByRole('tab', { name: MSG.toolAnswerTitle }).boundingBox();
    expect(formBox && resultBox && formBox.y < resultBox.y).toBe(true);
    expect(formBox!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'prompt-tool-empty-mobile');
    await page.getByTestId('tool-examples').getByRole('button', { name: '咖啡店' }).click();
    await runAndWait(page);
    await answer(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'prompt-tool-answer-mobile');
    await checkAnswerActions(page, 'AI起名');

    await openTool(page, '/AiWriter/AiTitleCreate', '标题生成');
    await page.locator('#tool-field-text').fill('周末带孩子去郊外露营的经验分享');
    await runAndWait(page);
    await checkAnswerActions(page, '标题生成');

    // An answer that does not end is stopped: what arrived stays, marked as stopped.
    await page.getByRole('tab', { name: MSG.toolAnswerTitle }).click();
    await page.locator('#tool-field-text').fill('一直写下去 [demo:never-end]');
    await page.getByTestId('tool-submit').click();
    await expect(answer(page)).toHaveAttribute('data-state', 'streaming');
    await expect(answer(page).locator('.wx-markdown')).not.toBeEmpty();
    await answer(page).getByTestId('tool-stop').click();
    await expect(answer(page)).toHaveAttribute('data-state', 'idle');
    await expect(answer(page).getByText(MSG.toolAnswerStopped)).toBeVisible();
    await expect(page.getByTestId('tool-submit')).toHaveText(MSG.toolFormSubmit);
  });

  test('a visitor is asked to log in; a free user whose writing counts ran out gets the count dialog', async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.goto('/AiWriter/AiTitleCreate');
    await page.locator('#tool-field-text').fill('秋天的第一杯奶茶');
    await page.getByTestId('tool-submit').click();
    await expect(page.getByRole('dialog').getByText('验证码登录', { exact: true })).toBeVisible();

    await loginByApi(page, request);
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('user_storage') ?? '{}') as { state: { token: string } }).state.token);
    // Spend the free level's daily writing runs through the API (each answer is paid once it delivered text).
    for (let i = 0; i < 20; i++) {
      const res = await request.post('/api/v1/tools/AiTitleCreate/run', { headers: { token }, data: { inputs: { text: `第${i}篇文章的标题` } } });
      if ((res.headers()['content-type'] ?? '').includes('application/json')) break;
      await res.body();
    }
    await openTool(page, '/AiWriter/AiTitleCreate', '标题生成');
    await page.locator('#tool-field-text').fill('秋天的第一杯奶茶');
    await page.getByTestId('tool-submit').click();
    await expect(page.getByTestId('gate-body')).toHaveAttribute('data-kind', 'count');
    await expect(page.getByRole('dialog').getByText(MSG.countExhaustedTitle)).toBeVisible();
    await screenshot(page, 'prompt-tool-count-dialog');
  });
});

