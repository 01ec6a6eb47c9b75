import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEV_SMS_CODE, loginWithDevCode, screenshot } from './helpers';

/**
 * Invitations (docs/product/invite.md §1, §6, §7) against the real server: the invite page (code, link copy, QR, open
 * permission), an invitee arriving with ?invite_code= and logging in shows up in the inviter's
 * list, and the cash-out form's checks.
 */

// The shared 2-core machine is slow under load: generous limits, no fixed sleeps.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

let seq = 0;
const freshPhone = () => `136${String((Date.now() + seq++ * 7919) % 100_000_000).padStart(8, '0')}`;

interface LoggedIn {
  token: string;
  invite_code: string;
}

async function loginByApi(page: Page, request: APIRequestContext): Promise<LoggedIn> {
  const res = await request.post('/api/v1/user/phoneLogin', { data: { phone: freshPhone(), code: DEV_SMS_CODE } });
  const body = (await res.json()) as { code: number; data: LoggedIn };
  expect(body.code).toBe(200);
  await page.goto('/');
  await page.evaluate(
    (user) => localStorage.setItem('user_storage', JSON.stringify({ state: { token: user.token, user }, version: 0 })),
    body.data,
  );
  return body.data;
}

test.describe('invitations, desktop', () => {
  test('open permission, copy the link, an invitee arriving with ?invite_code= is listed', async ({ page, request, browser, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const inviter = await loginByApi(page, request);
    await page.goto('/console/invite');
    await expect(page.getByTestId('invite-code')).toHaveText(inviter.invite_code);
    await expect(page.getByTestId('invite-link')).toHaveValue(new RegExp(`/login/${inviter.invite_code}$`));
    await expect(page.getByTestId('invite-qr')).toBeVisible();

    await page.getByTestId('invite-open').click();
    await expect(page.getByText('邀请权限已开通').first()).toBeVisible();
    await expect(page.getByTestId('invite-opened')).toBeVisible();
    await expect(page.getByTestId('invite-open')).toHaveCount(0);

    await page.getByTestId('invite-copy').click();
    await expect(page.getByText('内容已复制到到剪贴板')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/login/${inviter.invite_code}$`));
    await screenshot(page, 'invite-page');

    // A visitor lands with the code in the query and logs in there.
    const visitorCtx = await browser.newContext();
    const visitor = await visitorCtx.newPage();
    await visitor.goto(`/?invite_code=${inviter.invite_code.toLowerCase()}`);
    await expect
      .poll(() =>
        visitor.evaluate(() => (JSON.parse(localStorage.getItem('keywords_state') ?? '{}') as { invite_code?: string }).invite_code),
      )
      .toBe(inviter.invite_code);
    await loginWithDevCode(visitor, freshPhone());
    await visitorCtx.close();

    await page.goto('/console/invite/list');
    await expect(page.getByText('邀请记录（共 1 人）')).toBeVisible();
    await expect(page.locator('.ant-table-row')).toHaveCount(1);
    await expect(page.locator('.ant-table-row')).toContainText(/1\d\d\*{4}\d{4}/);
    await expect(page.locator('.ant-table-row')).toContainText('未付费');
    await screenshot(page, 'invite-list');
  });

  test('cash-out form checks name each mistake; the server refuses above the balance', async ({ page, request }) => {
    await loginByApi(page, request);
    await page.goto('/console/invite');
    await page.getByTestId('invite-open').click();
    await expect(page.getByTestId('invite-opened')).toBeVisible();

    await page.goto('/console/invite/cash');
    await expect(page.getByTestId('cash-balance')).toHaveText('0.00');
    await page.getByTestId('cash-submit').click();
    await expect(page.getByText('请输入正确的提现金额（最多两位小数）')).toBeVisible();
    await expect(page.getByText('请输入收款账号')).toBeVisible();
    await expect(page.getByText('请输入收款人姓名')).toBeVisible();

    await page.getByTestId('cash-money').fill('0');
    await page.getByTestId('cash-name').fill('张');
    await page.getByTestId('cash-casher').fill('pay@example.com');
    await page.getByTestId('cash-submit').click();
    await expect(page.getByText('提现金额必须大于0')).toBeVisible();
    await expect(page.getByText('收款人姓名需为2-20个字符')).toBeVisible();

    await page.getByTestId('cash-money').fill('5');
    await page.getByTestId('cash-name').fill('张三');
    await page.getByTestId('cash-submit').click();
    await expect(page.getByText('单次提现金额不能低于10.00元')).toBeVisible();
    await page.getByTestId('cash-money').fill('12.345');
    await page.getByTestId('cash-submit').click();
    await expect(page.getByText('请输入正确的提现金额（最多两位小数）')).toBeVisible();
    await page.getByTestId('cash-money').fill('20');
    await page.getByTestId('cash-submit').click();
    await expect(page.getByText('提现金额不能超过可提现余额')).toBeVisible();
    await screenshot(page, 'invite-cash');

    // The server says the same when the page's check is bypassed.
    const res = await page.evaluate(async () => {
      const token = (JSON.parse(localStorage.getItem('user_storage') ?? '{}') as { state: { token: string } }).state.token;
      const r = await fetch('/api/v1/user/moneyCash', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', token },
        body: JSON.stringify({ money: 20, casher: 'pay@example.com', name: '张三' }),
      });
      return (await r.json()) as { code: number; msg: string };
    });
    expect(res.msg).toBe('提现金额不能超过可提现余额');

    await page.goto('/console/invite/order');
    await expect(page.getByText('暂无提现记录')).toBeVisible();
  });
});

test.describe('invitations, mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('invite and cash pages fit the phone', async ({ page, request }) => {
    await loginByApi(page, request);
    await page.goto('/console/invite');
    await expect(page.getByTestId('invite-code')).toBeVisible();
    await expect(page.getByTestId('invite-qr')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'invite-page-mobile');
    await page.goto('/console/invite/cash');
    await expect(page.getByTestId('cash-balance')).toBeVisible();
    await screenshot(page, 'invite-cash-mobile');
  });
});
