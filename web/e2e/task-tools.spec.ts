import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { MSG } from '@wanxiang/contract';
import { loginByApi, screenshot } from './helpers';

/**
 * The generic task-tool page (web/src/tools/TaskToolPage.tsx) with 图片特效 (aiImgEffect) against
 * the real server, its task engine and file store: upload an image (byte progress), submit, see
 * the task's progress and stages, the result image (enlarge, download); a failing demo task
 * (refunded) and its retry; the list comes back after a reload (closing the tab loses nothing).
 */

const PNG = readFileSync(resolve(import.meta.dirname, '../public/icons/icon-512.png'));

/** Every state and stage a task card shows, recorded as the page changes (the demo task is quick). */
async function recordTaskStates(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __taskSeen: string[] }).__taskSeen = seen;
    const note = () => {
      document.querySelectorAll('[data-testid="task-card"]').forEach((card) => {
        const stage = card.querySelector('[data-testid="task-stage"]')?.textContent ?? '';
        const entry = `${card.getAttribute('data-state')}|${stage}`;
        if (seen[seen.length - 1] !== entry) seen.push(entry);
      });
    };
    new MutationObserver(note).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

async function upload(page: Page, name: string): Promise<void> {
  await page.getByTestId('file-field-image').locator('input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
  // Stored: 已上传 replaces the progress bar.
  await expect(page.getByTestId('file-field-image').getByText(MSG.toolFormUploaded)).toBeVisible({ timeout: 20_000 });
}

test.describe('task tools', () => {
  test('图片特效: upload, the result image, enlarge and download; a failed task retried', async ({ page, request }) => {
    test.setTimeout(180_000);
    await recordTaskStates(page);
    await loginByApi(page, request);
    await page.goto('/aiGenerate/aiImgEffect');
    await expect(page.getByTestId('task-tool-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: '图片特效' })).toBeVisible();
    await expect(page.getByText(MSG.taskPageListEmpty)).toBeVisible();
    await screenshot(page, 'task-tool-empty-desktop');

    // Submitting without an image names the field.
    await page.getByTestId('tool-submit').click();
    await expect(page.getByRole('alert').filter({ hasText: MSG.toolInputRequired('原图') })).toBeVisible();

    await upload(page, '风景.png');
    await page.locator('[data-field="effect"] .ant-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '像素风' }).click();
    await expect(page.locator('[data-field="effect"] .ant-select')).toContainText('像素风');
    const submitted = page.waitForResponse((r) => r.url().endsWith('/api/v1/tools/aiImgEffect/run') && r.request().method() === 'POST');
    await page.getByTestId('tool-submit').click();
    expect((await submitted).ok()).toBe(true);
    const card = page.getByTestId('task-card').first();
    await expect(card).toHaveAttribute('data-state', 'succeeded', { timeout: 60_000 });
    // The demo painter may end before the page first reads the task (a loaded machine is slow to look):
    // then the card shows only the end, and no events are opened. The states on the way and their
    // stage texts are checked where they can be held: task-watch.test.ts (events, then polling) and
    // TaskCard.test.tsx (a live card's progress and stage).
    const seen = await page.evaluate(() => (window as unknown as { __taskSeen: string[] }).__taskSeen);
    expect(seen[seen.length - 1]).toMatch(/^succeeded/);

    const image = card.getByTestId('task-result-image').first();
    await expect(image.locator('img')).toBeVisible({ timeout: 20_000 });
    await expect(card.getByText(MSG.taskPageAiNote)).toBeVisible();
    await screenshot(page, 'task-tool-result-desktop');

    await image.locator('img').click();
    const enlarged = page.getByTestId('task-enlarged');
    await expect(enlarged.locator('img')).toBeVisible({ timeout: 20_000 });
    await screenshot(page, 'task-tool-enlarged-desktop');
    const wait = page.waitForEvent('download');
    await page.getByRole('dialog').getByTestId('task-download').click();
    const file = await wait;
    const bytes = readFileSync((await file.path())!);
    expect(bytes.length).toBeGreaterThan(1000);
    expect(file.suggestedFilename()).toMatch(/\.(png|jpe?g|webp)$/);
    await page.keyboard.press('Escape');

    // A demo fault fails the task (its count is given back); retry queues a new one.
    await upload(page, '坏图[demo:error=500].png');
    await page.getByTestId('tool-submit').click();
    const failed = page.locator('[data-testid="task-card"][data-state="failed"]').first();
    await expect(failed).toBeVisible({ timeout: 60_000 });
    await expect(failed.getByText(MSG.imgEffectDemoFailure)).toBeVisible();
    await expect(page.getByTestId('task-card')).toHaveCount(2);
    await failed.getByTestId('task-retry').click();
    await expect(page.getByTestId('task-card')).toHaveCount(3);
    await expect(page.getByTestId('task-card').first()).toHaveAttribute('data-state', 'failed', { timeout: 60_000 });

    // Closing the tab loses nothing: the list comes back from the server.
    await page.reload();
    await expect(page.getByTestId('task-card')).toHaveCount(3, { timeout: 30_000 });
    await expect(page.locator('[data-testid="task-card"][data-state="succeeded"] [data-testid="task-result-image"] img')).toBeVisible({ timeout: 20_000 });
  });

  test('phone: the form above the list, upload and result', async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginByApi(page, request);
    await page.goto('/aiGenerate/aiImgEffect');
    await expect(page.getByTestId('task-tool-page')).toBeVisible({ timeout: 30_000 });
    await screenshot(page, 'task-tool-empty-mobile');
    await upload(page, 'photo.png');
    await screenshot(page, 'task-tool-uploaded-mobile');
    await page.getByTestId('tool-submit').click();
    const card = page.getByTestId('task-card').first();
    await expect(card).toHaveAttribute('data-state', 'succeeded', { timeout: 60_000 });
    await expect(card.getByTestId('task-result-image').locator('img')).toBeVisible({ timeout: 20_000 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'task-tool-result-mobile');
  });
});
