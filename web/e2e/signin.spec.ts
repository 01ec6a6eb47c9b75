import { expect, test, type Page } from '@playwright/test';
import { DEV_SMS_CODE, screenshot } from './helpers';

/**
 * Daily sign-in, the usage dashboard and the points bill against the real server (docs/product/signin.md §2,
 * 4, 7): open sign-in from the avatar popover, sign, see the success dialog with the reward and
 * 今日已签到 disabled (still after reopening); the data board lists today's counts; /console/pointslog
 * lists the sign-in credit. Desktop and a 390x844 phone.
 */

let seq = 0;
const freshPhone = () => `135${String((Date.now() + seq++ * 7919) % 100_000_000).padStart(8, '0')}`;

async function loginByApi(page: Page): Promise<void> {
  await page.goto('/');
  const res = await page.request.post('/api/v1/user/phoneLogin', { data: { phone: freshPhone(), code: DEV_SMS_CODE, app_channel: 'web' } });
  const body = await res.json();
  expect(body.code).toBe(200);
  await page.evaluate(
    (info) => localStorage.setItem('user_storage', JSON.stringify({ state: { token: info.token, user: info }, version: 0 })),
    body.data,
  );
  await page.goto('/');
  await expect(page.getByTestId('user-avatar')).toBeVisible();
}

async function fromPopover(page: Page, item: '每日签到' | '数据看板'): Promise<void> {
  await page.getByTestId('user-avatar').click();
  const popover = page.getByTestId('account-popover');
  await expect(popover).toBeVisible();
  await popover.getByRole('button', { name: item }).click();
  await expect(popover).toBeHidden();
  // Let the dialog's zoom-in animation end before clicking inside it.
  await page.waitForTimeout(400);
}

const signinDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByTestId('signin-dialog') });

async function signAndCheck(page: Page, shot: string): Promise<void> {
  await fromPopover(page, '每日签到');
  const dialog = signinDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('每日签到')).toBeVisible();
  await expect(dialog.locator('[data-testid^="signin-day-"]')).toHaveCount(7);
  await expect(dialog.getByTestId('signin-day-1')).toHaveAttribute('data-state', 'today');
  await expect(dialog.getByTestId('signin-day-7')).toContainText('AI视频×10');
  await expect(dialog.getByTestId('signin-streak')).toHaveText('本周已连续签到 0 天');
  const button = dialog.getByTestId('signin-button');
  await expect(button).toHaveText(/^签\s?到$/);
  await expect(button).toBeEnabled();
  await screenshot(page, `${shot}-before`);

  // Rules dialog.
  await dialog.getByRole('button', { name: '规则' }).click();
  const rules = page.getByRole('dialog').filter({ hasText: '签到规则' });
  await expect(rules).toBeVisible();
  await expect(rules.getByText('每周一00:00')).toBeVisible();
  await rules.getByRole('button', { name: '关闭' }).click();
  await expect(rules).toBeHidden();

  await button.click();
  const success = page.getByTestId('signin-success');
  await expect(success).toBeVisible();
  await expect(success).toContainText('签到成功');
  await expect(success).toContainText('10积分');
  // The header's points badge follows the credit (desktop header).
  if ((page.viewportSize()?.width ?? 0) > 800) await expect(page.getByTestId('points-badge')).toContainText('10');
  await screenshot(page, `${shot}-success`);
  await page.getByRole('button', { name: '我知道了' }).click();
  await expect(success).toBeHidden();
  await expect(button).toHaveText('今日已签到');
  await expect(button).toBeDisabled();
  await expect(dialog.getByTestId('signin-day-1')).toContainText('已签');
  await expect(dialog.getByTestId('signin-streak')).toHaveText('本周已连续签到 1 天');
  await screenshot(page, `${shot}-done`);

  // Close and reopen: still signed.
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(page.getByTestId('signin-dialog')).toBeHidden();
  await fromPopover(page, '每日签到');
  await expect(signinDialog(page).getByTestId('signin-button')).toHaveText('今日已签到');
  await expect(signinDialog(page).getByTestId('signin-button')).toBeDisabled();
  await signinDialog(page).getByRole('button', { name: '关闭' }).click();
  await expect(page.getByTestId('signin-dialog')).toBeHidden();
}

async function usageAndBill(page: Page, shot: string): Promise<void> {
  await fromPopover(page, '数据看板');
  const usage = page.getByRole('dialog').filter({ has: page.getByTestId('usage-list') });
  await expect(usage).toBeVisible();
  await expect(usage.getByText('今日使用数据')).toBeVisible();
  await expect.poll(() => usage.getByTestId('usage-row').count()).toBeGreaterThanOrEqual(8);
  await expect(usage.getByTestId('usage-row').filter({ hasText: '普通对话' })).toContainText('20次');
  // A free user has no daily AI video counts: 无.
  await expect(usage.getByTestId('usage-row').filter({ hasText: 'AI视频' }).first()).toContainText('无');
  await screenshot(page, `${shot}-usage`);
  await usage.getByRole('button', { name: '关闭' }).click();
  await expect(usage).toBeHidden();

  await page.goto('/console/pointslog');
  const log = page.getByTestId('points-log');
  // The page is a lazy chunk (antd Table): give a loaded machine time to fetch it.
  await expect(log).toBeVisible({ timeout: 20_000 });
  await expect(log.getByTestId('points-balance')).toHaveText('10');
  const row = log.getByTestId('points-row').first();
  await expect(row).toContainText('每日签到');
  await expect(row).toContainText('+10');
  await expect(log.getByRole('button', { name: '购买积分' })).toBeVisible();
  await screenshot(page, `${shot}-pointslog`);
  // Expense filter: nothing spent yet.
  await log.getByText('支出', { exact: true }).click();
  await expect(log.getByText('暂无积分记录').first()).toBeVisible();
  await log.getByText('收入', { exact: true }).click();
  await expect(log.getByTestId('points-row').first()).toContainText('每日签到');
  await log.getByRole('button', { name: '购买积分' }).click();
  await expect(page).toHaveURL(/\/console\/vip/);
}

test('desktop: sign in from the avatar popover, usage dashboard, points bill', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  await loginByApi(page);
  await signAndCheck(page, 'signin-desktop');
  await usageAndBill(page, 'signin-desktop');
});

test('mobile: the same on a 390x844 phone, the bill as cards', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginByApi(page);
  await signAndCheck(page, 'signin-mobile');
  await usageAndBill(page, 'signin-mobile');
  await page.goto('/console/pointslog');
  await expect(page.getByTestId('points-cards')).toBeVisible();
});
