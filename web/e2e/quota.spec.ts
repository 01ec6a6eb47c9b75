import { expect, test, type Page } from '@playwright/test';
import { loginByApi, screenshot } from './helpers';

/**
 * Quota, points and membership gates on the chat page (docs/product/quota-and-points.md §4, §6, §8) against the real server:
 * the tier dialog, the once-a-day countdown nudge, the membership-count popup (次数不足) and the
 * points toggle. A free user has 2 premium (chat_v40) replies a day in server/catalog/tiers.json.
 */

const chatInput = (page: Page) => page.getByTestId('chat-composer').getByRole('textbox');
const replies = (page: Page) => page.locator('[data-role="assistant"]');

async function ask(page: Page, text: string): Promise<void> {
  await expect(chatInput(page)).toBeEditable();
  await chatInput(page).fill(text);
  await chatInput(page).press('Enter');
}

async function askAndWait(page: Page, text: string): Promise<void> {
  // Sends are throttled to one per second (docs/product/quota-and-points.md §4).
  await page.waitForTimeout(1100);
  const before = await replies(page).count();
  await ask(page, text);
  await expect(replies(page)).toHaveCount(before + 1);
  await expect(replies(page).last()).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
}

const gate = (page: Page) => page.getByRole('dialog').filter({ has: page.getByTestId('gate-body') });

test.describe('quota gates, desktop', () => {
  test('tier dialog for a free user on a blocked model', async ({ page, request }) => {
    await loginByApi(page, request);
    await page.goto('/chat?type=v40');
    await ask(page, '你好');
    await expect(gate(page)).toBeVisible();
    await expect(gate(page).getByText('会员专享')).toBeVisible();
    await expect(gate(page)).toContainText('该模型至少需要开通月度体验卡会员才能使用，4.0模型消耗的资源约为3.5模型的50倍');
    // The refused question is back in the input.
    await expect(chatInput(page)).toHaveValue('你好');
    await screenshot(page, 'quota-tier');
    await gate(page).getByTestId('gate-go-vip').click();
    await expect(page).toHaveURL(/\/console\/vip/);
  });

  test('countdown nudge after the second premium reply, then the count popup; the nudge once a day', async ({ page, request }) => {
    await loginByApi(page, request);
    await page.goto('/chat?type=chat4');
    await expect(page.getByTestId('tool-points')).toHaveText(/开启积分抵扣/);

    await askAndWait(page, '第一个问题 [demo:tokens=3]');
    // used 1, remaining 1: no nudge.
    await page.waitForTimeout(800);
    await expect(gate(page)).toBeHidden();

    await askAndWait(page, '第二个问题 [demo:tokens=3]');
    // used 2, remaining 0: used - remaining >= 2 -> the countdown-membership dialog.
    await expect(gate(page)).toBeVisible();
    await expect(gate(page)).toContainText('今日次数即将用完');
    await expect(gate(page)).toContainText('今日剩余 0 次');
    await expect(page.getByTestId('vip-offer-countdown')).toHaveText(/限时优惠 (10:00|09:5\d)/);
    const cookies = await page.context().cookies();
    const nudge = cookies.find((c) => c.name === 'chat_vip_modal');
    expect(nudge?.value).toBe('1');
    // 1 day.
    expect(nudge!.expires * 1000 - Date.now()).toBeGreaterThan(86_000_000);
    expect(nudge!.expires * 1000 - Date.now()).toBeLessThanOrEqual(86_400_000);
    await screenshot(page, 'quota-nudge');
    await gate(page).getByRole('button', { name: '我知道了' }).click();
    await expect(gate(page)).toBeHidden();

    // Third: the check refuses before anything is sent; the membership-count popup opens.
    const count = await replies(page).count();
    await ask(page, '第三个问题');
    await expect(gate(page)).toBeVisible();
    await expect(gate(page).getByText('次数不足')).toBeVisible();
    await expect(gate(page)).toContainText('免费次数已经用完啦，一杯奶茶钱即可体验会员功能…');
    await expect(replies(page)).toHaveCount(count);
    await expect(chatInput(page)).toHaveValue('第三个问题');
    await screenshot(page, 'quota-count');

    // The popup offers points on this allow_points model; with no points the server says so.
    await gate(page).getByTestId('gate-use-points').click();
    await expect(page.getByTestId('tool-points')).toHaveText(/使用次数抵扣/);
    await chatInput(page).press('Enter');
    await expect(gate(page)).toBeVisible();
    await expect(gate(page).getByText('积分不足', { exact: true })).toBeVisible();
    await expect(gate(page)).toContainText('积分不足，本次对话需要 5 积分');
    await screenshot(page, 'quota-points');
    await gate(page).getByRole('button', { name: '我知道了' }).click();
    // Back to counts.
    await page.getByTestId('tool-points').click();
    await expect(page.getByTestId('tool-points')).toHaveText(/开启积分抵扣/);

    // Another account in the same browser today: two premium replies, no second nudge.
    await loginByApi(page, request);
    await page.goto('/chat?type=chat4');
    await askAndWait(page, '新账号第一个问题 [demo:tokens=2]');
    await askAndWait(page, '新账号第二个问题 [demo:tokens=2]');
    await page.waitForTimeout(1000);
    await expect(gate(page)).toBeHidden();
  });

  test('v35 sends without any quota call', async ({ page, request }) => {
    await loginByApi(page, request);
    await page.goto('/chat?type=v35');
    const quotaCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/number/')) quotaCalls.push(r.url());
    });
    await askAndWait(page, '免费模型 [demo:tokens=2]');
    await expect(page.getByTestId('tool-points')).toHaveCount(0);
    expect(quotaCalls).toEqual([]);

    // An only_points model shows its price instead of the toggle.
    await page.goto('/chat?type=claude-4-opus');
    await expect(page.getByTestId('tool-points-only')).toHaveText('该模型仅支持积分，每次对话消耗 20 积分');
    await expect(page.getByTestId('tool-points')).toHaveCount(0);
  });
});

test.describe('quota gates, mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('tier dialog and count popup fit a phone', async ({ page, request }) => {
    await loginByApi(page, request);
    await page.goto('/chat?type=qwen_max');
    await ask(page, '你好');
    await expect(gate(page)).toContainText('该模型至少需要开通月度体验卡会员才能使用');
    await screenshot(page, 'quota-tier-mobile');
    await gate(page).getByRole('button', { name: '我知道了' }).click();

    await page.goto('/chat?type=chat4');
    await askAndWait(page, '一 [demo:tokens=2]');
    await askAndWait(page, '二 [demo:tokens=2]');
    // The nudge (first time in this browser context).
    await expect(gate(page)).toContainText('今日次数即将用完');
    await screenshot(page, 'quota-nudge-mobile');
    await gate(page).getByRole('button', { name: '我知道了' }).click();
    await ask(page, '三');
    await expect(gate(page).getByText('次数不足')).toBeVisible();
    const box = await gate(page).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'quota-count-mobile');
  });
});
