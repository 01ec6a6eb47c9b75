import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { loginByApi, screenshot } from './helpers';

/**
 * The web app under the server's Content-Security-Policy (QUALITY G20; server/src/http/security-headers.ts):
 * each part that could trip it runs here while every violation the browser reports is recorded,
 * and a test passes only with none. KaTeX (lazy stylesheet and fonts), highlighted code, ECharts
 * (canvas), markmap (SVG with foreignObject, PNG export through data: and blob: URLs), a picked
 * image's preview (blob:), and the server-rendered development pages
 * (inline script with a nonce, a form posting back). And the build's files go out precompressed.
 * (The service worker under the CSP: service-worker.spec.ts, on a server with it on.)
 */

const chatInput = (page: Page) => page.getByTestId('chat-composer').getByRole('textbox');
const lastReply = (page: Page) => page.locator('[data-role="assistant"]').last();

async function send(page: Page, text: string): Promise<void> {
  await expect(chatInput(page)).toBeEditable();
  await chatInput(page).fill(text);
  await chatInput(page).press('Enter');
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAIAAAA2iEnWAAAAEklEQVR4nGP4z8DA0PCfAYUCAExWB3sFhcHoAAAAAElFTkSuQmCC',
  'base64',
);

let violations: string[] = [];

test.beforeEach(async ({ page }) => {
  violations = [];
  // Reported by the page itself (survives navigations through the binding)...
  await page.exposeFunction('__cspViolation', (v: string) => void violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation;
      void report(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  // ...and by the browser's console, which also sees violations of workers and frames.
  page.on('console', (m) => {
    if (m.text().includes('Content Security Policy')) violations.push(m.text());
  });
});

test.afterEach(() => {
  expect(violations).toEqual([]);
});

test.describe('the web app under the CSP', () => {
  test.describe.configure({ timeout: 150_000 });

  test('every page carries the policy; a reply with KaTeX and code, then an ECharts chart', async ({ page, request }) => {
    const home = await request.get('/', { headers: { accept: 'text/html' } });
    expect(home.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(home.headers()['x-content-type-options']).toBe('nosniff');
    // The build's entry script goes out as the brotli copy the build wrote beside it.
    const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(await home.text())?.[1];
    const js = await request.get(entry!, { headers: { 'accept-encoding': 'br' } });
    expect(js.headers()['content-encoding']).toBe('br');
    expect(js.headers()['content-type']).toContain('javascript');

    await loginByApi(page, request);
    await page.goto('/chat?type=v35');
    await send(page, '请用表格对比一下三种学习方法');
    await expect(lastReply(page)).toHaveAttribute('data-state', 'ok', { timeout: 40_000 });
    const katex = lastReply(page).locator('.katex').first();
    await expect(katex).toBeVisible();
    await expect(lastReply(page).locator('pre code.hljs')).toBeVisible();
    // The lazy KaTeX stylesheet applied, and its fonts loaded from our origin.
    await expect.poll(() => katex.evaluate((el) => getComputedStyle(el).fontFamily)).toContain('KaTeX_Main');
    await expect.poll(() => page.evaluate(() => document.fonts.ready.then(() => document.fonts.check('16px KaTeX_Main')))).toBe(true);
    await screenshot(page, 'csp-chat-katex');

    await page.goto('/chat?type=echarts');
    await expect(page.getByTestId('chat-model-name')).toHaveText('图表模型');
    await page.getByTestId('model-intro').getByRole('button', { name: '量子计算和传统计算有什么区别？' }).click();
    await expect(lastReply(page)).toHaveAttribute('data-state', 'ok', { timeout: 40_000 });
    const chart = lastReply(page).locator('[data-testid="echarts-chart"][data-chart-state="ready"]');
    await expect(chart.locator('canvas').first()).toBeVisible();
    await screenshot(page, 'csp-echarts');
  });

  test('markmap draws and exports a PNG; a picked image previews', async ({ page, request }) => {
    await loginByApi(page, request);
    await page.goto('/FullMindPage');
    await page.getByTestId('full-mindmap-input').fill('# 旅行计划\n## 交通\n- 高铁\n- 飞机\n## 住宿\n- 酒店\n- 民宿');
    await expect.poll(() => page.getByTestId('mindmap-svg').locator('foreignObject').count(), { timeout: 15_000 }).toBe(7);
    await page.getByTestId('mindmap-enlarge').click();
    await expect.poll(() => page.getByTestId('mindmap-big-svg').locator('foreignObject').count(), { timeout: 10_000 }).toBe(7);
    const download = page.waitForEvent('download');
    await page.getByTestId('mindmap-download-png').click();
    const bytes = readFileSync((await (await download).path())!);
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    await screenshot(page, 'csp-markmap');
    await page.keyboard.press('Escape');

    await page.goto('/chat?type=image');
    await page.getByTestId('tool-understand').click();
    await page.getByRole('menuitem', { name: '图片理解' }).click();
    const dialog = page.getByTestId('attach-dialog-image');
    await dialog.locator('input[type=file]').setInputFiles({ name: '截图.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByTestId('attachment-chip')).toHaveAttribute('data-status', 'complete');
    const blobImages = dialog.locator('img[src^="blob:"]');
    await expect.poll(() => blobImages.count()).toBeGreaterThan(0);
    await expect.poll(() => blobImages.first().evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(2);
  });

  test('the development pages: the WeChat confirm page runs its script (nonce), the mock payment form posts', async ({ page, request }) => {
    const qr = (await (await request.get('/api/v1/user/getWxQrcode')).json()) as { data: { url: string; qrcode_id: string } };
    await page.goto(qr.data.url);
    await page.getByRole('button', { name: '确认登录' }).click();
    await expect(page.locator('#result')).toHaveClass('ok');
    const status = (await (await request.get(`/api/v1/user/queryWxQrcode?qrcode_id=${qr.data.qrcode_id}`)).json()) as { data: { status: number } };
    expect(status.data.status).toBe(1);

    await loginByApi(page, request);
    await page.goto('/console/vip');
    await page.getByTestId('shop-item-1').click();
    await page.getByTestId('vip-buy').click();
    await expect(page.getByTestId('pay-qr')).toBeVisible();
    const href = await page.getByTestId('pay-mock-link').getAttribute('href');
    await page.goto(href!);
    await page.getByRole('button', { name: '确认支付' }).click();
    await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
  });
});
