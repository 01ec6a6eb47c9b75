import { expect, test } from '@playwright/test';
import { loginByApi as login, screenshot } from './helpers';

/**
 * Membership centre and payment (docs/product/membership-and-payment.md §2, §4, §7) against the real server with the mock
 * provider: /console/vip lists the items and the tier comparison; 立即开通 opens the QR dialog;
 * the mock pay page opened in a second tab pays through the signed notify route; the first tab
 * shows 支付成功 from its 3 s poll and the user now shows the membership. Card activation answers
 * in Chinese; the mobile layout is captured.
 */

/** Phone code login through the API; the session is handed to the page like a real login stores it. */

test('vip page: items, comparison table, QR, mock payment, 支付成功 and the membership shown', async ({ page, request, context }) => {
  await login(page, request);
  await page.goto('/console/vip');
  await expect(page.getByTestId('vip-page')).toBeVisible();
  await expect(page.getByTestId('vip-status')).toContainText('普通用户');
  await expect(page.getByTestId('shop-item-1')).toContainText('月度会员');
  await expect(page.getByTestId('shop-item-1')).toContainText('29.90');
  await expect(page.getByTestId('shop-item-1')).toContainText('¥49.90');
  await expect(page.getByTestId('tier-table')).toContainText('永久会员');
  await expect(page.getByTestId('tier-table')).toContainText('时长');
  await screenshot(page, 'vip-desktop');

  await page.getByTestId('shop-item-1').click();
  await page.getByTestId('vip-buy').click();
  await expect(page.getByTestId('pay-qr')).toBeVisible();
  await expect(page.getByTestId('pay-amount')).toContainText('29.90');
  await screenshot(page, 'vip-pay-qr-desktop');

  const href = await page.getByTestId('pay-mock-link').getAttribute('href');
  expect(href).toContain('/api/v1/pay/mock/page?query_order=');
  const payPage = await context.newPage();
  await payPage.goto(href!);
  await expect(payPage.getByText('¥29.90')).toBeVisible();
  await screenshot(payPage, 'vip-mock-pay-page');
  await payPage.getByRole('button', { name: '确认支付' }).click();
  await expect(payPage.getByRole('heading', { name: '支付成功' })).toBeVisible();
  await payPage.close();

  await expect(page.getByTestId('pay-success')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('pay-success')).toContainText('支付成功');
  await screenshot(page, 'vip-paid-desktop');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('vip-status')).toContainText('月卡');
  await expect(page.getByTestId('vip-status')).toContainText('到期');
});

test('card activation: an unknown card is answered in Chinese', async ({ page, request }) => {
  await login(page, request);
  await page.goto('/console/vip');
  await page.getByTestId('card-input').fill('NOSUCHCARD000000');
  await page.getByTestId('card-submit').click();
  await expect(page.getByText('卡密不存在，请检查后重试')).toBeVisible();
});

test('vip page on a phone: cards in two columns, QR dialog fits', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, request);
  await page.goto('/console/vip?shop_id=12');
  await expect(page.getByTestId('shop-item-12')).toHaveAttribute('aria-checked', 'true');
  await screenshot(page, 'vip-mobile');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.getByTestId('vip-buy').click();
  await expect(page.getByTestId('pay-qr')).toBeVisible();
  await screenshot(page, 'vip-pay-qr-mobile');
});
