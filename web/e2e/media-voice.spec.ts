import { expect, test, type Page } from '@playwright/test';
import { screenshot, specAccount } from './helpers';

/**
 * AI语音 against the real server in demo mode (espeak-ng), on a desktop and a 390-px phone:
 *  - desktop: /AiVioce/speechSynthesis, a text spoken with a picked demo voice: the result plays
 *    (an MP3 marked 演示, with the AI note) and downloads.
 *  - desktop: /AiVioce/clonepage, a sample recorded from Chromium's fake microphone (11 s), the
 *    consent ticked, the clone made; it then appears in the TTS voice picker and on 我的声音.
 *  - phone: /AiVioce/ttsPage looks right (no sideways scroll, the picker and the record field fit).
 */

const account = specAccount('138');

async function openTool(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('task-tool-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('功能开发中')).toHaveCount(0);
  await expect(page.getByText('即将上线')).toHaveCount(0);
}

test.describe('AI语音 (desktop)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('语音合成: a picked voice speaks the text; the MP3 plays and downloads', async ({ page }) => {
    test.setTimeout(60_000);
    await account.signIn(page);
    await openTool(page, '/AiVioce/speechSynthesis');
    const picker = page.getByTestId('voice-picker-voice');
    await expect(picker).toContainText('演示男声');
    await picker.click();
    await page.locator('.ant-select-item-option').filter({ hasText: '演示女声' }).click();
    await expect(picker).toContainText('演示女声');
    await page.locator('#tool-field-text').fill('欢迎使用万象AI语音合成。这是一段演示语音。');
    const run = page.waitForResponse((r) => r.url().endsWith('/api/v1/tools/voice-tts/run'));
    await page.getByTestId('tool-submit').click();
    const sent = await run;
    expect(sent.ok()).toBe(true);
    expect(sent.request().postDataJSON().inputs).toMatchObject({ voice: 'demo-female', format: 'mp3', spokenNote: true });
    const card = page.getByTestId('task-list').locator('audio').first();
    await expect(card).toHaveAttribute('src', /^blob:/, { timeout: 45_000 });
    await expect(page.getByText('【演示】已合成').first()).toBeVisible();
    await expect(page.getByText('人工智能生成').first()).toBeVisible();
    const duration = await card.evaluate(
      (el: HTMLAudioElement) =>
        new Promise<number>((resolve) => {
          if (el.readyState >= 1) resolve(el.duration);
          else el.addEventListener('loadedmetadata', () => resolve(el.duration), { once: true });
        }),
    );
    expect(duration).toBeGreaterThan(2);
    await screenshot(page, 'voice-tts-result-desktop');
    const download = page.waitForEvent('download');
    await page.getByTestId('task-download').first().click();
    expect((await download).suggestedFilename()).toMatch(/^演示-.*\.mp3$/);
  });

  test('声音克隆: recorded from the microphone, then in the voice picker and on 我的声音', async ({ page }) => {
    test.setTimeout(90_000);
    await account.signIn(page);
    await openTool(page, '/AiVioce/clonepage');
    await page.locator('#tool-field-name').fill('我的麦克风');
    await page.getByTestId('record-start').click();
    await expect(page.getByText(/录音中 \d+\/60 秒/)).toBeVisible({ timeout: 10_000 });
    await screenshot(page, 'voice-clone-recording-desktop');
    await expect(page.getByText('录音中 11/60 秒')).toBeVisible({ timeout: 20_000 });
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/v1/files/upload'));
    await page.getByTestId('record-stop').click();
    expect((await uploaded).ok()).toBe(true);
    await expect(page.getByTestId('record-preview')).toBeVisible();
    await expect(page.getByText('已上传').first()).toBeVisible();
    // Without the consent line ticked the form refuses.
    await page.getByTestId('tool-submit').click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await page.getByTestId('consent-consent').check();
    const run = page.waitForResponse((r) => r.url().endsWith('/api/v1/tools/voice-clone/run'));
    await page.getByTestId('tool-submit').click();
    expect((await run).ok()).toBe(true);
    await expect(page.getByTestId('task-list').locator('audio').first()).toHaveAttribute('src', /^blob:/, { timeout: 60_000 });
    await expect(page.getByText(/音色「我的麦克风」已创建/)).toBeVisible();
    await screenshot(page, 'voice-clone-result-desktop');

    await openTool(page, '/AiVioce/ttsPage');
    await page.getByTestId('voice-picker-voice').click();
    await expect(page.locator('.ant-select-item-group').filter({ hasText: '我的声音' })).toBeVisible();
    await expect(page.locator('.ant-select-item-option').filter({ hasText: '我的麦克风' })).toBeVisible();
    await screenshot(page, 'voice-picker-clone-desktop');
    await page.keyboard.press('Escape');

    await page.goto('/AiVioce/mysound');
    await expect(page.getByTestId('clone-item').filter({ hasText: '我的麦克风' })).toBeVisible({ timeout: 30_000 });
    await screenshot(page, 'voice-mysound-desktop');
    await page.goto('/AiVioce/mygen');
    await expect(page.getByTestId('voice-work').first()).toBeVisible({ timeout: 30_000 });
    await screenshot(page, 'voice-mygen-desktop');
  });
});

test.describe('AI语音 (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('文字转语音 and 声音克隆 fit a phone', async ({ page }) => {
    test.setTimeout(60_000);
    await account.signIn(page);
    await openTool(page, '/AiVioce/ttsPage');
    await expect(page.getByTestId('voice-picker-voice')).toBeVisible();
    await expect(page.getByTestId('tool-submit')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'voice-tts-phone');
    await openTool(page, '/AiVioce/clonepage');
    await expect(page.getByTestId('record-start')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'voice-clone-phone');
  });
});
