import { expect, test } from '@playwright/test';
import { loginByApi as login, screenshot } from './helpers';

/**
 * Scholar search (/aiSearch/science, 2.4) and arXiv (/aiSearch/arxiv, 2.7) against the real
 * server, whose OpenAlex and arXiv adapters point at the fake sources replaying recorded answers.
 */
// Several pages, streams and a build's lazy chunks per test: give a shared, loaded machine time.
test.slow();

test('scholar: blank query warns, search, year filter, load more, check and AI解读', async ({ page, request }) => {
  await login(page, request);
  await page.goto('/aiSearch/science');
  await expect(page.getByRole('heading', { name: '学术搜索' })).toBeVisible();
  await page.getByRole('button', { name: '搜索一下' }).click();
  await expect(page.getByText('请输入内容后搜索！')).toBeVisible();
  await screenshot(page, 'scholar-landing');

  await page.getByPlaceholder('请输入论文标题、关键词或作者').fill('transformer');
  await page.getByRole('button', { name: '搜索一下' }).click();
  const results = page.getByTestId('scholar-result');
  await expect(results).toHaveCount(10);
  await expect(results.first()).toContainText('Attention Is All You Need');
  await expect(page.getByTestId('scholar-insights')).toContainText('2.8M');
  await expect(page.getByTestId('scholar-insights')).toContainText('45M');

  // The check: a PDF on the (fake) document host gets the four actions; others only 打开地址.
  const survey = results.filter({ hasText: 'Large Language Models for Scientific Discovery' });
  await expect(survey.getByRole('button', { name: 'AI解读' })).toBeVisible();
  await expect(survey.getByRole('button', { name: '下载' })).toBeVisible();
  const resnet = results.filter({ hasText: 'Deep Residual Learning' });
  await expect(resnet.getByRole('link', { name: '打开地址' })).toBeVisible({ timeout: 20_000 });
  await screenshot(page, 'scholar-results');

  // Load more: page 2 has the last 3, then 没有更多数据了.
  await page.getByRole('button', { name: '加载更多' }).click();
  await expect(results).toHaveCount(13);
  await expect(page.getByRole('button', { name: '没有更多数据了' })).toBeDisabled();

  // AI解读 streams into its modal.
  await survey.getByRole('button', { name: 'AI解读' }).click();
  const reading = page.getByTestId('scholar-reading');
  await expect(reading).toContainText('文献概览', { timeout: 20_000 });
  await expect(reading).toContainText('Efficient Attention Mechanisms for Long Documents');
  await screenshot(page, 'scholar-interpret');
  await page.keyboard.press('Escape');

  // Year filter: 2025 keeps the two 2025 papers.
  await page.getByTestId('scholar-year').click();
  await page.getByTitle('2025年').click();
  await expect(results).toHaveCount(2);
  for (const r of await results.all()) await expect(r).toContainText('2025年');
});

test('scholar: a failing source shows the failed state with 重新搜索; mobile layout', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, request);
  await page.goto('/aiSearch/science?value=fail');
  await expect(page.getByText('搜索失败,或没有相关内容...')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: '重新搜索' })).toBeVisible();
  await page.getByPlaceholder('请输入论文标题、关键词或作者').fill('retrieval');
  await page.getByRole('button', { name: '搜索一下' }).click();
  await expect(page.getByTestId('scholar-result').first()).toBeVisible();
  await screenshot(page, 'scholar-results-mobile');
});

test('arXiv: digest chips, date, load more, and a search', async ({ page, request }) => {
  await login(page, request);
  await page.goto('/aiSearch/arxiv');
  const digest = page.getByTestId('arxiv-digest');
  const items = digest.getByTestId('arxiv-item');
  await expect(items).toHaveCount(10, { timeout: 30_000 });
  await expect(digest.getByText('cs.AI 人工智能')).toBeVisible();
  // Categories found in the data join the chips.
  await expect(digest.getByText('cs.LG', { exact: true }).first()).toBeVisible();
  await expect(items.first().getByRole('link', { name: 'PDF' })).toHaveAttribute('href', /\/pdf\//);
  await expect(items.first().getByRole('link', { name: '原文' })).toHaveAttribute('href', /\/abs\//);
  await digest.getByRole('button', { name: '加载更多' }).click();
  await expect(items).toHaveCount(14);
  await screenshot(page, 'arxiv-digest');

  await digest.getByText('cs.GR 图形学').click();
  await expect(items).toHaveCount(3);
  await digest.getByPlaceholder('选择日期').fill('2025-11-20');
  await digest.getByPlaceholder('选择日期').press('Enter');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Procedural Generation of 3D');

  await page.getByPlaceholder('请输入论文关键词').fill('language');
  await page.getByRole('button', { name: '搜索一下' }).click();
  await expect(page.getByTestId('arxiv-digest')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '返回' })).toBeVisible();
  await expect(page.getByTestId('arxiv-item').first()).toContainText(/Language|Agentic|Dialogue/);
  await screenshot(page, 'arxiv-search');
});

test('arXiv: mobile digest', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/aiSearch/arxiv');
  await expect(page.getByTestId('arxiv-digest').getByTestId('arxiv-item')).toHaveCount(10);
  await screenshot(page, 'arxiv-digest-mobile');
});
