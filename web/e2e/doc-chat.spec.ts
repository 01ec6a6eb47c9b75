import { expect, test, type Page } from '@playwright/test';
import { loginByApi, screenshot } from './helpers';

/**
 * 文档对话 and 文档总览 (docs/product/creation.md "Document library") against the real server and its demo model:
 * a Markdown report uploaded to the library and indexed (解析中 -> 已就绪), opened in the chat page with its summary
 * and outline (演示), a question answered with citations, a citation clicked to show its passage and section; the
 * same on a phone.
 */

const REPORT = [
  '# 第一章 公司概况',
  '万象科技成立于二〇一五年，总部位于杭州，员工约三百人，主要产品是面向中文用户的智能写作平台。',
  '# 第二章 财务数据',
  '二〇二三年公司营业收入为十二亿元，同比增长百分之十八；净利润为一点五亿元，毛利率保持在百分之四十左右。',
  '# 第三章 研发投入',
  '研发团队专注于大语言模型、文档理解和语音识别技术，全年研发投入占营业收入的百分之二十二。',
  '# 第四章 风险提示',
  '行业竞争加剧、数据合规要求提高以及关键人才流失，都可能对公司的经营产生不利影响。',
].join('\n\n');

async function uploadReport(page: Page, name: string): Promise<void> {
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name, mimeType: 'text/markdown', buffer: Buffer.from(REPORT) });
  const item = page.getByTestId('doc-item').filter({ hasText: name });
  await expect(item.getByTestId('doc-status')).toHaveText('已就绪', { timeout: 30_000 });
}

async function overviewAskAndCite(page: Page, shot: string): Promise<void> {
  const overview = page.getByTestId('doc-overview');
  await expect(page.getByTestId('doc-summary')).toContainText('万象科技', { timeout: 20_000 });
  await expect(page.getByTestId('doc-outline').locator('li')).toHaveText([
    '第一章 公司概况',
    '第二章 财务数据',
    '第三章 研发投入',
    '第四章 风险提示',
  ]);
  await expect(overview.getByText('演示')).toBeVisible();
  await screenshot(page, `${shot}-overview`);

  await page.getByTestId('doc-question').fill('公司的营业收入是多少？');
  await page.getByTestId('doc-ask').click();
  const answer = page.getByTestId('doc-answer');
  await expect(answer).toContainText('十二亿元', { timeout: 20_000 });
  await expect(page.getByTestId('doc-ask')).not.toHaveClass(/ant-btn-loading/, { timeout: 20_000 });
  await page.getByTestId('doc-cite').first().click();
  const cited = page.getByTestId('doc-citation');
  await expect(cited).toContainText('十二亿元');
  await expect(page.getByTestId('doc-citation-where')).toHaveText('第二章 财务数据');
  await screenshot(page, `${shot}-citation`);
  await page.keyboard.press('Escape');
}

test.describe('document library and document chat', () => {
  test('desktop: upload in the library, open, summary and outline, ask, click a citation, delete', async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginByApi(page, request);

    await page.goto('/WordOverview');
    await expect(page.getByRole('heading', { name: '文档总览' })).toBeVisible({ timeout: 30_000 });
    await uploadReport(page, '年度报告.md');
    await screenshot(page, 'doc-library-desktop');
    await page.getByTestId('doc-item').filter({ hasText: '年度报告.md' }).getByTestId('doc-open').click();
    await expect(page).toHaveURL(/\/AiFile\/DocChatPage\?file=[0-9a-f]{32}$/);
    await overviewAskAndCite(page, 'doc-chat-desktop');

    // Deleted from the library, it is gone from the chat page's list too.
    await page.goto('/WordOverview');
    await page.getByTestId('doc-item').filter({ hasText: '年度报告.md' }).getByTestId('doc-delete').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '删除' }).click();
    await expect(page.getByTestId('doc-item')).toHaveCount(0);
  });

  test('phone: upload on the chat page, ask and read a citation', async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginByApi(page, request);
    await page.goto('/AiFile/DocChatPage');
    await expect(page.getByText('从左侧选择或上传一份文档开始对话')).toBeVisible({ timeout: 30_000 });
    await uploadReport(page, '报告.md');
    await page.getByTestId('doc-item').filter({ hasText: '报告.md' }).locator('button').first().click();
    await overviewAskAndCite(page, 'doc-chat-phone');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
