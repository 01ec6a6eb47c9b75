import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenshot, specAccount } from './helpers';

/**
 * 视频字幕 against the real server in demo mode (no speech service: the demo transcript of the
 * real speech regions, marked 演示), on a desktop and a 390-px phone:
 *  - desktop: a small video made here (ffmpeg test picture + two espeak-ng sentences) uploaded,
 *    recognised into two lines, the first line edited, burned in, the result played.
 *  - phone: the subtitle page with its steps and upload box, then the same video recognised and a line
 *    edited in rows that fit the screen.
 */

const account = specAccount('147');
let video: Buffer;

test.beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 've-e2e-'));
  try {
    execFileSync('espeak-ng', ['-v', 'cmn', '-w', join(dir, 'a.wav'), '大家好，这是第一句话。']);
    execFileSync('espeak-ng', ['-v', 'cmn', '-w', join(dir, 'b.wav'), '这是第二句话。']);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', join(dir, 'a.wav'), '-f', 'lavfi', '-t', '1.5', '-i', 'anullsrc=r=22050:cl=mono', '-i', join(dir, 'b.wav'), '-filter_complex', '[0][1][2]concat=n=3:v=0:a=1', join(dir, 's.wav')]);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-i', join(dir, 's.wav'), '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', join(dir, 'v.mp4')]);
    video = readFileSync(join(dir, 'v.mp4'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The made video uploaded and recognised: the editor with its two (demo) lines. */
async function uploadAndRecognise(page: Page): Promise<Locator> {
  await page.getByTestId('file-field-video').locator('input[type=file]').setInputFiles({ name: '演讲.mp4', mimeType: 'video/mp4', buffer: video });
  const recognise = page.getByTestId('subtitle-recognize');
  await expect(recognise).toBeEnabled({ timeout: 20_000 });
  await recognise.click();
  const editor = page.getByTestId('subtitle-editor');
  await expect(editor).toBeVisible({ timeout: 45_000 });
  await expect(editor.getByTestId('subtitle-row')).toHaveCount(2);
  return editor;
}

test.describe('视频字幕 (desktop)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('upload, recognise (demo lines), edit a line, burn in, play the result', async ({ page }) => {
    test.setTimeout(90_000);
    await account.signIn(page);
    await page.goto('/video/subtitle');
    await expect(page.getByRole('heading', { name: '视频字幕' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('功能开发中')).toHaveCount(0);
    const editor = await uploadAndRecognise(page);
    await expect(editor.getByText(/【演示】/)).toBeVisible();
    await expect(page.getByLabel('字幕文字 1')).toHaveValue(/^（演示字幕）第 1 句/);
    await page.getByLabel('字幕文字 1').fill('大家好，这是第一句话。');
    // A bad time is flagged on its row and blocks the export until it is fixed.
    const end2 = page.getByLabel('结束 2');
    const endValue = await end2.inputValue();
    await end2.fill('00:00:00,100');
    await expect(editor.getByText('第 2 条的结束时间需晚于开始时间')).toBeVisible();
    await end2.fill(endValue);
    await expect(editor.getByText('第 2 条的结束时间需晚于开始时间')).toHaveCount(0);
    await screenshot(page, 'video-subtitle-editor-desktop');
    await page.getByTestId('subtitle-export').click();
    const result = page.getByTestId('subtitle-result');
    await expect(result).toBeVisible({ timeout: 60_000 });
    await expect(result.getByText('已把 2 条字幕压制进画面')).toBeVisible();
    const player = result.getByTestId('subtitle-video');
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    expect(await player.evaluate((v: HTMLVideoElement) => Math.round(v.duration))).toBeGreaterThanOrEqual(3);
    await player.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      v.currentTime = 0.6;
      await v.play();
    });
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.7);
    await player.evaluate((v: HTMLVideoElement) => v.pause());
    await expect(result.getByRole('button', { name: /下载字幕/ })).toBeVisible();
    await result.scrollIntoViewIfNeeded();
    await screenshot(page, 'video-subtitle-result-desktop');
  });
});

test.describe('视频字幕 (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the subtitle page on a phone: steps, upload, recognise, the editor rows fit the screen', async ({ page }) => {
    test.setTimeout(90_000);
    await account.signIn(page);
    await page.goto('/video/subtitle');
    await expect(page.getByRole('heading', { name: '视频字幕' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('上传并识别')).toBeVisible();
    await expect(page.getByTestId('file-field-video')).toBeVisible();
    await expect(page.getByTestId('subtitle-recognize')).toBeDisabled();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await screenshot(page, 'video-subtitle-phone');

    const editor = await uploadAndRecognise(page);
    // Each row's times and text stay inside the 390-px screen (no sideways scrolling to edit a line).
    await page.getByLabel('字幕文字 2').fill('这是第二句话。');
    const rowBox = await editor.getByTestId('subtitle-row').first().boundingBox();
    expect(rowBox!.x + rowBox!.width).toBeLessThanOrEqual(391);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    await expect(page.getByTestId('subtitle-export')).toBeEnabled();
    await editor.scrollIntoViewIfNeeded();
    await screenshot(page, 'video-subtitle-editor-phone');
  });
});
