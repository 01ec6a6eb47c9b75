import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEV_SMS_CODE, screenshot } from './helpers';
import { registerCaptchaToken } from './login-captcha';

/**
 * Phone binding (docs/product/accounts.md §4, §5) against the real server: an account registered with a user
 * name has no phone; sending a chat opens the binding dialog and clears the input; the slider
 * captcha is dragged for real (page.mouse) and checked by the server; then code, bind, user info
 * reload with 10 points, and the points pay for a reply with 开启积分抵扣.
 */

let seq = 0;
const freshPhone = () => `136${String((Date.now() + seq++ * 7919) % 100_000_000).padStart(8, '0')}`;

/** Register by user name + password (no phone) and hand the session to the page. */
async function registerWithoutPhone(page: Page, request: APIRequestContext): Promise<string> {
  const user = `bind_${Date.now() % 1e9}_${seq++}`;
  const captcha_token = await registerCaptchaToken(request);
  const res = await request.post('/api/v1/user/register', { data: { user, pass: 'secret123', app_channel: 'web', captcha_token } });
  const body = (await res.json()) as { code: number; data: { token: string; phone: string } };
  expect(body.code).toBe(200);
  expect(body.data.phone).toBe('');
  await page.goto('/');
  await page.evaluate((info) => {
    localStorage.removeItem('chat_storage');
    localStorage.setItem('user_storage', JSON.stringify({ state: { token: info.token, user: info }, version: 0 }));
  }, body.data);
  return body.data.token;
}

const chatInput = (page: Page) => page.getByTestId('chat-composer').getByRole('textbox');
const bindDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByTestId('bind-phone-body') });

/** Press the handle and move it right by `share` of the track in small timed steps, like a hand, then let go. */
async function dragSlider(page: Page, share: number): Promise<void> {
  const handle = page.getByTestId('slider-handle');
  await expect(page.getByTestId('slider-captcha')).toHaveAttribute('data-phase', 'idle');
  // Let the dialog's zoom-in animation end: positions are read from the settled layout.
  await page.waitForTimeout(400);
  const box = (await handle.boundingBox())!;
  const dx = (await page.getByTestId('slider-captcha').boundingBox())!.width * share;
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2;
  await page.mouse.move(x0, y);
  await page.mouse.down();
  for (let i = 1; i <= 16; i++) {
    await page.mouse.move(x0 + (dx * i) / 16, y + (i % 3) - 1);
    await page.waitForTimeout(20);
  }
  await page.mouse.up();
}

/** The whole binding; answers the slider track's drawn width. */
async function bindFlow(page: Page, phone: string, shot: string): Promise<number> {
  // Sending without a bound phone: the input clears and the binding dialog opens.
  await page.goto('/chat?type=v35');
  await chatInput(page).fill('你好');
  await chatInput(page).press('Enter');
  await expect(page.getByText('根据政策要求，使用本软件需要先绑定手机号', { exact: true })).toBeVisible();
  const dialog = bindDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('绑定手机号', { exact: true })).toBeVisible();
  await expect(chatInput(page)).toHaveValue('');
  await expect(dialog.getByText('请按住滑块，拖动到最右边')).toBeVisible();
  await screenshot(page, `${shot}-open`);

  // Phone rule, then the captcha is required before a code.
  await dialog.getByTestId('bind-send-code').click();
  await expect(dialog.getByText('请输入正确的手机号再提交！')).toBeVisible();
  await dialog.getByPlaceholder('请输入手机号').fill(phone);
  await dialog.getByTestId('bind-send-code').click();
  await expect(page.getByText('请先完成滑块验证')).toBeVisible();

  // A drag that stops short: the server says no, the error holds about 1 s, then a new challenge.
  const track = (await page.getByTestId('slider-captcha').boundingBox())!;
  await dragSlider(page, 0.4);
  await expect(dialog.getByText('验证失败，请重新操作')).toBeVisible();
  await expect(page.getByTestId('slider-captcha')).toHaveAttribute('data-phase', 'failed');
  const failedAt = Date.now();
  await page.screenshot({ path: `web/e2e/.screens/${shot}-captcha-failed.png` });
  await expect(page.getByTestId('slider-captcha')).toHaveAttribute('data-phase', 'idle');
  expect(Date.now() - failedAt).toBeGreaterThanOrEqual(800);

  // All the way to the right end.
  await dragSlider(page, 1);
  await expect(dialog.getByText('验证通过')).toBeVisible();
  await screenshot(page, `${shot}-captcha-passed`);

  await dialog.getByTestId('bind-send-code').click();
  await expect(page.getByText('发送验证码成功！')).toBeVisible();
  await expect(dialog.getByTestId('bind-send-code')).toHaveText(/1[12]\d秒后重新获取/);
  await dialog.getByTestId('bind-send-code').click();
  await expect(page.getByText('请等待2分钟后再试！')).toBeVisible();

  // Code rule, then the real bind.
  await dialog.getByPlaceholder('请输入验证码').fill('12');
  await dialog.getByTestId('bind-submit').click();
  await expect(dialog.getByText('请输入正确4-6位手机验证码再提交！')).toBeVisible();
  await dialog.getByPlaceholder('请输入验证码').fill(DEV_SMS_CODE);
  await screenshot(page, `${shot}-filled`);
  await dialog.getByTestId('bind-submit').click();
  await expect(page.getByText('绑定手机成功！')).toBeVisible();
  await expect(page.getByText('首次绑定手机号赠送 10 积分')).toBeVisible();
  await expect(dialog).toBeHidden();

  // User info reloaded: the phone and the 10 points of the first binding.
  await expect
    .poll(async () =>
      page.evaluate(() => {
        const s = JSON.parse(localStorage.getItem('user_storage') ?? '{}') as { state?: { user?: { phone: string; points: number } } };
        return s.state?.user ? [s.state.user.phone, s.state.user.points] : null;
      }),
    )
    .toEqual([phone, 10]);
  return track.width;
}

test.describe('phone binding, desktop', () => {
  test('no phone -> dialog, captcha dragged, code, bind, +10 points that pay for a reply', async ({ page, request }) => {
    const token = await registerWithoutPhone(page, request);
    expect(await bindFlow(page, freshPhone(), 'bindphone')).toBe(460);

    // Now the chat goes through.
    await page.waitForTimeout(1100);
    await chatInput(page).fill('绑定之后 [demo:tokens=3]');
    await chatInput(page).press('Enter');
    await expect(page.locator('[data-role="assistant"]').last()).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });

    // The 10 points pay for a premium reply (5 points) with 开启积分抵扣.
    await page.goto('/chat?type=chat4');
    await page.getByTestId('tool-points').click();
    await expect(page.getByTestId('tool-points')).toHaveText(/使用次数抵扣/);
    await page.waitForTimeout(1100);
    await chatInput(page).fill('用积分提问 [demo:tokens=3]');
    await chatInput(page).press('Enter');
    await expect(page.locator('[data-role="assistant"]').last()).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
    const points = await request.post('/api/v1/user/points', { headers: { token }, data: {} });
    expect(((await points.json()) as { data: { points: number } }).data.points).toBe(5);
    await screenshot(page, 'bindphone-points-used');
  });

  test('a phone bound to another account is refused', async ({ page, request }) => {
    const taken = freshPhone();
    const login = await request.post('/api/v1/user/phoneLogin', { data: { phone: taken, code: DEV_SMS_CODE } });
    expect(((await login.json()) as { code: number }).code).toBe(200);
    await registerWithoutPhone(page, request);
    await page.goto('/chat?type=v35');
    await chatInput(page).fill('你好');
    await chatInput(page).press('Enter');
    const dialog = bindDialog(page);
    await expect(dialog).toBeVisible();
    await dialog.getByPlaceholder('请输入手机号').fill(taken);
    await dragSlider(page, 1);
    await expect(dialog.getByText('验证通过')).toBeVisible();
    await dialog.getByTestId('bind-send-code').click();
    await expect(page.getByText('该手机号已绑定其他账号，请更换手机号')).toBeVisible();
  });
});

test.describe('phone binding, mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the whole binding on a phone-sized screen (track scaled below 460 px)', async ({ page, request }) => {
    await registerWithoutPhone(page, request);
    const width = await bindFlow(page, freshPhone(), 'bindphone-mobile');
    expect(width).toBeLessThan(460);
  });
});
