import { expect, test, type Page } from '@playwright/test';
import { loginWithDevCode, screenshot, uniquePhone } from './helpers';

/**
 * The import dialog against the real server: web pages through the SSRF-safe fetch and the
 * readable-text extractor, audio through the speech-to-text adapter (none configured here).
 */

const chatInput = (page: Page) => page.getByTestId('chat-composer').getByRole('textbox');
const lastReply = (page: Page) => page.locator('[data-role="assistant"]').last();

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>万象新闻</title></head><body>
<nav>首页 | 新闻</nav><article><h1>万象发布网页理解功能</h1>
<p>Today 万象 AI 发布了网页理解功能，用户导入网页之后可以直接就网页内容提问。</p>
<p>这项功能会提取网页正文，只保留中文内容，再交给模型阅读和回答。</p></article></body></html>`;

test.describe('import dialog', () => {
  // Several uploads, a streamed reply and a login each: slow on a busy 2-core machine.
  test.describe.configure({ timeout: 120_000 });

  test('desktop: web import validates the link, refuses a loopback address, reads an .html file; the reply uses it', async ({ page }) => {
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());
    await page.getByTestId('tool-understand').click();
    await page.getByRole('menuitem', { name: '网页理解' }).click();
    const dialog = page.getByTestId('import-dialog-web');
    await expect(dialog).toBeVisible();
    const start = page.getByTestId('import-start');

    await start.click();
    await expect(page.getByTestId('import-error')).toHaveText('请输入链接');
    await page.getByTestId('import-link').fill('不是链接');
    await start.click();
    await expect(page.getByTestId('import-error')).toHaveText('请输入合法的链接');
    // The server fetches user links only through the SSRF-safe fetch: loopback is refused.
    await page.getByTestId('import-link').fill('http://10.0.0.1:9/secret');
    await start.click();
    await expect(page.getByTestId('import-error')).toHaveText('该链接地址不允许访问');
    await screenshot(page, 'import-web-refused');

    await dialog.getByRole('tab', { name: '文件导入' }).click();
    await start.click();
    await expect(page.getByTestId('import-error')).toHaveText('请先上传音频文件');
    await dialog.locator('input[type=file]').setInputFiles({ name: '新闻.html', mimeType: 'text/html', buffer: Buffer.from(PAGE) });
    await expect(page.getByTestId('import-picked')).toContainText('新闻.html');
    await screenshot(page, 'import-web-file');
    await start.click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    const chip = page.getByTestId('attachment-chip');
    await expect(chip).toContainText('新闻.html');
    await expect(chip).toHaveAttribute('data-status', 'complete');

    await chatInput(page).fill('这条新闻讲了什么？');
    await chatInput(page).press('Enter');
    await expect(lastReply(page)).toContainText('已阅读文件「新闻.html」', { timeout: 20_000 });
    await expect(lastReply(page)).toContainText('万象发布网页理解功能');
    await screenshot(page, 'import-web-reply');

    await expect(lastReply(page)).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
    // Reopened, the dialog starts clean.
    await page.getByTestId('tool-understand').click();
    await page.getByRole('menuitem', { name: '网页理解' }).click();
    await expect(page.getByTestId('import-link')).toHaveValue('');
    await expect(page.getByTestId('import-error')).toHaveCount(0);
  });

  test('desktop: video import shows the three-step tutorial', async ({ page }) => {
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());
    await page.goto('/chat?type=v35&bottomType=video');
    await expect(page.getByTestId('import-dialog-video')).toBeVisible();
    const tutorial = page.getByTestId('import-tutorial');
    await expect(tutorial.getByRole('button')).toHaveCount(3);
    await tutorial.getByRole('button').first().click();
    await expect(page.getByText('选择“复制链接”')).toBeVisible();
    await screenshot(page, 'import-video-tutorial');
  });

  test('mobile: /chat?bottomType=voice opens the voice import; with no speech-to-text configured it says so', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());
    await page.goto('/chat?type=v35&bottomType=voice');
    const dialog = page.getByTestId('import-dialog-voice');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('tab', { name: '文件导入' }).click();
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: '录音.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('ID3 not really audio') });
    await page.getByTestId('import-start').click();
    await expect(page.getByTestId('import-error')).toHaveText('未识别到音频内容：服务器尚未配置语音识别服务');
    // Loading stopped: the button reads 开始理解 again and the dialog stays open.
    await expect(page.getByTestId('import-start')).toHaveText(/开始理解|开始 理解/);
    await screenshot(page, 'import-voice-mobile');
  });
});
