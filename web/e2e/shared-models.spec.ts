import { expect, test } from '@playwright/test';
import { loginByApi as login, screenshot } from './helpers';

/**
 * Shared custom model cards (7.4 chat2 family) against the real server: publish, list, like,
 * comment, report (举报成功), add → /moxing/myModel with the query; mobile layout.
 */

test('shared models: publish, like, comment, report, add to my models; mobile', async ({ page, request }) => {
  test.setTimeout(240_000);
  await login(page, request);
  await page.goto('/moxing/share');
  await expect(page.getByTestId('shared-models-page')).toBeVisible();

  const name = `E2E模型${Date.now() % 100_000}`;
  await page.getByTestId('shared-model-publish').click();
  const form = page.getByTestId('shared-model-form');
  await form.getByLabel('模型名称').fill(name);
  // Private addresses are refused by the server (SSRF rules).
  await form.getByLabel('接口地址').fill('http://10.0.0.8/v1');
  await form.getByLabel('模型ID').fill('demo-chat');
  await form.getByLabel('模型介绍').fill('一个用于测试的模型');
  await page.getByRole('button', { name: /OK|确\s*定/ }).click();
  await expect(page.getByText('接口地址不可用：不允许访问内网或保留地址')).toBeVisible();
  await form.getByLabel('接口地址').fill('https://1.2.3.4/v1');
  await page.getByRole('button', { name: /OK|确\s*定/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();

  await page.getByPlaceholder('搜索模型名称或介绍').fill(name);
  await page.getByPlaceholder('搜索模型名称或介绍').press('Enter');
  const card = page.locator('[data-testid^="shared-model-"]').filter({ hasText: name }).first();
  await expect(card).toBeVisible();

  await card.getByTestId('shared-model-like').click();
  await expect(card.getByTestId('shared-model-like')).toHaveText('1');
  await expect(card.getByTestId('shared-model-like')).toHaveAttribute('aria-pressed', 'true');

  await card.getByTestId('shared-model-comments-open').click();
  const comments = page.getByTestId('shared-model-comments');
  await comments.getByRole('textbox').fill('<b>很好用</b>');
  await comments.getByRole('button', { name: '发表评论' }).click();
  await expect(comments.getByText('<b>很好用</b>')).toBeVisible();
  await screenshot(page, 'shared-models-comments-desktop');
  await page.keyboard.press('Escape');

  await card.getByTestId('shared-model-report').click();
  await page.getByTestId('shared-model-report-reason').fill('测试举报');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /OK|确\s*定/ })
    .click();
  await expect(page.getByText('举报成功')).toBeVisible();
  await screenshot(page, 'shared-models-desktop');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await screenshot(page, 'shared-models-mobile');

  await card.getByTestId('shared-model-add').click();
  await expect(page).toHaveURL(/\/moxing\/myModel\?company=/);
  const url = new URL(page.url());
  expect(url.searchParams.get('company')).toBe(name);
  expect(url.searchParams.get('api_url')).toBe('https://1.2.3.4/v1');
  expect(url.searchParams.get('model_id')).toBe('demo-chat');
});
