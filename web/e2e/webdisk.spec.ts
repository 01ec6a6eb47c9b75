import { expect, test, type Page } from '@playwright/test';
import { loginByApi as login, screenshot } from './helpers';

/**
 * Cloud-disk search, find files and find websites (docs/product/search.md §2, §4, §5, §8)
 * against the real server: every web-disk channel points at the fake sources (WEBDISK_BASE_URL),
 * which replay recorded answers; find files and find websites run on the demo upstream and the
 * demo web search.
 */

const items = (page: Page) => page.getByTestId('webdisk-item');

// The lazily loaded pages and the demo answers take a while on a loaded machine.
test.describe.configure({ timeout: 120_000 });

test('cloud disk: a visitor gets the login dialog; a blank search warns', async ({ page }) => {
  await page.goto('/aiSearch/webdisk');
  await expect(page.getByRole('heading', { name: '网盘搜索' })).toBeVisible();
  await page.getByRole('button', { name: /搜索一下/ }).click();
  await expect(page.getByText('请输入内容后搜索！')).toBeVisible();
  await page.getByPlaceholder('请输入要搜索的网盘资源').fill('Python');
  await page.getByRole('button', { name: /搜索一下/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('cloud disk: tabs, filtered results, copy, 举报成功 without a call, load more, empty channel', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page, request);
  await page.goto('/aiSearch/webdisk');
  await expect(page.getByText('Python 入门教程')).toBeVisible();
  await screenshot(page, 'webdisk-landing-desktop');

  await page.getByPlaceholder('请输入要搜索的网盘资源').fill('Python');
  await page.getByRole('button', { name: /搜索一下/ }).click();
  await expect(page.getByRole('tab', { name: 'UP云搜', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(items(page)).toHaveCount(3); // 6 recorded, 3 dropped by the filter (ads, a link, blocked words)
  await expect(items(page).first()).toContainText('Python入门教程全套视频（2024版）');
  await expect(items(page).first()).toContainText('2024-03-18 21:04:11');
  await expect(items(page).first()).toContainText('https://www.aliyundrive.com/s/Kp3vQx8Lm2a');
  await expect(page.getByText('加微信')).toHaveCount(0);
  await screenshot(page, 'webdisk-results-desktop');

  await items(page)
    .first()
    .getByRole('button', { name: /复制链接/ })
    .click();
  await expect(page.getByText('复制成功')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('https://www.aliyundrive.com/s/Kp3vQx8Lm2a');

  const calls: string[] = [];
  page.on('request', (r) => calls.push(r.url()));
  await items(page).nth(1).getByRole('button', { name: /举报/ }).click();
  await expect(page.getByText('举报成功')).toBeVisible();
  expect(calls.filter((u) => u.includes('/api/'))).toEqual([]);
  await expect(items(page).first().getByRole('link', { name: /查看/ })).toHaveAttribute(
    'href',
    'https://www.aliyundrive.com/s/Kp3vQx8Lm2a',
  );

  await page.getByRole('button', { name: '加载更多' }).click();
  await expect(items(page)).toHaveCount(5);
  await page.getByRole('button', { name: '加载更多' }).click();
  await expect(page.getByRole('button', { name: '没有更多数据了' })).toBeDisabled();

  await page.getByRole('tab', { name: 'UP云搜2' }).click();
  await expect(items(page)).toHaveCount(2);
  await expect(items(page).first()).toContainText('考研英语真题 1986-2024 全套');
  await page.getByRole('tab', { name: '兄弟盘' }).click();
  await expect(items(page)).toHaveCount(2);
  await expect(items(page).first()).toContainText('高等数学（同济第七版）课件.pptx');

  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'webdisk-results-mobile');
});

test('cloud disk: a preset search from ?value= on a failing channel shows 暂无数据 and the retry', async ({ page, request }) => {
  await login(page, request);
  await page.goto(`/aiSearch/webdisk?value=${encodeURIComponent('故障')}`);
  await expect(page.getByText('暂无数据').last()).toBeVisible({ timeout: 60_000 }); // the history panel's empty state says it too
  await expect(page.getByText('搜索失败，获结果为空！请切换别的搜索渠道')).toBeVisible();
  await expect(page.getByRole('button', { name: '重新搜索' })).toBeVisible();
});

test('find files: a random example, the answer streamed as a markdown table', async ({ page, request }) => {
  await login(page, request);
  await page.goto('/aiSearch/lookforfile');
  await expect(page.getByRole('heading', { name: '找文件' })).toBeVisible();
  await screenshot(page, 'lookforfile-landing-desktop');
  await page.getByPlaceholder(/例如/).fill('帮我找一份 2024 年终总结 PPT 模板');
  await page.getByRole('button', { name: /搜索一下/ }).click();
  const answer = page.getByTestId('lookforfile-answer');
  await expect(answer.getByRole('table')).toBeVisible({ timeout: 40_000 });
  await expect(answer.getByRole('columnheader', { name: '格式' })).toBeVisible();
  await expect(answer.getByRole('cell', { name: 'PPTX' }).first()).toBeVisible();
  await screenshot(page, 'lookforfile-answer-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'lookforfile-answer-mobile');
});

test('find websites: random examples, the agent list under the heading, the 返回搜索页 button', async ({ page, request }) => {
  await login(page, request);
  await page.goto('/aiSearch/lookforweb');
  await expect(page.getByRole('heading', { name: '找网站' })).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'lookforweb-landing-desktop');
  await page.getByPlaceholder('请输入要找的网站类型或关键词').fill('免费图片素材');
  await page.getByRole('button', { name: /搜索一下/ }).click();
  await expect(page.getByText('以下是为您查找到的结果:')).toBeVisible();
  const sites = page.getByTestId('lookforweb-item');
  await expect(sites.first()).toBeVisible({ timeout: 40_000 });
  await expect(sites.first()).toContainText('免费图片素材');
  await expect(sites.first()).toContainText('素材资源');
  await screenshot(page, 'lookforweb-results-desktop');
  await expect(page.getByRole('button', { name: /返回搜索页/ })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'lookforweb-results-mobile');
});
