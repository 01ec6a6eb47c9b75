import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEV_SMS_CODE, screenshot } from './helpers';

/**
 * Personal centre and info pages against the real server: /console as visitor and signed in,
 * /console/user nick + avatar (seen in the header) and set/change password (then password
 * login works), agreements, /download, /helpfor/*, /wallet, /equity; desktop and mobile.
 */

// The machine running these is shared and often loaded: patient waits, generous test time.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

let seq = 0;
const freshPhone = () => `135${String((Date.now() + seq++ * 7919) % 100_000_000).padStart(8, '0')}`;

/** A phone-code account made through the API, handed to the page as its stored session. */
async function signIn(page: Page, request: APIRequestContext): Promise<{ phone: string; token: string }> {
  const phone = freshPhone();
  const res = await request.post('/api/v1/user/phoneLogin', { data: { phone, code: DEV_SMS_CODE, app_channel: 'web' } });
  const body = (await res.json()) as { code: number; data: { token: string } };
  expect(body.code).toBe(200);
  await page.goto('/console');
  await page.evaluate((info) => {
    localStorage.setItem('user_storage', JSON.stringify({ state: { token: info.token, user: info }, version: 0 }));
  }, body.data);
  await page.reload();
  return { phone, token: body.data.token };
}

test('visitor sees the login card on /console', async ({ page }) => {
  await page.goto('/console');
  await expect(page.getByRole('heading', { name: '个人中心' })).toBeVisible();
  await expect(page.getByText('登录后查看个人中心')).toBeVisible();
  await expect(page.getByRole('link', { name: '积分明细' })).toBeVisible();
  await screenshot(page, 'h8-console-visitor');
  await page.getByRole('button', { name: '登录 / 注册' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('signed in: personal centre, edit nick and avatar, set and change the password', async ({ page, request }) => {
  const { phone } = await signIn(page, request);
  await expect(page.getByTestId('console-nick')).toBeVisible();
  await expect(page.getByText(`${phone.slice(0, 3)}****${phone.slice(7)}`).first()).toBeVisible();
  await expect(page.getByTestId('console-points')).toBeVisible();
  await expect(page.getByRole('button', { name: '每日签到' })).toBeVisible();
  await screenshot(page, 'h8-console-user');

  await page.getByRole('link', { name: '个人信息' }).click();
  await expect(page).toHaveURL(/\/console\/user$/);
  const nick = `星河${seq}号`;
  await page.getByPlaceholder('请输入昵称').fill(nick);
  await page.getByRole('radio', { name: '头像3' }).click();
  await page.getByRole('button', { name: '保存资料' }).click();
  await expect(page.getByText('个人信息修改成功')).toBeVisible();
  // The header's avatar shows the chosen picture, and the popover the new nick.
  await expect(page.getByTestId('user-avatar').locator('img')).toHaveAttribute('src', '/avatars/a03.svg');
  await page.getByTestId('user-avatar').click();
  await expect(page.getByText(nick).first()).toBeVisible();
  await page.keyboard.press('Escape');

  // A control character is refused with the contract's message.
  await page.getByPlaceholder('请输入昵称').fill('   ');
  await page.getByRole('button', { name: '保存资料' }).click();
  await expect(page.getByText('昵称长度需为1-20个字符')).toBeVisible();

  // Code-login accounts have no password: set one, then change it.
  await expect(page.getByRole('heading', { name: '设置密码' })).toBeVisible();
  await page.getByPlaceholder('请输入6-32位新密码').fill('first-pass1');
  await page.getByPlaceholder('请再次输入新密码').fill('first-pass1');
  await page.getByRole('button', { name: '设置密码' }).click();
  await expect(page.getByText('密码设置成功')).toBeVisible();
  await expect(page.getByRole('heading', { name: '修改密码' })).toBeVisible();
  await page.getByPlaceholder('请输入原密码').fill('wrong-pass');
  await page.getByPlaceholder('请输入6-32位新密码').fill('second-pass2');
  await page.getByPlaceholder('请再次输入新密码').fill('second-pass2');
  await page.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByText('原密码不正确')).toBeVisible();
  await page.getByPlaceholder('请输入原密码').fill('first-pass1');
  await page.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByText('密码修改成功')).toBeVisible();
  await screenshot(page, 'h8-console-user-edit');

  const login = await request.post('/api/v1/user/login', { data: { user: phone, pass: 'second-pass2', app_channel: 'web' } });
  expect(((await login.json()) as { code: number }).code).toBe(200);
});

test('agreements, help pages, about, download, wallet and equity render', async ({ page, request }) => {
  await page.goto('/console/agreement/user');
  await expect(page.getByRole('heading', { name: '万象 AI 用户协议' })).toBeVisible();
  await expect(page.getByText('四、AI 生成内容说明')).toBeVisible();
  await page.getByRole('link', { name: '隐私政策' }).first().click();
  await expect(page.getByRole('heading', { name: '万象 AI 隐私政策' })).toBeVisible();
  await expect(page.getByText('一、我们收集的信息')).toBeVisible();
  await screenshot(page, 'h8-privacy');

  await page.goto('/helpfor/centre');
  await expect(page.getByText('如何注册和登录？')).toBeVisible();
  await page.getByText('如何注册和登录？').click();
  await expect(page.getByText(/未注册的手机号通过验证码登录时会自动创建账号/)).toBeVisible();
  await page.goto('/helpfor/news');
  await expect(page.getByText(/2025\.10\.20/)).toBeVisible();
  await page.goto('/helpfor/intriguing');
  await expect(page.getByText(/服务时间/)).toBeVisible();
  await expect(page.getByLabel('客服微信二维码')).toBeVisible();
  await page.goto('/helpfor/about');
  await expect(page.getByRole('heading', { name: '关于我们' })).toBeVisible();

  await page.goto('/download');
  await expect(page.getByRole('heading', { name: 'Windows 版' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'macOS 版' })).toBeVisible();
  await expect(page.getByLabel('安卓版下载二维码')).toBeVisible();
  await expect(page.getByText('iPhone 用户请使用微信小程序', { exact: true })).toBeVisible();
  await expect(page.getByTestId('pwa-install')).toContainText('安装网页版桌面客户端');
  await expect(page.getByRole('link', { name: /Apple 芯片/ })).toHaveAttribute('href', /mac-arm64/);
  await screenshot(page, 'h8-download');

  await page.goto('/equity?type=chat');
  await expect(page.getByRole('tab', { name: 'AI 对话', selected: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: '普通用户' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '普通对话' })).toBeVisible();
  await page.getByRole('tab', { name: 'AI 搜索' }).click();
  await expect(page).toHaveURL(/type=search/);
  await expect(page.getByRole('columnheader', { name: '联网搜索' })).toBeVisible();
  await screenshot(page, 'h8-equity');

  await signIn(page, request);
  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-points')).toBeVisible();
  await expect(page.locator('main').getByRole('link', { name: '积分明细', exact: true })).toHaveAttribute('href', '/console/pointslog');
  await expect(page.getByRole('heading', { name: '邀请佣金' })).toBeVisible();
  await screenshot(page, 'h8-wallet');
});

test('the download dialog opens from the personal centre', async ({ page }) => {
  await page.goto('/console');
  await page.getByRole('button', { name: '下载客户端' }).click();
  const dialog = page.getByRole('dialog', { name: '下载客户端' });
  await expect(dialog.getByRole('heading', { name: 'Windows 版' })).toBeVisible();
  await screenshot(page, 'h8-download-dialog');
  await dialog.getByRole('button', { name: '购买积分' }).click();
  // /console/vip needs a login: a visitor lands on the chat or home per the guard.
  await expect(dialog).toBeHidden();
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('personal centre, download and agreement on a phone', async ({ page, request }) => {
    await signIn(page, request);
    await expect(page.getByTestId('console-nick')).toBeVisible();
    await screenshot(page, 'h8-m-console');
    await page.goto('/console/user');
    await expect(page.getByRole('radio', { name: '头像1' })).toBeVisible();
    await screenshot(page, 'h8-m-console-user');
    await page.goto('/download');
    await expect(page.getByLabel('安卓版下载二维码')).toBeVisible();
    await screenshot(page, 'h8-m-download');
    await page.goto('/equity');
    await expect(page.getByRole('cell', { name: '普通用户' })).toBeVisible();
    await screenshot(page, 'h8-m-equity');
    await page.goto('/console/agreement/privacy');
    await expect(page.getByRole('heading', { name: '万象 AI 隐私政策' })).toBeVisible();
    await screenshot(page, 'h8-m-privacy');
  });
});
