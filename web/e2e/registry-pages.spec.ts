import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DEV_SMS_CODE } from './helpers';

/**
 * The registry's view pages against the real server, desktop and phone: the /function grids (search,
 * no tool greyed any more), /AIApply -> /AIApplyDetail -> the tool, /deepseek -> a chat, /modelDetail
 * with today's count, /board, /test, /stage, /productPage, /moxing/office, /console/model/describe
 * and /result. One account, made once, shared by every test.
 */

// The machine running these is shared and often loaded: patient waits.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const SCREENS = resolve(import.meta.dirname, '.screens');
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: join(SCREENS, `registry-${name}.png`) });
}

let session: Record<string, unknown> | null = null;

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const phone = `137${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  const res = await api.post('/api/v1/user/phoneLogin', { data: { phone, code: DEV_SMS_CODE, app_channel: 'web' } });
  const body = (await res.json()) as { code: number; data: Record<string, unknown> };
  expect(body.code).toBe(200);
  session = body.data;
  await api.dispose();
});

/** Every page of the test opens signed in as the shared account. */
async function signedIn(page: Page): Promise<void> {
  await page.addInitScript((info) => {
    localStorage.setItem('user_storage', JSON.stringify({ state: { token: info.token, user: info }, version: 0 }));
  }, session!);
}

/** A small PNG (120×60, a gradient and a square) drawn by the page's own canvas: no fixture file needed. */
async function samplePng(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 120;
    c.height = 60;
    const ctx = c.getContext('2d')!;
    const g = ctx.createLinearGradient(0, 0, 120, 60);
    g.addColorStop(0, '#5b5bf6');
    g.addColorStop(1, '#fadb14');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 120, 60);
    ctx.fillStyle = '#ff4d4f';
    ctx.fillRect(10, 10, 30, 30);
    return c.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(b64, 'base64');
}

/** 在线修图 with a picture picked: the editor and its size line show. */
async function openPhotoEditor(page: Page): Promise<void> {
  await page.goto('/draw/onlineHandlerImage');
  await expect(page.getByTestId('photo-dropzone')).toBeVisible();
  await page.getByTestId('photo-file-input').setInputFiles({ name: '测试图.png', mimeType: 'image/png', buffer: await samplePng(page) });
  await expect(page.getByTestId('photo-size')).toHaveText('120 × 60 像素');
}

test.describe('desktop', () => {
  test('function grids: groups, search, every tool built (none greyed), view switch', async ({ page }) => {
    await page.goto('/function/all');
    await expect(page.getByRole('heading', { name: '全部功能', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: /AI生成/ })).toBeVisible();
    // Every route is built (issue 15 built the last ones): no card is greyed as 即将上线.
    await expect(page.getByTestId('tool-card').first()).toBeVisible();
    await expect(page.locator('[data-pending="1"]')).toHaveCount(0);
    await shot(page, 'function-all-desktop');

    const search = page.getByPlaceholder('搜索功能，例如：写作、翻译、PPT');
    await search.fill('起名');
    await expect(page.getByTestId('tool-card')).toHaveCount(1);
    await expect(page.getByTestId('tool-card')).toContainText('AI起名');
    await search.fill('没有这种功能');
    await expect(page.getByText('没有找到相关功能')).toBeVisible();
    await search.fill('');

    await page.getByTestId('function-views').getByText('图像工具').click();
    await expect(page).toHaveURL(/\/function\/image$/);
    await expect(page.getByRole('heading', { name: /AI绘画/ })).toBeVisible();
    // The draw family is built: its cards are links to the tools.
    await expect(page.getByRole('link', { name: /文生图/ }).first()).toHaveAttribute('href', '/draw/text2image');
  });

  test('AI apps: gallery -> detail with examples -> the tool', async ({ page }) => {
    await page.goto('/AIApply');
    await expect(page.getByRole('tab', { name: 'AI写作' })).toBeVisible();
    await shot(page, 'apply-desktop');
    await page.getByRole('tab', { name: 'AI写作' }).click();
    await page.getByRole('link', { name: /公文写作/ }).click();
    await expect(page).toHaveURL(/\/AIApplyDetail\?id=AiWriterOffcial$/);
    await expect(page.getByTestId('apply-detail')).toBeVisible();
    await expect(page.getByTestId('apply-examples')).toBeVisible();
    await shot(page, 'apply-detail-desktop');
    await page.getByTestId('apply-start').click();
    await expect(page).toHaveURL(/\/AiWriter\/AiWriterOffcial$/);

    // A link may preselect the app's form (the sidebar's 工作总结 does so for AI文档): shown here, handed to the tool.
    await page.goto(`/AIApplyDetail?id=aiDocument&docType=${encodeURIComponent('工作计划')}&docType=x&junk=1`);
    await expect(page.getByTestId('apply-prefill')).toHaveText('已预选：工作计划');
    await page.getByTestId('apply-start').click();
    await expect(page).toHaveURL(/\/aiGenerate\/aiDocument\?docType=%E5%B7%A5%E4%BD%9C%E8%AE%A1%E5%88%92$/);
    await expect(page.locator('[data-field="docType"]')).toContainText('工作计划');

    await page.goto('/AIApplyDetail?id=nothing');
    await expect(page.getByTestId('apply-missing')).toBeVisible();
  });

  test('DeepSeek family: models start a chat, model detail shows today\'s count', async ({ page }) => {
    await signedIn(page);
    await page.goto('/deepseek');
    const models = page.getByTestId('deepseek-models');
    await expect(models.getByTestId('model-card').first()).toBeVisible();
    await expect(models).toContainText('DeepSeek');
    await expect(page.getByTestId('deepseek-tools').getByTestId('tool-card').first()).toBeVisible();
    await shot(page, 'deepseek-desktop');

    await page.goto('/modelDetail?key=deepseek-r1');
    await expect(page.getByTestId('model-detail')).toBeVisible();
    await expect(page.getByTestId('model-today')).toHaveText(/\d|不限|不计次/);
    await shot(page, 'model-detail-desktop');
    await page.getByTestId('model-start-chat').click();
    await expect(page).toHaveURL(/\/msg\?type=/);
  });

  test('board, support test, stage, product, office and custom-model pages', async ({ page }) => {
    await signedIn(page);
    await page.goto('/board');
    await expect(page.getByTestId('board-points')).toContainText('积分余额');
    await expect(page.getByTestId('usage-row').first()).toBeVisible();
    // The shared account has run no tool: the recent-runs section says so in Chinese.
    await expect(page.getByTestId('recent-runs-empty')).toContainText('还没有使用过工具');
    await shot(page, 'board-desktop');

    await page.goto('/test');
    await expect(page.getByTestId('support-report')).toContainText('【网络】');
    await expect(page.getByTestId('check-network').getByTestId('check-row').first()).toHaveAttribute('data-level', 'ok');
    await expect(page.getByTestId('check-account')).toContainText('已登录');
    await shot(page, 'test-desktop');

    await page.goto('/stage');
    await page.getByRole('tab', { name: '学习' }).click();
    await expect(page).toHaveURL(/\/stage\?s=study$/);
    await expect(page.getByRole('tabpanel')).toContainText('学术搜索');
    await shot(page, 'stage-desktop');

    await page.goto('/productPage');
    await expect(page.getByTestId('product-family').first()).toBeVisible();
    await shot(page, 'product-desktop');

    await page.goto('/moxing/office');
    await expect(page.getByTestId('office-tools').getByTestId('tool-card').first()).toBeVisible();
    await shot(page, 'office-desktop');

    await page.goto('/console/model/describe');
    await expect(page.getByTestId('model-slot-meter')).toBeVisible();
    await shot(page, 'describe-desktop');

    // An order of this account, not paid yet (the mock provider): the page waits for the payment.
    const order = await page.request.post('/api/v1/vip/createShopsOrder', { data: { shop_id: 1 }, headers: { token: String(session!.token), 'app-name': 'wanxiang' } });
    const created = (await order.json()) as { code: number; data: { query_order: string } };
    expect(created.code).toBe(200);
    await page.goto(`/result?order=${created.data.query_order}`);
    await expect(page.getByTestId('result-order-pending')).toBeVisible();
    await shot(page, 'result-order-desktop');
    await page.goto('/result?order=NOSUCHORDER');
    await expect(page.getByTestId('result-order-missing')).toBeVisible();
  });

  test('在线修图: pick a PNG, crop 1:1, rotate, text, download a PNG', async ({ page }) => {
    await openPhotoEditor(page);
    // The crop tab opens first, with the cropper loaded on demand; 1:1 covers 90% of the height.
    await expect(page.getByTestId('photo-crop-stage').locator('cropper-selection')).toBeVisible();
    await page.getByRole('radio', { name: '1:1' }).click();
    await shot(page, 'photo-editor-crop-desktop');
    await page.getByTestId('photo-crop-apply').click();
    await expect(page.getByTestId('photo-size')).toHaveText(/^5[3-5] × 5[3-5] 像素$/);
    await page.getByTestId('photo-undo').click();
    await expect(page.getByTestId('photo-size')).toHaveText('120 × 60 像素');

    await page.getByTestId('photo-tabs').getByText('旋转').click();
    await page.getByTestId('photo-rotate-right').click();
    await expect(page.getByTestId('photo-size')).toHaveText('60 × 120 像素');
    await page.getByTestId('photo-undo').click();
    await expect(page.getByTestId('photo-size')).toHaveText('120 × 60 像素');
    await page.getByTestId('photo-redo').click();
    await expect(page.getByTestId('photo-size')).toHaveText('60 × 120 像素');
    await page.getByTestId('photo-tabs').getByText('文字').click();
    await page.getByTestId('photo-text-input').fill('你好，万象');
    await expect(page.getByTestId('photo-text-overlay')).toHaveText('你好，万象');
    await shot(page, 'photo-editor-text-desktop');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('photo-download').click()]);
    expect(download.suggestedFilename()).toBe('测试图-修图.png');
    const bytes = await readFile((await download.path())!);
    // A PNG whose header (IHDR) says 60 wide and 120 high: the rotation is in the file.
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([60, 120]);
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the view pages fit a phone', async ({ page }) => {
    await signedIn(page);
    await page.goto('/function/all');
    await expect(page.getByTestId('function-section').first()).toBeVisible();
    await shot(page, 'function-all-phone');

    await page.goto('/AIApplyDetail?id=aiNaming');
    await expect(page.getByTestId('apply-detail')).toBeVisible();
    await shot(page, 'apply-detail-phone');

    await page.goto('/deepseek');
    await expect(page.getByTestId('deepseek-models').getByTestId('model-card').first()).toBeVisible();
    await shot(page, 'deepseek-phone');

    await page.goto('/test');
    await expect(page.getByTestId('support-report')).toContainText('【账号】');
    await shot(page, 'test-phone');

    await page.goto('/board');
    await expect(page.getByTestId('usage-row').first()).toBeVisible();
    await shot(page, 'board-phone');

    // Nothing on these pages is wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('在线修图 fits a phone', async ({ page }) => {
    await openPhotoEditor(page);
    await expect(page.getByTestId('photo-crop-stage').locator('cropper-selection')).toBeVisible();
    await shot(page, 'photo-editor-crop-phone');
    await page.getByTestId('photo-tabs').getByText('调整').click();
    await expect(page.getByTestId('photo-adjust-panel')).toBeVisible();
    await shot(page, 'photo-editor-adjust-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
