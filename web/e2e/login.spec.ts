import { expect, test } from '@playwright/test';
import { loginWithDevCode, openLoginDialog, screenshot, uniquePhone } from './helpers';

test.describe('web shell and login', () => {
  test('home page, login dialog validation, dev-code login shows the avatar', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: '万象 AI' })).toBeVisible();
    await expect(page).toHaveTitle('首页 - 万象 AI');
    await screenshot(page, 'home');

    const dialog = await openLoginDialog(page);
    await expect(dialog.getByText('专享礼包')).toBeVisible();
    await screenshot(page, 'login-dialog');

    // A bad phone: the send-code button refuses it with the spec's message.
    await dialog.getByPlaceholder('请输入手机号').fill('12345');
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(dialog.getByText('请输入正确的手机号再提交！')).toBeVisible();

    // A good phone with a bad code: submitting names the code rule.
    await dialog.getByPlaceholder('请输入手机号').fill(uniquePhone());
    await dialog.getByPlaceholder('请输入验证码').fill('12');
    await dialog.getByPlaceholder('请输入验证码').press('Enter');
    await expect(dialog.getByText('请输入正确4-6位手机验证码再提交！')).toBeVisible();

    // Password mode validates empty fields with its own messages.
    await dialog.getByText('密码登录', { exact: true }).click();
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(dialog.getByText('请输入正确的用户名！')).toBeVisible();
    await expect(dialog.getByText('请输入正确的密码！')).toBeVisible();

    // The WeChat tab shows a QR and hides the login button.
    await dialog.getByRole('tab', { name: '微信登录' }).click();
    await expect(dialog.getByTestId('wechat-qr')).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^登录/ })).toBeHidden();

    await loginWithDevCode(page, uniquePhone());
    await expect(page.getByRole('button', { name: '登录', exact: true })).toBeHidden();

    // The avatar popover shows the membership and a guarded logout.
    await page.getByTestId('user-avatar').click();
    await expect(page.getByText('普通用户').first()).toBeVisible();
    await expect(page.getByText(/\d{3}\*{4}\d{4}/).first()).toBeVisible();

    // The session survives a reload (user_storage) and /login now sends a logged-in user home.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('user-avatar')).toBeVisible();
  });

  test('a login-required route without a token goes to the chat on desktop', async ({ page }) => {
    await page.goto('/console/vip');
    await expect(page).toHaveURL(/\/msg\?type=/);
    expect(new URL(page.url()).searchParams.get('type')).toBe(Buffer.from('index').toString('base64'));
  });

  test('/chat forwards to /msg with the type in base64 and the other query kept', async ({ page }) => {
    await page.goto('/chat?type=deepseek-v3&bottomType=web');
    await expect(page).toHaveURL(/\/msg\?/);
    const params = new URL(page.url()).searchParams;
    expect(params.get('type')).toBe(Buffer.from('deepseek-v3').toString('base64'));
    expect(params.get('bottomType')).toBe('web');
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found-page')).toBeVisible();
    await expect(page.getByText('页面不存在')).toBeVisible();
    await expect(page).toHaveURL(/\/no\/such\/page$/);
  });

  test('mobile viewport: the menu opens the drawer with the main entries', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeHidden();
    await page.getByRole('button', { name: '打开菜单' }).click();
    const drawer = page.getByRole('navigation', { name: '菜单', exact: true });
    await expect(drawer).toBeVisible();
    // The drawer holds the sidebar catalogue (docs/product/accounts.md §2); web/e2e/sidebar.spec.ts drives it.
    await expect(drawer).toContainText('超级对话');
    await expect(drawer).toContainText('AI音乐');
    await screenshot(page, 'mobile-drawer');
    const box = await page.locator('.ant-drawer-content-wrapper, .ant-drawer-section').first().boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(Math.round(390 * 0.6));
  });
});
