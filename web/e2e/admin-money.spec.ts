import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSession, DEV_SMS_CODE, signInWith, type ApiSession } from './helpers';
import { E2E_ADMIN_PHONE } from './server-env';

/**
 * The money pages of the console (/admin/orders, /admin/cash-outs) against the real server: an inviter earns a
 * commission from the order of someone they invited (paid on the mock gateway's own page) and asks for a cash-out; the
 * admin approves it with the transfer reference, refunds the order with a reason and exports the orders as CSV,
 * then issues a card batch and voids one card. All set up through the API.
 */

let admin: ApiSession;
let inviter: ApiSession;
let orderNo: string;
let cashName: string;

/** A screenshot in this run's output folder (motion is reduced in the config, so no wait for animations). */
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

const asUser = (s: ApiSession) => ({ headers: { token: s.token } });

/** Pay a mock order as a buyer would: open the mock pay page and submit its signed form. */
async function payOnMockPage(api: APIRequestContext, orderNo: string): Promise<void> {
  const html = await (await api.get(`/api/v1/pay/mock/page?query_order=${orderNo}`)).text();
  const form: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form[m[1]!] = m[2]!.replace(/&#(\d+);/g, (_s, c: string) => String.fromCharCode(Number(c)));
  expect(Object.keys(form).length).toBeGreaterThan(0);
  expect((await api.post('/api/v1/pay/notify/mock', { form })).ok()).toBe(true);
}

test.beforeAll(async ({ playwright }, info) => {
  const api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  const login = async (data: object) => ((await (await api.post('/api/v1/user/phoneLogin', { data })).json()) as { data: ApiSession }).data;
  admin = await login({ phone: E2E_ADMIN_PHONE, code: DEV_SMS_CODE });
  inviter = await apiSession(api, '196');
  expect((await (await api.get('/api/v1/user/openInvitePermission', asUser(inviter))).json()).code).toBe(200);
  const buyerPhone = `195${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  const buyer = await login({ phone: buyerPhone, code: DEV_SMS_CODE, invite_code: inviter.invite_code });

  // 年度会员 (¥199): a 30% commission of ¥59.70 lands in the inviter's wallet.
  const created = await (await api.post('/api/v1/vip/createShopsOrder', { ...asUser(buyer), data: { shop_id: 3, pay_id: 0, num: 1 } })).json();
  orderNo = created.data.query_order;
  await payOnMockPage(api, orderNo);

  cashName = `审核${String(Date.now()).slice(-4)}`;
  const cash = await (await api.post('/api/v1/user/moneyCash', { ...asUser(inviter), data: { money: 50, casher: 'alipay@example.com', name: cashName } })).json();
  expect(cash.code).toBe(200);
  await api.dispose();
});

test('the admin approves a cash-out, refunds an order, exports orders, issues and voids cards', async ({ page }) => {
  await signInWith(page, admin);
  await page.goto('/admin/cash-outs');

  // 提现审核: the pending request, approved with the reference.
  await expect(page.getByTestId('admin-cash-outs')).toBeVisible();
  const row = page.getByTestId('admin-cash-outs').getByRole('row').filter({ hasText: cashName });
  await expect(row).toContainText('待审核');
  await expect(row).toContainText('¥50.00');
  await shot(page, 'admin-money-cash-outs');
  await row.getByRole('button', { name: '已打款' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('标记为已打款');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toContainText('请填写转账流水号');
  await dialog.getByTestId('cash-review-text').fill('ALIPAY-20261127-0001');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已标记为已打款')).toBeVisible();
  // It left the pending list; with every status shown it reads 已打款 with the reference.
  await expect(row).toHaveCount(0);
  await page.getByRole('switch').click();
  await expect(page.getByTestId('admin-cash-outs').getByRole('row').filter({ hasText: cashName })).toContainText('ALIPAY-20261127-0001');
  await expect(page.getByTestId('admin-cash-outs').getByRole('row').filter({ hasText: cashName })).toContainText('已打款');

  // 订单: found by its number, refunded with a reason after the confirmation.
  await page.getByRole('menuitem', { name: '订单' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await page.getByTestId('orders-keyword').fill(orderNo);
  await page.getByTestId('orders-search').click();
  await expect(page).toHaveURL(new RegExp(`keyword=${orderNo}`));
  const order = page.getByTestId('admin-orders').getByRole('row').filter({ hasText: orderNo });
  await expect(order).toContainText('已支付');
  await expect(order).toContainText('¥199.00');
  await shot(page, 'admin-money-orders');
  await order.getByTestId(`refund-${orderNo}`).click();
  const refund = page.getByRole('dialog');
  await expect(refund).toContainText('款项请随后在支付平台商户后台退回用户');
  await refund.getByTestId('refund-reason').fill('用户七天内申请退款，已核实');
  await shot(page, 'admin-money-refund-dialog');
  await refund.getByTestId('refund-confirm').click();
  await expect(page.getByText(/已退款：订单发放的积分和会员时长已收回/)).toBeVisible();
  await expect(order).toContainText('已退款');
  await expect(order.getByTestId(`refund-${orderNo}`)).toHaveCount(0);
  await shot(page, 'admin-money-orders-refunded');
  // 导出 CSV: the same filter, the refunded order with its reason.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('orders-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{8}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF订单号,')).toBe(true);
  expect(csv).toContain('已退款');
  expect(csv).toContain('用户七天内申请退款，已核实');

  // 会员卡: a batch of 3 issued with a note, opened, one card voided.
  await page.getByRole('menuitem', { name: '会员卡' }).click();
  await expect(page.getByTestId('admin-cards')).toBeVisible();
  await page.getByTestId('cards-issue').click();
  const issue = page.getByRole('dialog');
  await issue.getByLabel('商品').fill('1');
  await issue.getByLabel('数量').fill('3');
  await issue.getByLabel('备注').fill(`e2e 活动 ${cashName}`);
  await issue.getByRole('button', { name: '生成卡密' }).click();
  await expect(page.getByText('已生成 3 张卡密')).toBeVisible();
  const batch = page.getByTestId('admin-cards').getByRole('row').filter({ hasText: `e2e 活动 ${cashName}` });
  await expect(batch).toContainText('月度会员 #1');
  await batch.getByRole('button', { name: /展开/ }).click();
  const cards = page.getByTestId('admin-cards').locator('.ant-table-expanded-row');
  await expect(cards.getByText('未使用')).toHaveCount(3);
  await cards.getByRole('button', { name: '作废' }).first().click();
  await page.getByRole('tooltip').getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('卡密已作废')).toBeVisible();
  await expect(cards.getByText('已作废')).toHaveCount(1);
  await expect(batch).toContainText('月度会员 #1');
  await shot(page, 'admin-money-cards');
});
