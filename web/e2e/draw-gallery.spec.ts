import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { DEV_SMS_CODE, screenshot } from './helpers';

/**
 * The gallery (AI图片, /picture: web/src/features/gallery) and 发布到广场 on the generic task page,
 * against the real server in demo mode. Two accounts, signed in once each for the whole spec:
 *  - the owner draws with 文生图, publishes the picture from its task card with a title; the other
 *    user finds it on 作品广场, likes it (the like survives a reload), opens it, reports it with a
 *    reason, and 做同款 opens 文生图 with the prompt in the form; the owner finds it in 我的作品
 *    (published), downloads it and deletes it, and it is gone from the square;
 *  - 艺术二维码 (/draw/qrcode) for https://example.com: the downloaded picture decodes to that text;
 *  - on a 390-px phone: the square, a picture's detail and 我的作品, looked at.
 */

interface Session {
  token: string;
  [key: string]: unknown;
}
const sessions: { owner?: Session; viewer?: Session } = {};

async function phoneLogin(api: APIRequestContext, prefix: string): Promise<Session> {
  const phone = `${prefix}${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  const res = await api.post('/api/v1/user/phoneLogin', { data: { phone, code: DEV_SMS_CODE } });
  const body = (await res.json()) as { code: number; data: Session };
  expect(body.code).toBe(200);
  return body.data;
}

test.beforeAll(async ({ playwright }, info) => {
  const api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  sessions.owner = await phoneLogin(api, '135');
  sessions.viewer = await phoneLogin(api, '134');
  await api.dispose();
});

/**
 * Hand an account's session to the page as a real login stores it (switching accounts too). Written
 * from a page of the origin where the app does not run, so the previous account's running app
 * cannot store its own session over it.
 */
async function signIn(page: Page, who: Session): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate((info) => {
    localStorage.removeItem('chat_storage');
    localStorage.setItem('user_storage', JSON.stringify({ state: { token: info.token, user: info }, version: 0 }));
  }, who);
}

/** Submit the tool's form and wait for its task card to succeed; answers the task id and its card. */
async function runTool(page: Page, toolId: string) {
  const submitted = page.waitForResponse((r) => r.url().endsWith(`/api/v1/tools/${toolId}/run`));
  await page.getByTestId('tool-submit').click();
  const taskId = ((await (await submitted).json()) as { data: { task_id: string } }).data.task_id;
  const card = page.locator(`[data-testid="task-card"][data-task="${taskId}"]`);
  await expect(card).toHaveAttribute('data-state', 'succeeded', { timeout: 60_000 });
  await expect(card.getByTestId('task-result-image').first().locator('img')).toBeVisible({ timeout: 20_000 });
  return { taskId, card };
}

test.describe('draw gallery (desktop)', () => {
  test.use({ viewport: { width: 1366, height: 860 } });

  test('publish from the task card; another user likes, reports and 做同款; the owner downloads and deletes it in 我的作品', async ({ page }) => {
    test.setTimeout(180_000);
    const tag = String(Date.now()).slice(-6);
    const prompt = `雪山下的湖泊与小木屋，清晨薄雾 ${tag}`;
    const title = `雪山小屋 ${tag}`;

    // The owner draws one picture and publishes it from its card.
    await signIn(page, sessions.owner!);
    await page.goto('/draw/text2image');
    await expect(page.getByTestId('task-tool-page')).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('画面描述').fill(prompt);
    const { taskId, card } = await runTool(page, 'text2image');
    await card.getByTestId('publish-open').click();
    const dialog = page.getByRole('dialog', { name: '发布到作品广场' });
    // The title starts as the prompt (cut to 30); an empty one is refused in Chinese before any call.
    await expect(dialog.getByLabel('作品标题')).toHaveValue(prompt);
    await dialog.getByLabel('作品标题').fill('   ');
    await dialog.getByRole('button', { name: '发布' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('请填写作品标题');
    await dialog.getByLabel('作品标题').fill(title);
    await screenshot(page, 'gallery-publish-dialog-desktop');
    const published = page.waitForResponse((r) => r.url().endsWith('/api/v1/img/publish'));
    await dialog.getByRole('button', { name: '发布' }).click();
    const publishedId = ((await (await published).json()) as { data: { id: number } }).data.id;
    await expect(page.getByText('发布成功')).toBeVisible();
    await expect(card.getByTestId('publish-done')).toHaveText('已发布');

    // The other user sees it first on the square, likes it, and the like is kept.
    await signIn(page, sessions.viewer!);
    await page.goto('/picture');
    const square = page.getByTestId('square-list');
    const item = square.locator(`[data-testid="square-card"][data-id="${publishedId}"]`);
    await expect(item).toBeVisible({ timeout: 20_000 });
    await expect(square.getByTestId('square-card').first()).toHaveAttribute('data-id', String(publishedId));
    await expect(item).toContainText(title);
    await expect(item.locator('img')).toHaveJSProperty('complete', true);
    expect(await item.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const like = item.getByTestId('square-like');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    const liked = page.waitForResponse((r) => r.url().endsWith('/api/v1/img/publish_like'));
    await like.click();
    expect(((await (await liked).json()) as { data: unknown }).data).toEqual({ liked: true, likes: 1 });
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toHaveText('1');
    await screenshot(page, 'gallery-square-desktop');
    await page.reload();
    await expect(item.getByTestId('square-like')).toHaveAttribute('aria-pressed', 'true', { timeout: 20_000 });

    // The detail: the big picture, the prompt, the same like; a report needs a reason.
    await item.getByRole('button', { name: new RegExp(`查看大图：${title}`) }).click();
    const detail = page.getByTestId('square-detail');
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId('square-detail-prompt')).toHaveText(prompt);
    await expect(detail.locator('img')).toHaveAttribute('src', `/api/v1/img/published/${publishedId}/image`);
    await expect(detail.getByTestId('square-like')).toHaveAttribute('aria-pressed', 'true');
    await screenshot(page, 'gallery-detail-desktop');
    await detail.getByTestId('square-report').click();
    const report = page.getByRole('dialog', { name: new RegExp('举报作品') });
    await report.getByRole('button', { name: '提交举报' }).click();
    await expect(report.getByRole('alert')).toHaveText('请选择举报原因');
    await report.getByRole('radio', { name: '广告引流' }).check();
    await report.getByLabel('补充说明（可不填）').fill('图片里有引流二维码');
    await screenshot(page, 'gallery-report-desktop');
    const reported = page.waitForResponse((r) => r.url().endsWith('/api/v1/img/publish_report'));
    await report.getByRole('button', { name: '提交举报' }).click();
    expect((await reported).request().postDataJSON()).toEqual({ id: publishedId, reason: 'ad', detail: '图片里有引流二维码' });
    await expect(page.getByText('举报成功，我们会尽快处理')).toBeVisible();
    await expect(report).toBeHidden();

    // 做同款: the tool opens with the prompt in its form.
    await detail.getByTestId('square-same').click();
    await expect(page).toHaveURL(/\/draw\/text2image\?/);
    await expect(page.getByLabel('画面描述')).toHaveValue(prompt, { timeout: 20_000 });

    // The owner: 我的作品 lists it as published; download, then delete with confirm.
    await signIn(page, sessions.owner!);
    await page.goto('/picture?tab=mine');
    const mine = page.locator(`[data-testid="creation-card"][data-task="${taskId}"]`);
    await expect(mine).toBeVisible({ timeout: 20_000 });
    await expect(mine).toContainText('已发布');
    await expect(mine).toContainText(prompt);
    await expect(mine.locator('img')).toBeVisible({ timeout: 20_000 });
    await screenshot(page, 'gallery-mine-desktop');
    const download = page.waitForEvent('download');
    await mine.getByTestId('creation-download').click();
    expect((await download).suggestedFilename()).toMatch(/\.(png|jpe?g|webp)$/);
    await mine.getByTestId('creation-delete').click();
    const deleted = page.waitForResponse((r) => r.url().endsWith('/api/v1/img/creations_delete'));
    await page.locator('.ant-popconfirm-buttons').getByRole('button', { name: '删除' }).click();
    expect(((await (await deleted).json()) as { code: number }).code).toBe(200);
    await expect(page.getByText('删除成功')).toBeVisible();
    await expect(mine).toHaveCount(0);

    // Gone from the square too, for everyone.
    await page.goto('/picture');
    await expect(page.getByTestId('square-list').or(page.getByTestId('square-empty'))).toBeVisible({ timeout: 20_000 });
    await expect(page.locator(`[data-testid="square-card"][data-id="${publishedId}"]`)).toHaveCount(0);
    expect((await page.request.get(`/api/v1/img/publishInfo?id=${publishedId}`)).status()).toBe(404);
  });

  test('艺术二维码 for https://example.com: the downloaded picture reads back as that text', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, sessions.owner!);
    await page.goto('/draw/qrcode');
    await expect(page.getByTestId('task-tool-page')).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('二维码内容').fill('https://example.com');
    await page.getByLabel('画面描述').fill('春天的花园，蝴蝶，明亮色彩');
    const { card } = await runTool(page, 'qrcode');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'gallery-qrcode-desktop');

    const download = page.waitForEvent('download');
    await card.getByTestId('task-download').first().click();
    const path = await (await download).path();
    const bytes = await readFile(path);
    // Read as a phone camera does (server/src/tools/tasks/qr.ts readQrCode: the picture as painted, then
    // as seen from further away, where fine texture blurs): the downloaded file is the one that scanned.
    let code: string | null = null;
    for (const side of [0, 768, 512]) {
      let img = sharp(bytes).flatten({ background: '#ffffff' });
      if (side) img = img.resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
      const { data, info } = await img.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
      if (code) break;
    }
    expect(code).toBe('https://example.com');
  });
});

test.describe('draw gallery (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the square, a picture’s detail and 我的作品 on a 390-px phone', async ({ page }) => {
    test.setTimeout(120_000);
    const title = `手机上的画 ${String(Date.now()).slice(-6)}`;
    await signIn(page, sessions.owner!);
    await page.goto('/draw/text2image');
    await expect(page.getByTestId('task-tool-page')).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('画面描述').fill('竹林里的熊猫，水墨风格');
    const { taskId, card } = await runTool(page, 'text2image');
    await card.getByTestId('publish-open').click();
    const dialog = page.getByRole('dialog', { name: '发布到作品广场' });
    await dialog.getByLabel('作品标题').fill(title);
    await dialog.getByRole('button', { name: '发布' }).click();
    await expect(card.getByTestId('publish-done')).toBeVisible();

    await page.goto('/picture');
    const item = page.getByTestId('square-card').filter({ hasText: title });
    await expect(item).toBeVisible({ timeout: 20_000 });
    // Two cards across, none wider than the screen.
    const box = (await item.boundingBox())!;
    expect(box.width).toBeLessThan(390 / 2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(item).toContainText('我的');
    await screenshot(page, 'gallery-square-phone');
    await item.getByRole('button', { name: /查看大图/ }).click();
    const detail = page.getByTestId('square-detail');
    await expect(detail.getByTestId('square-detail-prompt')).toHaveText('竹林里的熊猫，水墨风格');
    // One's own picture: no report, a take-down instead.
    await expect(detail.getByTestId('square-report')).toHaveCount(0);
    await expect(detail.getByTestId('square-take-down')).toBeVisible();
    await screenshot(page, 'gallery-detail-phone');
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: '我的作品' }).click();
    await expect(page).toHaveURL(/tab=mine/);
    const mine = page.locator(`[data-testid="creation-card"][data-task="${taskId}"]`);
    await expect(mine).toBeVisible({ timeout: 20_000 });
    await expect(mine.locator('img')).toBeVisible({ timeout: 20_000 });
    await screenshot(page, 'gallery-mine-phone');

    // Logged out, 我的作品 asks for a login in Chinese.
    await page.evaluate(() => localStorage.removeItem('user_storage'));
    await page.goto('/picture?tab=mine');
    await expect(page.getByTestId('mine-login')).toContainText('登录后查看我的作品');
  });
});
