import { expect, test } from '@playwright/test';
import { screenshot, specAccount } from './helpers';

/**
 * AI音乐 against the real server in demo mode (the sox demo composer), on a desktop and a 390-px phone:
 *  - desktop: /AIMusic/ai_audio, a song from a description: two takes, each with the cover,
 *    a player and timed lyrics; the first take played and a lyric line lit.
 *  - desktop: /AIMusic/aiAudioClip, a WAV uploaded, its waveform drawn, the end handle dragged
 *    (the form's seconds follow), cut to an MP3 that plays.
 *  - phone: /AIMusic/creativeCenter shows the same song (one account for the spec: the free tier
 *    has one song a day) with its cards stacked, then deleted (gone after a reload).
 */

const account = specAccount('134');

/** A 16-bit mono WAV of a rising tone, `seconds` long (written by hand: no audio library in the browser tests). */
function wavTone(seconds: number): Buffer {
  const rate = 16_000;
  const n = rate * seconds;
  const data = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * (220 + (i / n) * 440) * i) / rate) * 12_000 * (0.3 + 0.7 * Math.abs(Math.sin(i / 4000)))), i * 2);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0);
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8);
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36);
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

test.describe('AI音乐 (desktop)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('AI作曲: a song from a description, two takes with cover and timed lyrics, played', async ({ page }) => {
    test.setTimeout(90_000);
    await account.signIn(page);
    await page.goto('/AIMusic/ai_audio');
    await expect(page.getByTestId('task-tool-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('功能开发中')).toHaveCount(0);
    await page.locator('#tool-field-text').fill('一首关于夏夜海边的轻快流行歌');
    await screenshot(page, 'music-song-form-desktop');
    const run = page.waitForResponse((r) => r.url().endsWith('/api/v1/tools/music-song/run'));
    await page.getByTestId('tool-submit').click();
    expect((await run).ok()).toBe(true);
    const song = page.getByTestId('song-result').first();
    await expect(song).toBeVisible({ timeout: 60_000 });
    const takes = song.getByTestId('song-take');
    await expect(takes).toHaveCount(2);
    await expect(takes.first().getByText('第 1 版')).toBeVisible();
    await expect(takes.nth(1).getByText('第 2 版')).toBeVisible();
    await expect(takes.first().getByText('演示', { exact: true })).toBeVisible();
    await expect(takes.first().getByTestId('song-cover')).toBeVisible();
    await expect(takes.first().getByTestId('song-lyrics').locator('li')).toHaveCount(8);
    await expect(takes.first().getByTestId('song-lyrics')).toContainText('夏夜海边');
    // Play the first take: a lyric line lights once the music has passed its time.
    const audio = takes.first().getByTestId('song-audio');
    await expect(audio).toHaveAttribute('src', /^blob:/);
    await audio.evaluate((el: HTMLAudioElement) => {
      el.muted = true;
      el.currentTime = 6;
      return el.play();
    });
    await expect(takes.first().locator('li[data-active]')).toHaveCount(1, { timeout: 10_000 });
    await screenshot(page, 'music-song-result-desktop');
  });

  test('音频剪辑: the waveform, a dragged range, cut to an MP3', async ({ page }) => {
    test.setTimeout(60_000);
    await account.signIn(page);
    await page.goto('/AIMusic/aiAudioClip');
    await expect(page.getByTestId('task-tool-page')).toBeVisible({ timeout: 30_000 });
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/v1/files/upload'));
    await page.getByTestId('file-field-file').locator('input[type=file]').setInputFiles({ name: '音阶.wav', mimeType: 'audio/wav', buffer: wavTone(8) });
    expect((await uploaded).ok()).toBe(true);
    await expect(page.getByTestId('wave-canvas')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('wave-length')).toContainText('选中 8.0 秒');
    // Drag the end handle to the middle of the track: the form's end follows (about 4 s).
    const track = await page.getByTestId('wave-canvas').boundingBox();
    const handle = await page.getByTestId('wave-handle-end').boundingBox();
    await page.mouse.move(handle!.x + handle!.width / 2, handle!.y + handle!.height / 2);
    await page.mouse.down();
    await page.mouse.move(track!.x + track!.width / 2, track!.y + track!.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(page.locator('#tool-field-end')).toHaveValue(/^[34]\.\d|^4$/);
    const startBox = page.locator('input[data-testid=wave-start], [data-testid=wave-start] input').first();
    await startBox.fill('1');
    await startBox.blur();
    await expect(page.locator('#tool-field-start')).toHaveValue('1');
    await screenshot(page, 'music-clip-wave-desktop');
    const run = page.waitForResponse((r) => r.url().endsWith('/api/v1/tools/music-clip/run'));
    await page.getByTestId('tool-submit').click();
    expect((await run).ok()).toBe(true);
    const card = page.getByTestId('task-card').first();
    await expect(card).toHaveAttribute('data-state', 'succeeded', { timeout: 30_000 });
    await expect(card.locator('audio')).toHaveCount(1);
    await expect(card.getByText(/已剪辑 1\.0–[34]\.\d 秒/)).toBeVisible();
  });
});

test.describe('AI音乐 (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('创作中心: the song made on the desktop, its takes stacked, then deleted', async ({ page }) => {
    test.setTimeout(60_000);
    await account.signIn(page);
    await page.goto('/AIMusic/creativeCenter');
    await expect(page.getByTestId('task-tool-page')).toBeVisible({ timeout: 30_000 });
    const song = page.getByTestId('song-result').first();
    await expect(song).toBeVisible({ timeout: 30_000 });
    await expect(song.getByTestId('song-take')).toHaveCount(2);
    await song.scrollIntoViewIfNeeded();
    const cover = await song.getByTestId('song-cover').first().boundingBox();
    expect(cover!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'music-creative-center-phone');
    // 删除: the song goes with its takes, lyrics and cover.
    await song.getByTestId('song-delete').click();
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(page.getByTestId('song-deleted')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('task-tool-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('song-result')).toHaveCount(0);
  });
});
