import { expect, test, type Page } from '@playwright/test';
import { loginWithDevCode, screenshot, uniquePhone } from './helpers';

/**
 * Attachments against the real server (documents parsed there) and the demo upstream, which
 * acknowledges what it received: the file's name and opening words, or the image's type and size.
 */

const chatInput = (page: Page) => page.getByTestId('chat-composer').getByRole('textbox');
const lastReply = (page: Page) => page.locator('[data-role="assistant"]').last();

/** A whole 2x3 PNG (the server decodes it; the demo upstream reads its size from the IHDR chunk). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAIAAAA2iEnWAAAAEklEQVR4nGP4z8DA0PCfAYUCAExWB3sFhcHoAAAAAElFTkSuQmCC',
  'base64',
);
const NOTES = '项目周报：本周完成了登录模块的重构，下周计划上线文件理解功能。';

async function openTool(page: Page, label: string) {
  await page.getByTestId('tool-understand').click();
  await page.getByRole('menuitem', { name: label }).click();
}

test.describe('attachments', () => {
  // Several uploads, a streamed reply and a login each: slow on a busy 2-core machine.
  test.describe.configure({ timeout: 120_000 });

  test('desktop: a document is parsed on the server and the reply shows the model read it; mixing is refused', async ({ page }) => {
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());

    await openTool(page, '文档理解');
    const dialog = page.getByTestId('attach-dialog-doc');
    await expect(dialog).toBeVisible();
    await dialog.locator('input[type=file]').setInputFiles([
      { name: '周报.txt', mimeType: 'text/plain', buffer: Buffer.from(NOTES) },
      { name: '空白.txt', mimeType: 'text/plain', buffer: Buffer.from('   ') },
    ]);
    const chips = page.getByTestId('attachment-chip');
    await expect(chips.filter({ hasText: '周报.txt' }).first()).toHaveAttribute('data-status', 'complete');
    await expect(chips.filter({ hasText: '空白.txt' }).first()).toContainText('未识别到文件内容');
    await screenshot(page, 'attach-doc-dialog');

    // A wrong type is refused with the accepted list; legacy .xls is not on it (no maintained reader).
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: '旧表格.xls', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from([0xd0, 0xcf, 0x11, 0xe0]) });
    await expect(page.getByText('文件格式仅支持(pdf,txt,csv,docx,xlsx,pptx,ppt,mobi,doc,epub)')).toBeVisible();
    await page.getByTestId('attach-done').click();

    // Image mode does not mix with file mode.
    await openTool(page, '图片理解');
    await page
      .getByTestId('attach-dialog-image')
      .locator('input[type=file]')
      .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('暂不支持图片和文档一起上传')).toBeVisible();
    await page.getByTestId('attach-dialog-image').press('Escape');
    await expect(page.getByTestId('attach-dialog-image')).toBeHidden();

    // Remove the failed chip, then ask about the document.
    await chips.filter({ hasText: '空白.txt' }).getByRole('button').click();
    await expect(chips).toHaveCount(1);
    await chatInput(page).fill('周报里下周的计划是什么？');
    await screenshot(page, 'attach-doc-ready');
    await chatInput(page).press('Enter');
    await expect(lastReply(page)).toContainText('已阅读文件「周报.txt」', { timeout: 20_000 });
    await expect(lastReply(page)).toContainText('下周计划上线文件理解功能');
    // The attachment belonged to that question only.
    await expect(chips).toHaveCount(0);
    await expect(lastReply(page)).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
    await screenshot(page, 'attach-doc-reply');
  });

  test('desktop: the image dialog asks about one image with a vision model', async ({ page }) => {
    await page.goto('/chat?type=image');
    await loginWithDevCode(page, uniquePhone());
    await openTool(page, '图片理解');
    const dialog = page.getByTestId('attach-dialog-image');
    // The question is required, and an image first.
    await page.getByTestId('attach-ask').click();
    await expect(page.getByText('尚未识别到图片')).toBeVisible();
    await dialog.locator('input[type=file]').setInputFiles({ name: '截图.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByTestId('attachment-chip')).toHaveAttribute('data-status', 'complete');
    await page.getByTestId('attach-ask').click();
    await expect(page.getByText('请输入图片问题')).toBeVisible();
    // A second image is refused.
    await dialog.locator('input[type=file]').setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('最多只能上传1个图片')).toBeVisible();
    await page.getByTestId('attach-question').fill('这张图片里有什么？');
    await screenshot(page, 'attach-image-dialog');
    await page.getByTestId('attach-ask').click();
    await expect(lastReply(page)).toContainText('收到一张图片（image/png', { timeout: 20_000 });
    await expect(lastReply(page)).toContainText('2×3 像素');
    await screenshot(page, 'attach-image-reply');
  });

  test('desktop: files pasted into the input become attachments; an image and a document together are refused', async ({ page }) => {
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());
    const paste = (files: { name: string; type: string; text: string }[]) =>
      chatInput(page).evaluate((el, list) => {
        const data = new DataTransfer();
        for (const f of list) data.items.add(new File([f.text], f.name, { type: f.type }));
        el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, files);
    await paste([
      { name: 'a.png', type: 'image/png', text: 'x' },
      { name: 'b.txt', type: 'text/plain', text: '文字' },
    ]);
    await expect(page.getByText('暂不支持图片和文档一起上传')).toBeVisible();
    await paste([{ name: '粘贴的笔记.txt', type: 'text/plain', text: '粘贴进来的文件内容' }]);
    await expect(page.getByTestId('attachment-chip')).toHaveAttribute('data-status', 'complete');
    await expect(page.getByTestId('attachment-chip')).toContainText('粘贴的笔记.txt');
  });

  test('mobile: the plus panel opens the document picker; chips sit above the pill input', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());
    await page.goto('/chat?type=v35&bottomType=doc');
    const dialog = page.getByTestId('attach-dialog-doc');
    await expect(dialog).toBeVisible();
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: '笔记.csv', mimeType: 'text/csv', buffer: Buffer.from('城市,气温\n上海,21') });
    await expect(page.getByTestId('attachment-chip').first()).toHaveAttribute('data-status', 'complete');
    await screenshot(page, 'attach-mobile-dialog');
    await page.getByTestId('attach-done').click();
    await expect(page.getByTestId('chat-composer').getByTestId('attachment-chip')).toBeVisible();
    await chatInput(page).fill('上海气温多少？');
    await screenshot(page, 'attach-mobile-chips');
    await chatInput(page).press('Enter');
    await expect(lastReply(page)).toContainText('已阅读文件「笔记.csv」', { timeout: 20_000 });
  });
});
