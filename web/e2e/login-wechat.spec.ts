import { expect, test, type Page } from '@playwright/test';
import { openLoginDialog, screenshot } from './helpers';
import { registerCaptchaToken } from './login-captcha';

/**
 * Login dialog and /login page (docs/product/accounts.md §2, §4, §5) against the real server: WeChat QR confirmed on
 * the dev confirm page in a second page, register behind the x=200 slider then automatic login,
 * the invite code locked from /login/:invite_code, 记住密码 with a device token, and mobile.
 */

let seq = 0;
const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${seq++}`;

/** Drag the register slider's handle to `x` of the spec's 260 track (scaled if drawn narrower) with a real mouse. */
async function dragSlider(page: Page, x: number) {
  const handle = page.getByTestId('register-captcha-handle');
  await expect(page.getByTestId('register-captcha')).toHaveAttribute('data-phase', 'idle');
  const track = (await page.getByTestId('register-captcha').boundingBox())!;
  const dx = (x * track.width) / 260;
  const box = (await handle.boundingBox())!;
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2;
  await page.mouse.move(x0, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(x0 + (dx * i) / 12, y + (i % 3) - 1);
    await page.waitForTimeout(20);
  }
  await page.mouse.up();
}

test.describe('login: WeChat QR, register slider, invite code, remember account', () => {
  test('WeChat tab shows a QR; confirming on the dev page logs the first page in with 登录成功！', async ({ page, context }) => {
    await page.goto('/');
    const dialog = await openLoginDialog(page);
    await dialog.getByRole('tab', { name: '微信登录' }).click();
    const qr = dialog.getByTestId('wechat-qr');
    await expect(qr).toBeVisible();
    await expect(dialog.getByText('注册即送 100% 会员礼包，未注册的微信号将自动创建账号')).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^登录/ })).toBeHidden();
    await screenshot(page, 'login-wechat-qr');

    const url = (await qr.getAttribute('data-url'))!;
    expect(url).toContain('/api/v1/user/wxDevConfirm?qrcode_id=');
    // The "phone": a second page at phone size opens what the QR encodes.
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(url);
    await expect(phone.getByRole('heading', { name: '微信登录确认' })).toBeVisible();
    await screenshot(phone, 'login-wechat-dev-confirm');
    await phone.getByRole('button', { name: '确认登录' }).click();
    await expect(phone.getByText('已确认登录，请回到电脑端查看')).toBeVisible();
    // Back to the computer: a background tab does not animate the notice in.
    await page.bringToFront();

    // The notice (and, for a moment, the panel) say 登录成功！.
    await expect(page.getByText('登录成功！').first()).toBeVisible({ timeout: 10_000 });
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('user-avatar')).toBeVisible();
  });

  test('register: the slider first (a miss fails, x=200 passes), then the form, then automatic login', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/login');
    // Shell 2.3: the word 用户 in the gift heading opens the register mode.
    await page.getByRole('button', { name: '用户', exact: true }).click();
    await expect(page.getByText('注册账号', { exact: true })).toBeVisible();
    await expect(page.getByPlaceholder('请输入用户名或邮箱')).toBeHidden();

    await dragSlider(page, 110);
    await expect(page.getByText('验证失败，请重新操作')).toBeVisible();
    await screenshot(page, 'login-register-slider-failed');
    await dragSlider(page, 200);
    await expect(page.getByText('验证成功')).toBeVisible();
    await screenshot(page, 'login-register-slider-passed');

    const name = uniqueName('reg_');
    await page.getByPlaceholder('请输入用户名或邮箱').fill(name);
    await page.getByPlaceholder('设置 6-32 位密码').fill('secret123');
    await page.getByPlaceholder('设置 6-32 位密码').press('Enter');
    await expect(page.getByText('注册成功')).toBeVisible();
    await expect(page.getByText('登录成功！')).toBeVisible();
    await expect(page.getByTestId('user-avatar')).toBeVisible();
  });

  test('/login/ABC123 locks the invite code', async ({ page }) => {
    await page.goto('/login/ABC123');
    await expect(page.getByText('邀请码：ABC123')).toBeVisible();
    await expect(page.getByText('有邀请码？点此填写')).toBeHidden();
    await screenshot(page, 'login-page-invite');
  });

  test('remember account: log in with 记住密码, log out, log back in without typing the password', async ({ page, request }) => {
    const name = uniqueName('rem_');
    const captcha_token = await registerCaptchaToken(request);
    const reg = await request.post('/api/v1/user/register', { data: { user: name, pass: 'secret123', captcha_token } });
    expect(((await reg.json()) as { code: number }).code).toBe(200);

    await page.goto('/login');
    await page.getByText('密码登录', { exact: true }).click();
    await page.getByRole('checkbox', { name: '记住密码' }).check();
    await page.getByPlaceholder('请输入手机号 / 邮箱 / 用户名').fill(name);
    await page.getByPlaceholder('请输入密码').fill('secret123');
    await page.getByPlaceholder('请输入密码').press('Enter');
    await expect(page.getByText('登录成功！')).toBeVisible();
    await expect(page.getByTestId('user-avatar')).toBeVisible();

    // IndexedDB bianjie.accountHistory: the account and a device token, never the password.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<unknown[]>((resolve) => {
              const open = indexedDB.open('bianjie');
              open.onsuccess = () => {
                const all = open.result.transaction('accountHistory').objectStore('accountHistory').getAll();
                all.onsuccess = () => resolve(all.result as unknown[]);
              };
            }),
        ),
      )
      .toHaveLength(1);
    const stored = JSON.stringify(
      await page.evaluate(
        () =>
          new Promise<unknown>((resolve) => {
            const open = indexedDB.open('bianjie');
            open.onsuccess = () => {
              const all = open.result.transaction('accountHistory').objectStore('accountHistory').getAll();
              all.onsuccess = () => resolve(all.result);
            };
          }),
      ),
    );
    expect(stored).toContain(name);
    expect(stored).toContain('"ischecked":true');
    expect(stored).not.toContain('secret123');

    // Log out (the remembered row stays).
    await page.getByTestId('user-avatar').click();
    await page.getByRole('button', { name: /退出登录/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定要退出当前账号吗？' });
    await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(page.getByTestId('user-avatar')).toHaveCount(0);

    await page.goto('/login');
    const remembered = page.getByTestId('remembered-accounts');
    await expect(remembered).toBeVisible({ timeout: 20_000 });
    await expect(remembered.getByText(name)).toBeVisible();
    await expect(page.getByRole('checkbox', { name: '记住密码' })).toBeChecked();
    await screenshot(page, 'login-remembered');
    await remembered.getByRole('button', { name: '一键登录' }).click();
    await expect(page.getByText('登录成功！')).toBeVisible();
    await expect(page.getByTestId('user-avatar')).toBeVisible();
  });
});

test.describe('login page on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('/login fits 390 px; the WeChat tab and the register slider fit too', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('tab', { name: '微信登录' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: '记住密码' })).toBeVisible();
    await screenshot(page, 'login-page-mobile');
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('tab', { name: '微信登录' }).click();
    await expect(page.getByTestId('wechat-qr')).toBeVisible();
    await screenshot(page, 'login-page-mobile-wechat');
    await page.getByRole('tab', { name: '账号登录' }).click();
    await page.getByRole('button', { name: '用户名注册' }).click();
    await expect(page.getByTestId('register-captcha')).toBeVisible();
    await screenshot(page, 'login-page-mobile-register');
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
