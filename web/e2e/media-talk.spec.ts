import { expect, test } from '@playwright/test';
import { screenshot, specAccount } from './helpers';

/**
 * 语音对话 against the real server in demo mode (no speech-to-text service: the transcript is the
 * 演示 placeholder; the demo model answers; espeak-ng speaks), with Chromium's fake microphone:
 *  - desktop: /AiVioce/voicetalk, tap to record, tap to send: the words shown, the answer streamed
 *    and played on the page's <audio>; /AiVioce/voicethree starts listening.
 *  - phone: /AiVioce/voicetalk fits a 390-px screen.
 */

const account = specAccount('147');

test.describe('语音对话 (desktop)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('voicetalk: a recorded turn is transcribed, answered and spoken', async ({ page }) => {
    test.setTimeout(60_000);
    await account.signIn(page);
    await page.goto('/AiVioce/voicetalk');
    await expect(page.getByRole('heading', { name: '语音对话' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('即将上线')).toHaveCount(0);
    await expect(page.getByTestId('talk-model')).not.toHaveText('切换模型', { timeout: 15_000 });
    const mic = page.getByTestId('talk-mic');
    await mic.click();
    await expect(mic).toHaveAttribute('data-recording', '1');
    await expect(page.getByTestId('talk-hint')).toContainText('录音中 1 秒', { timeout: 5000 });
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/v1/voice/talk/transcribe'));
    await mic.click();
    expect((await sent).ok()).toBe(true);
    const user = page.getByTestId('talk-user-turn').first();
    await expect(user).toContainText('演示');
    await expect(user).toContainText('未配置语音识别服务');
    const answer = page.getByTestId('talk-ai-turn').first();
    await expect(answer).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    expect((await answer.innerText()).trim().length).toBeGreaterThan(3);
    const audio = page.getByTestId('talk-audio');
    await expect(audio).toHaveAttribute('src', /^blob:/, { timeout: 20_000 });
    await expect.poll(async () => Number(await audio.getAttribute('data-played')), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect(page.getByTestId('talk-ai-note')).toContainText('人工智能生成');
    await screenshot(page, 'media-talk-voicetalk-desktop');
    await page.getByTestId('talk-clear').click();
    await expect(page.getByTestId('talk-user-turn')).toHaveCount(0);
  });

  test('voicethree: hands-free mode starts listening', async ({ page }) => {
    await account.signIn(page);
    await page.goto('/AiVioce/voicethree');
    const state = page.getByTestId('talk-state');
    await expect(state).toHaveAttribute('data-state', 'idle', { timeout: 30_000 });
    await page.getByTestId('talk-handsfree').click();
    await expect(state).toHaveAttribute('data-state', 'listening');
    await expect(state).toHaveText('聆听中');
    await screenshot(page, 'media-talk-voicethree-desktop');
    await page.getByTestId('talk-handsfree').click();
    await expect(state).toHaveAttribute('data-state', 'idle');
  });
});

test.describe('语音对话 (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('voicetalk fits a phone', async ({ page }) => {
    await account.signIn(page);
    await page.goto('/AiVioce/voicetalk');
    await expect(page.getByTestId('talk-mic')).toBeVisible({ timeout: 30_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await screenshot(page, 'media-talk-voicetalk-phone');
  });
});
