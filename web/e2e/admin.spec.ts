import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiSession, DEV_SMS_CODE, screenshot, signInWith, type ApiSession } from './helpers';
import { E2E_ADMIN_PHONE } from './server-env';

/**
 * The operator's console (/admin) against the real server: a visitor is asked to log in and an ordinary account sees
 * 无权限; the admin (E2E_ADMIN_PHONE, listed in ADMIN_PHONES) sees the dashboard with its charts, finds a user by phone,
 * grants points with the reason, the user sees the grant in their points bill, and the audit log shows it with its
 * before/after; the users page and a user's detail at a tablet's 1024x768. One admin and one user for the file.
 */

let admin: ApiSession;
let user: ApiSession;
let userPhone: string;

test.beforeAll(async ({ playwright }, info) => {
  const api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  const res = await api.post('/api/v1/user/phoneLogin', { data: { phone: E2E_ADMIN_PHONE, code: DEV_SMS_CODE } });
  const body = (await res.json()) as { code: number; data: ApiSession };
  expect(body.code).toBe(200);
  admin = body.data;
  user = await apiSession(api, '198');
  userPhone = String(user.phone);
  await api.dispose();
});

/** A page of its own browser context with the given session stored, opened at `path`. */
async function pageAs(browser: Browser, session: ApiSession | null, path: string, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  if (session) await signInWith(page, session);
  await page.goto(path);
  return page;
}

/** The users page, searched by the user's phone, then the user's detail. */
async function openUser(page: Page): Promise<void> {
  await page.getByRole('menuitem', { name: '用户' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByPlaceholder('手机号、昵称或用户 ID').fill(userPhone);
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(page).toHaveURL(new RegExp(`keyword=${userPhone}`));
  const row = page.getByTestId('admin-users').getByRole('row').filter({ hasText: userPhone });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '查看' }).click();
  await expect(page.getByTestId('admin-user-detail')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^用户详情/ })).toBeVisible();
}

test('visitor and non-admin are kept out; the admin grants points, the user sees them, the audit log shows them', async ({ browser }) => {
  // A visitor gets the login dialog over the console's login notice.
  const visitor = await pageAs(browser, null, '/admin');
  await expect(visitor.getByTestId('admin-login-required')).toBeVisible();
  await expect(visitor.getByRole('dialog')).toBeVisible();
  await visitor.context().close();

  // An ordinary account: 无权限 (the server said 403).
  const userPage = await pageAs(browser, user, '/');
  await userPage.getByTestId('user-avatar').click();
  await expect(userPage.getByTestId('account-popover')).toBeVisible();
  await expect(userPage.getByTestId('account-popover').getByRole('link', { name: '管理后台' })).toHaveCount(0);
  await userPage.goto('/admin');
  await expect(userPage.getByTestId('admin-forbidden')).toBeVisible();
  await expect(userPage.getByText('无权限', { exact: true })).toBeVisible();
  await screenshot(userPage, 'admin-forbidden');

  // The admin: the site's avatar menu offers 管理后台, which opens the dashboard with today's cards and drawn charts.
  const page = await pageAs(browser, admin, '/');
  await page.getByTestId('user-avatar').click();
  await page.getByTestId('account-popover').getByRole('link', { name: '管理后台' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('admin-dashboard')).toBeVisible();
  await expect(page.getByTestId('admin-me')).toBeVisible();
  await expect(page.getByTestId('stat-usersTotal')).toContainText('用户总数');
  await expect(page.getByTestId('stat-newUsers')).toContainText('今日新增用户');
  await expect(page.getByTestId('admin-chart')).toHaveCount(5);
  for (const chart of await page.getByTestId('admin-chart').all()) await expect(chart).toHaveAttribute('data-chart-state', 'ready');
  await expect(page).toHaveTitle('仪表盘 - 万象 AI 管理后台');
  await screenshot(page, 'admin-dashboard');
  await page.getByText('近 7 日', { exact: true }).click();
  await expect(page.getByTestId('stat-chats')).toContainText('近 7 日日均');
  await page.getByTestId('rank-models').scrollIntoViewIfNeeded();
  await screenshot(page, 'admin-dashboard-ranks');

  // Find the user and grant points with a reason.
  await openUser(page);
  await page.getByRole('button', { name: '调整积分' }).click();
  const form = page.getByRole('dialog', { name: '调整积分' });
  await form.getByLabel('数量').fill('88');
  await form.getByLabel('原因').fill('活动奖励E2E');
  await expect(form.getByText(/积分变化：\d+ → \d+/)).toBeVisible();
  await screenshot(page, 'admin-points-form');
  await form.getByRole('button', { name: '确定' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确认为' });
  await expect(confirm).toContainText('增加 88 积分');
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('积分已调整')).toBeVisible();
  await expect(form).toBeHidden();
  await page.getByRole('tab', { name: '积分明细' }).click();
  const ledgerRow = page.getByTestId('admin-user-detail').getByRole('row').filter({ hasText: '活动奖励E2E' });
  await expect(ledgerRow).toContainText('+88');
  await screenshot(page, 'admin-user-detail');

  // The user sees the grant in their own points bill.
  await userPage.goto('/console/pointslog');
  const billRow = userPage.getByTestId('points-log').getByRole('row').filter({ hasText: '活动奖励E2E' });
  await expect(billRow).toContainText('+88');
  await screenshot(userPage, 'admin-user-bill');
  await userPage.context().close();

  // The audit log: the grant, by this admin, on this user, with its before/after.
  await page.getByRole('menuitem', { name: '审计日志' }).click();
  await page.getByLabel('操作对象').fill(`user:${String(user.id)}`);
  await page.getByRole('button', { name: '筛选' }).click();
  const auditRow = page.getByRole('row').filter({ hasText: '调整积分' }).first();
  await expect(auditRow).toContainText(`user:${String(user.id)}`);
  await expect(auditRow).toContainText('活动奖励E2E');
  // A click on the row (not on its links) opens the change.
  await auditRow.getByRole('cell').filter({ hasText: '活动奖励E2E' }).click();
  const diff = page.getByTestId('audit-diff');
  await expect(diff.getByRole('row').filter({ hasText: '变动' })).toContainText('88');
  await expect(diff.getByRole('row').filter({ hasText: '原因' })).toContainText('活动奖励E2E');
  await screenshot(page, 'admin-audit');
  await page.context().close();
});

test('tablet 1024x768: the users page and a user detail fit', async ({ browser }) => {
  const page = await pageAs(browser, admin, '/admin', { width: 1024, height: 768 });
  await expect(page.getByTestId('admin-dashboard')).toBeVisible();
  await screenshot(page, 'admin-dashboard-tablet');
  await openUser(page);
  await expect(page.getByRole('button', { name: '调整积分' })).toBeVisible();
  // Nothing wider than the screen: the page itself never scrolls sideways (tables scroll inside themselves).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  await screenshot(page, 'admin-user-detail-tablet');
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/admin/users\\?keyword=${userPhone}$`));
  await expect(page.getByTestId('admin-users').getByRole('row').filter({ hasText: userPhone })).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  // ...and the users table fits too (registration time is left out below 1200 px).
  const table = page.getByTestId('admin-users').locator('.ant-table-content');
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await screenshot(page, 'admin-users-tablet');
  await page.context().close();
});

test('vendors: Kling asks for its access and secret keys, shows only their tails, tests in Chinese and goes back to the environment', async ({ browser }) => {
  const page = await pageAs(browser, admin, '/admin/vendors');
  const row = page.getByRole('row').filter({ hasText: '可灵 Kling' });
  await expect(row).toContainText('未配置');
  await row.getByRole('button', { name: '编辑' }).click();
  const dialog = page.getByRole('dialog', { name: /编辑服务商：可灵 Kling/ });
  // A loopback port nobody listens on: the test call fails at once, in Chinese.
  await dialog.getByLabel('接口地址（Base URL）').fill('http://127.0.0.1:9');
  await dialog.getByLabel('Access Key').fill('ak-e2e-access-1234');
  await dialog.getByLabel('Secret Key').fill('sk-e2e-secret-5678');
  await screenshot(page, 'admin-vendor-kling-edit');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('控制台');
  await expect(row).toContainText('••••1234');
  await expect(row).toContainText('••••5678');
  await expect(page.locator('body')).not.toContainText('ak-e2e-access-1234');

  await row.getByRole('button', { name: '测试' }).click();
  const answer = page.getByRole('dialog').filter({ hasText: '连接失败' });
  await expect(answer).toContainText('无法连接到服务商');
  await screenshot(page, 'admin-vendor-kling-test');
  await answer.getByRole('button').last().click();

  await row.getByRole('button', { name: '恢复默认' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '恢复默认' }).click();
  await expect(row).toContainText('未配置');
  await page.context().close();
});
