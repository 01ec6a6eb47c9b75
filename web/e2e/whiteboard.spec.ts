import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { loginByApi, screenshot } from './helpers';

/**
 * AI白板 (/whiteboard) against the real server and its demo upstream: the board opens (Excalidraw,
 * Chinese UI, fonts from our own origin), one sentence becomes a diagram on the board, the board
 * autosaves, and after a reload the same board comes back with its shapes. Desktop and a 390-px phone.
 */
const SENTENCE = '用户注册，填写手机号，接收验证码，登录成功';

/** Pixels of the static canvas that are not the white background: shapes drawn on the board. */
function inkPixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('canvas.excalidraw__canvas.static');
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return -1;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200) ink++;
    return ink;
  });
}

/** The saved board as the server has it (the page's own session). */
async function savedBoard(page: Page, id: string): Promise<{ title: string; scene: { elements: { type: string; text?: string }[] } | null }> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('user_storage') ?? '{}') as { state?: { token?: string } }).state?.token ?? '');
  const res = await page.request.get(`/api/v1/whiteboards/${id}`, { headers: { token } });
  return ((await res.json()) as { data: { title: string; scene: { elements: { type: string; text?: string }[] } | null } }).data;
}

async function generateAndReload(page: Page, shot: string): Promise<void> {
  const outside: string[] = [];
  const fonts: number[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('http://127.0.0.1') && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) outside.push(r.url());
  });
  page.on('response', (r) => {
    if (r.url().includes('/assets/excalidraw-') && r.url().includes('/fonts/')) fonts.push(r.status());
  });

  await page.goto('/whiteboard');
  await expect(page.getByTestId('whiteboard-page')).toBeVisible();
  // The board chosen is named in the address, so a reload comes back to it.
  await expect(page).toHaveURL(/\/whiteboard\?board=\d+/);
  const boardId = new URL(page.url()).searchParams.get('board')!;
  await expect(page.locator('.excalidraw')).toBeVisible({ timeout: 30_000 });
  // Chinese UI of the library (its toolbar titles).
  await expect(page.locator('.excalidraw [title^="选择"]').first()).toBeAttached();
  expect(await inkPixels(page)).toBeLessThan(50);

  await page.getByRole('textbox', { name: '用一句话生成图表' }).fill(SENTENCE);
  await page.getByRole('button', { name: '用一句话生成图表' }).click();
  await expect(page.getByText(/已在白板上添加 \d+ 个图形/)).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => inkPixels(page), { timeout: 10_000 }).toBeGreaterThan(2_000);

  // Autosave: the server gets the shapes with the sentence's words.
  await expect(page.getByTestId('whiteboard-save-status')).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });
  await expect
    .poll(async () => (await savedBoard(page, boardId)).scene?.elements.filter((e) => e.type === 'text').map((e) => e.text) ?? [], { timeout: 15_000 })
    .toEqual(expect.arrayContaining(['填写手机号', '接收验证码', '登录成功']));
  await screenshot(page, `${shot}-generated`);

  await page.reload();
  await expect(page).toHaveURL(new RegExp(`board=${boardId}`));
  await expect(page.locator('.excalidraw')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => inkPixels(page), { timeout: 15_000 }).toBeGreaterThan(2_000);
  await screenshot(page, `${shot}-reloaded`);

  // No CDN: every font came from our origin, and nothing else left it either.
  expect(fonts.length).toBeGreaterThan(0);
  expect(fonts.filter((s) => s !== 200 && s !== 304)).toEqual([]);
  expect(outside).toEqual([]);
}

test.describe('AI whiteboard', () => {
  test('desktop: a sentence becomes a diagram on the board, saved and back after a reload', async ({ page, request }) => {
    test.setTimeout(120_000);
    // A visitor is asked to sign in: boards belong to an account.
    await page.goto('/whiteboard');
    await expect(page.getByRole('button', { name: '登录 / 注册' })).toBeVisible();
    await loginByApi(page, request);
    await generateAndReload(page, 'whiteboard-desktop');

    // A mind map of a topic lands beside the diagram, and the board exports through the library.
    const before = await inkPixels(page);
    await page.getByRole('textbox', { name: '用一句话生成图表' }).fill('时间管理');
    await page.getByRole('button', { name: '生成思维导图' }).click();
    await expect(page.getByText(/已在白板上添加 \d+ 个图形/).last()).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => inkPixels(page), { timeout: 10_000 }).not.toBe(before);
    await screenshot(page, 'whiteboard-desktop-mindmap');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出' }).click();
    await page.getByRole('menuitem', { name: '导出 PNG' }).click();
    expect((await download).suggestedFilename()).toBe('我的白板.png');
    const svgDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出' }).click();
    await page.getByRole('menuitem', { name: '导出 SVG' }).click();
    const svg = await svgDownload;
    expect(svg.suggestedFilename()).toBe('我的白板.svg');
    const text = readFileSync((await svg.path())!, 'utf8');
    expect(text.startsWith('<svg')).toBe(true);
    expect(text).toContain('时间管理');
  });

  test('phone (390 px): the same flow fits the small screen', async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginByApi(page, request);
    await generateAndReload(page, 'whiteboard-phone');
    // The prompt bar stays within the screen.
    const box = await page.getByRole('button', { name: '生成思维导图' }).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });
});
