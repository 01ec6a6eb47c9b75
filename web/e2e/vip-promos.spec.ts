import { expect as baseExpect, test, type Page } from '@playwright/test';
import { loginByApi, loginWithDevCode, screenshot, uniquePhone } from './helpers';
import { e2ePromosFile, quietPromos, writePromos } from './promos-file';

/**
 * Money promos (docs/product/promos.md §2, §4) against the real server: the VIP countdown promo about 15 s after a
 * login, the recommended-VIP table 2 s after the promo closes, and the out-of-quota offer (QR and
 * the 10-minute countdown) in the chat page's count popup. A free user has 2 premium (chat_v40)
 * replies a day in server/catalog/tiers.json.
 */

// The shared 2-core machine is slow under load: generous limits, no fixed sleeps.
test.describe.configure({ timeout: 180_000 });

// The suite's promos file is quiet (e2e/promos-file.ts): this spec turns on the VIP countdown only,
// so the notice and model promos stay away, and puts the quiet file back after.
test.beforeAll(() => {
  const p = quietPromos();
  p.show = { ...p.show, vip_countdown: true };
  writePromos(e2ePromosFile(), p);
});
test.afterAll(() => writePromos(e2ePromosFile(), quietPromos()));
const expect = baseExpect.configure({ timeout: 30_000 });

const chatInput = (page: Page) => page.getByTestId('chat-composer').getByRole('textbox');
const replies = (page: Page) => page.locator('[data-role="assistant"]');
const gate = (page: Page) => page.getByRole('dialog').filter({ has: page.getByTestId('gate-body') });

async function askAndWait(page: Page, text: string): Promise<void> {
  await page.waitForTimeout(1100);
  const before = await replies(page).count();
  await expect(chatInput(page)).toBeEditable();
  await chatInput(page).fill(text);
  await chatInput(page).press('Enter');
  await expect(replies(page)).toHaveCount(before + 1);
  await expect(replies(page).last()).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
}

/** Spend the two premium replies; the count popup opens on the third question. */
async function exhaustPremium(page: Page): Promise<void> {
  await page.goto('/chat?type=chat4');
  await askAndWait(page, '第一个问题 [demo:tokens=2]');
  await askAndWait(page, '第二个问题 [demo:tokens=2]');
  // The once-a-day countdown nudge after the second reply.
  await expect(gate(page)).toBeVisible();
  await gate(page).getByRole('button', { name: '我知道了' }).click();
  await expect(gate(page)).toBeHidden();
  await chatInput(page).fill('第三个问题');
  await chatInput(page).press('Enter');
  await expect(gate(page).getByText('次数不足')).toBeVisible();
}

test.describe('money promos, desktop', () => {
  test('the VIP countdown promo opens about 15 s after login; closing it brings the recommended-VIP table', async ({ page }) => {
    // The page's clock runs normally; fast-forwarding it shows the 15 s delay without waiting for it.
    await page.clock.install();
    await page.goto('/');
    await loginWithDevCode(page, uniquePhone());
    const promo = page.getByRole('dialog').filter({ has: page.getByTestId('vip-promo') });
    // Not at once after the login: the promo waits 15 s.
    await expect(promo).toBeHidden();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('vip_modal_time'))).toBeNull();
    await page.clock.fastForward('00:16');
    await expect(promo).toBeVisible();
    await expect(promo).toContainText('会员限时特惠');
    await expect(promo.getByTestId('vip-promo-countdown')).toHaveText(/^\d{1,2}:\d{2}(:\d{2})?$/);
    await expect(promo.locator('script')).toHaveCount(0);
    expect(await page.evaluate(() => Number(localStorage.getItem('vip_modal_time')))).toBeGreaterThan(0);
    await screenshot(page, 'vip-promo');

    await promo.getByRole('button', { name: '关闭' }).click();
    const rec = page.getByRole('dialog').filter({ has: page.getByTestId('recommend-vip') });
    await expect(rec).toBeVisible();
    await expect(rec).toContainText('年度会员');
    await expect(rec).toContainText('¥199');
    await expect(rec.locator('.ant-table-row')).toHaveCount(3);
    await screenshot(page, 'recommend-vip');
    await rec.getByTestId('recommend-vip-confirm').click();
    await expect(page).toHaveURL(/\/console\/vip$/);
  });

  test('the promo button goes to /console/vip?shop_id=', async ({ page }) => {
    await page.goto('/');
    await loginWithDevCode(page, uniquePhone());
    const promo = page.getByRole('dialog').filter({ has: page.getByTestId('vip-promo') });
    await expect(promo).toBeVisible({ timeout: 40_000 });
    await promo.getByTestId('vip-promo-buy').click();
    await expect(page).toHaveURL(/\/console\/vip\?shop_id=\d+$/);
  });

  test('out of counts: the popup shows the offer with a QR and the 10-minute countdown', async ({ page, request }) => {
    await loginByApi(page, request);
    await exhaustPremium(page);
    const offer = gate(page).getByTestId('quota-offer');
    await expect(offer).toBeVisible();
    await expect(gate(page)).toContainText('免费次数已经用完啦，一杯奶茶钱即可体验会员功能…');
    await expect(offer.getByTestId('quota-offer-qr')).toBeVisible();
    await expect(offer.getByTestId('quota-offer-countdown')).toHaveText(/^(10:00|09:[45]\d)$/);
    await expect(offer).toContainText('¥29.9');
    await screenshot(page, 'quota-offer');
  });
});

test.describe('money promos, mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('out-of-quota offer on the phone', async ({ page, request }) => {
    await loginByApi(page, request);
    await exhaustPremium(page);
    await expect(gate(page).getByTestId('quota-offer-qr')).toBeVisible();
    await screenshot(page, 'quota-offer-mobile');
  });
});
