import { expect, test } from '@playwright/test';
import { screenshot, specAccount } from './helpers';

/**
 * 文生视频 against the real server in demo mode (no video vendor: an ffmpeg film of demo pictures
 * with the espeak narration, marked 演示), on a desktop and a 390-px phone. A free account has no
 * daily ai_video counts, so the spec's account first buys the monthly membership through the mock
 * payment page (5 videos a day in server/catalog/tiers.json).
 *  - desktop: /video/create/text, a prompt submitted, the task's progress shown, the result
 *    video (with its poster) played, the 演示 / AI生成 notes shown.
 *  - phone: /AICreateVideo (the hub: creation tools first, then the other video tools), then
 *    文生视频 showing the same result stacked.
 */

const account = specAccount('162');

test.describe.configure({ mode: 'serial' });

test('文生视频 (desktop): a member submits a prompt, watches the progress and plays the result', async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = account.session.token;
  const order = await request.post('/api/v1/vip/createShopsOrder', { headers: { token }, data: { shop_id: 1 } });
  const queryOrder = ((await order.json()) as { data: { query_order: string } }).data.query_order;
  await page.goto(`/api/v1/pay/mock/page?query_order=${encodeURIComponent(queryOrder)}`);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await account.signIn(page);
  await page.goto('/video/create/text');
  await expect(page.getByTestId('task-tool-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('功能开发中')).toHaveCount(0);
  await page.locator('#tool-field-text').fill('清晨的西湖，薄雾缭绕，一只白鹭掠过水面');
  await screenshot(page, 'video-text-form-desktop');
  const run = page.waitForResponse((r) => r.url().endsWith('/api/v1/tools/video-text/run'));
  await page.getByTestId('tool-submit').click();
  expect((await run).ok()).toBe(true);
  const card = page.getByTestId('task-card').first();
  await expect(card.getByTestId('task-progress').or(card.getByTestId('task-result-video'))).toBeVisible({ timeout: 15_000 });
  const video = card.getByTestId('task-result-video');
  await expect(video).toBeVisible({ timeout: 60_000 });
  await expect(video).toHaveAttribute('src', /^blob:/);
  await expect(video).toHaveAttribute('poster', /^blob:/, { timeout: 10_000 });
  // The poster is the player's, with its own download, not a picture tile beside the video.
  await expect(card.getByTestId('task-result-image')).toHaveCount(0);
  await expect(card.getByRole('button', { name: '下载封面' })).toBeVisible();
  await expect(card).toContainText('演示模式');
  await expect(card).toContainText('AI生成');
  const played = await video.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    await el.play();
    await new Promise((r) => setTimeout(r, 800));
    return { time: el.currentTime, duration: el.duration, width: el.videoWidth };
  });
  expect(played.time).toBeGreaterThan(0.2);
  expect(played.duration).toBeGreaterThanOrEqual(4.8);
  expect(played.width).toBe(640);
  await screenshot(page, 'video-text-result-desktop');
});

test('文生视频 (phone): the hub leads to the creation tool with the result', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await account.signIn(page);
  await page.goto('/AICreateVideo');
  // The hub: the two creation tools first, stacked, then the other video tools as cards.
  await expect(page.getByTestId('video-hub-creators')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('video-hub-tools').getByTestId('tool-card').first()).toBeVisible();
  await expect(page.getByText('功能开发中')).toHaveCount(0);
  await screenshot(page, 'video-hub-phone');
  await page.getByTestId('video-hub-video-text').click();
  await expect(page).toHaveURL(/\/video\/create\/text$/);
  await expect(page.getByTestId('task-tool-page')).toBeVisible({ timeout: 30_000 });
  const video = page.getByTestId('task-result-video').first();
  await video.scrollIntoViewIfNeeded();
  await expect(video).toHaveAttribute('src', /^blob:/, { timeout: 30_000 });
  const box = await video.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  await screenshot(page, 'video-result-phone');
});
