import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DEV_SMS_CODE, screenshot } from './helpers';

/**
 * The design tools (/aiDesign; server/src/tools/tasks/design-tool.ts) against the real server in
 * demo mode: from the AI设计 hub to AI Logo (transparent PNG), then a 红包封面; each result is a
 * real PNG of the tool's size, downloaded through the owner-only files route; screenshots on a
 * desktop and on a 390-px phone.
 */
test('AI设计: a transparent logo from the hub and a 红包封面, desktop and phone', async ({ page, playwright }, info) => {
  test.setTimeout(150_000);
  const api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  const phone = `135${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  const login = (await (await api.post('/api/v1/user/phoneLogin', { data: { phone, code: DEV_SMS_CODE } })).json()) as { data: { token: string } };
  await api.dispose();
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.goto('/');
  await page.evaluate((session) => {
    localStorage.removeItem('chat_storage');
    localStorage.setItem('user_storage', JSON.stringify({ state: { token: session.token, user: session }, version: 0 }));
  }, login.data);

  /** Submit the form on the page, wait for the task to succeed, answer its card and its pictures' bytes. */
  async function runTool(toolId: string, pictures: number) {
    const submitted = page.waitForResponse((r) => r.url().endsWith(`/api/v1/tools/${toolId}/run`));
    await page.getByTestId('tool-submit').click();
    const taskId = ((await (await submitted).json()) as { data: { task_id: string } }).data.task_id;
    const card = page.locator(`[data-testid="task-card"][data-task="${taskId}"]`);
    await expect(card).toHaveAttribute('data-state', 'succeeded', { timeout: 60_000 });
    const images = card.getByTestId('task-result-image');
    await expect(images).toHaveCount(pictures);
    for (let i = 0; i < pictures; i++) await expect(images.nth(i).locator('img')).toBeVisible({ timeout: 20_000 });
    const task = (await (await page.request.get(`/api/v1/tasks/${taskId}`, { headers: { token: login.data.token } })).json()) as { data: { result: { files: { id: string }[] } } };
    const bytes = await Promise.all(task.data.result.files.map(async (f) => (await page.request.get(`/api/v1/files/${f.id}`, { headers: { token: login.data.token } })).body()));
    await card.scrollIntoViewIfNeeded();
    return { card, bytes };
  }

  // The hub lists the design tools; its card opens AI Logo.
  await page.goto('/aiDesign/index');
  await expect(page.getByRole('heading', { name: 'AI设计', level: 1 })).toBeVisible({ timeout: 30_000 });
  const tools = page.getByTestId('design-tools');
  for (const title of ['AI图标', 'AI Logo', 'AI封面', '红包封面', 'AI签名']) await expect(tools.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await screenshot(page, 'design-hub-desktop');
  await tools.getByRole('link', { name: /AI Logo/ }).click();
  await expect(page).toHaveURL(/\/aiDesign\/ailogo$/);
  await expect(page.getByTestId('task-tool-page')).toBeVisible({ timeout: 30_000 });

  await page.getByLabel('品牌名').fill('万象咖啡');
  await page.getByLabel('标语').fill('每一杯都认真');
  await page.getByLabel('图形描述').fill('咖啡豆与山峰');
  await page.getByLabel('生成张数').fill('1');
  const logo = await runTool('ailogo', 1);
  const logoMeta = await sharp(logo.bytes[0]!).metadata();
  expect(logoMeta).toMatchObject({ format: 'png', width: 1600, height: 560, hasAlpha: true });
  // Transparent around the design (the top-left corner), the AIGC label in the file.
  expect((await sharp(logo.bytes[0]!).extract({ left: 0, top: 0, width: 1, height: 1 }).ensureAlpha().raw().toBuffer())[3]).toBe(0);
  expect(logoMeta.xmp?.toString()).toContain('AIGC');
  await screenshot(page, 'design-logo-desktop');

  await page.goto('/aiDesign/airedcover');
  await expect(page.getByTestId('task-tool-page')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('祝福语').fill('新年快乐');
  await page.getByLabel('落款').fill('万象团队 敬贺');
  await page.getByLabel('生成张数').fill('1');
  const red = await runTool('airedcover', 1);
  expect(await sharp(red.bytes[0]!).metadata()).toMatchObject({ format: 'png', width: 957, height: 1278 });
  await screenshot(page, 'design-redcover-desktop');

  // The same pages on a phone: the result cards fit the narrow screen.
  // Crossing the phone breakpoint swaps the chrome, not the page (layouts/AppShell.tsx): the form keeps
  // what was typed and the done card stays.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('task-tool-page')).toHaveClass(/mobile/, { timeout: 30_000 });
  await expect(page.getByLabel('祝福语')).toHaveValue('新年快乐');
  await expect(red.card).toHaveAttribute('data-state', 'succeeded');
  await red.card.scrollIntoViewIfNeeded();
  const box = (await red.card.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(390);
  await screenshot(page, 'design-redcover-phone');
  await page.goto('/aiDesign/index');
  await expect(page.getByTestId('design-tools')).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'design-hub-phone');
  await page.goto('/aiDesign/classRoom');
  await expect(page.getByTestId('design-lesson')).toHaveCount(5);
  await expect(page.getByRole('cell', { name: '1242 × 1660' })).toBeVisible();
  await screenshot(page, 'design-classroom-phone');
});
