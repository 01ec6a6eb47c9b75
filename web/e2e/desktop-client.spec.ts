import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DEV_SMS_CODE, screenshot } from './helpers';

/**
 * Desktop-client mode (docs/product/shell-and-navigation.md §2) and the installable web client:
 * /?source=wanxiang_pc&client_code=<one-time code> signs in by POST and lands on /chat?type=index
 * with the code gone from the address; a `token` in the address never signs anyone in, and a
 * signed-in account is replaced only when the user says so; the custom right-click menu and Alt
 * shortcuts. The PWA manifest and service worker are service-worker.spec.ts's.
 */

// The machine running these is shared and often loaded: patient waits, generous test time.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

let seq = 0;
const freshPhone = () => `137${String((Date.now() + seq++ * 7919) % 100_000_000).padStart(8, '0')}`;

/** A session of a fresh account, as the desktop client holds it natively. */
async function newToken(page: Page): Promise<{ token: string; uid: number }> {
  const res = await page.request.post('/api/v1/user/phoneLogin', { data: { phone: freshPhone(), code: DEV_SMS_CODE, app_channel: 'web' } });
  const body = (await res.json()) as { code: number; data: { token: string; uid: number } };
  expect(body.code).toBe(200);
  return body.data;
}

/** What the desktop client does before it opens the site: a one-time code for its session. */
async function clientCode(page: Page, token: string): Promise<string> {
  const res = await page.request.post('/api/v1/user/clientCode', { headers: { token } });
  const body = (await res.json()) as { code: number; data: { client_code: string } };
  expect(body.code).toBe(200);
  return body.data.client_code;
}

const storedSession = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('user_storage') ?? '{}') as { state?: { token?: string; user?: { uid?: number } } }).state);

test('the client opens with a one-time code: signed in, home is the chat, code stripped, menu and shortcuts work', async ({ page, context }) => {
  const { token, uid } = await newToken(page);
  const code = await clientCode(page, token);
  await page.goto(`/?source=wanxiang_pc&client_code=${code}`);
  await expect(page).toHaveURL(/\/(chat|msg)\?type=/);
  expect(page.url()).not.toContain(code);
  await expect(page.getByTestId('user-avatar')).toBeVisible();
  await expect(page.getByTestId('window-header')).toBeVisible();
  // The page holds a session of its own for this account; the client's token never reached it.
  await expect.poll(async () => (await storedSession(page))?.user?.uid).toBe(uid);
  const stored = await storedSession(page);
  expect(stored?.token).toBeTruthy();
  expect(stored?.token).not.toBe(token);

  // Go somewhere else, then right-click: the menu's 首页 brings the chat back.
  await page.goto('/console');
  await expect(page.getByRole('heading', { name: '个人中心' })).toBeVisible();
  await page.getByRole('heading', { name: '个人中心' }).click({ button: 'right' });
  const menu = page.getByRole('menu', { name: '右键菜单' });
  await expect(menu).toBeVisible();
  for (const label of ['返回', '前进', '首页', '复制', '粘贴', '刷新'])
    await expect(menu.getByRole('menuitem', { name: new RegExp(label) })).toBeVisible();
  await screenshot(page, 'h8-client-menu');
  await menu.getByRole('menuitem', { name: /首页/ }).click();
  await expect(page).toHaveURL(/\/(chat|msg)\?type=/);
  await expect(menu).toBeHidden();

  // Alt+Left goes back to /console, Alt+Right forward again.
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page).toHaveURL(/\/console$/);
  await page.keyboard.press('Alt+ArrowRight');
  await expect(page).toHaveURL(/\/(chat|msg)\?type=/);
  // Alt+H from another page goes home (the chat).
  await page.goto('/helpfor/centre');
  await expect(page.getByText('如何注册和登录？')).toBeVisible();
  await page.keyboard.press('Alt+KeyH');
  await expect(page).toHaveURL(/\/(chat|msg)\?type=/);

  // Copy a selection through the menu and paste it into a field with Alt+V.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/console/user');
  const nick = page.getByPlaceholder('请输入昵称');
  await expect(nick).toBeVisible();
  await page.evaluate(() => navigator.clipboard.writeText('剪贴板里的昵称'));
  await nick.fill('');
  await nick.focus();
  await page.keyboard.press('Alt+KeyV');
  await expect(nick).toHaveValue('剪贴板里的昵称');
  await nick.selectText();
  await nick.click({ button: 'right' });
  await menu.getByRole('menuitem', { name: /复制/ }).click();
  await expect(page.getByText('内容已复制到到剪贴板')).toBeVisible();
  await screenshot(page, 'h8-client-user');
});

test('a token in the address signs nobody in and is gone from the address, /chat included', async ({ page }) => {
  const attacker = await newToken(page);
  await page.goto(`/chat?source=wanxiang_pc&type=index&token=${encodeURIComponent(attacker.token)}&uid=${attacker.uid}`);
  await expect(page).toHaveURL(/\/msg\?.*type=/);
  expect(page.url()).not.toContain(attacker.token);
  expect(page.url()).not.toContain('uid=');
  expect((await storedSession(page))?.token ?? '').toBe('');
  await expect(page.getByTestId('user-avatar')).toHaveCount(0);
});

test("a signed-in account is replaced only when the user says so", async ({ page }) => {
  const mine = await newToken(page);
  const client = await newToken(page);
  // Signed in here as `mine` (the page's own login).
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('user_storage', JSON.stringify({ state: { token, user: null }, version: 0 })), mine.token);
  await page.goto(`/?source=wanxiang_pc&client_code=${await clientCode(page, client.token)}`);
  const dialog = page.getByRole('dialog', { name: '切换账号' });
  await expect(dialog).toBeVisible();
  await screenshot(page, 'h8-client-switch');
  await dialog.getByRole('button', { name: '保持当前账号' }).click();
  await expect(dialog).toBeHidden();
  expect((await storedSession(page))?.token).toBe(mine.token);

  await page.goto(`/?source=wanxiang_pc&client_code=${await clientCode(page, client.token)}`);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '切换账号' }).click();
  await expect.poll(async () => (await storedSession(page))?.user?.uid).toBe(client.uid);
});

test('a plain browser tab keeps the browser menu and the home page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: '万象 AI', level: 1 })).toBeVisible();
  await page.getByRole('heading', { name: '万象 AI', level: 1 }).click({ button: 'right' });
  await expect(page.getByRole('menu', { name: '右键菜单' })).toHaveCount(0);
  await expect(page.getByTestId('window-header')).toHaveCount(0);
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('client mode on a narrow window', async ({ page }) => {
    const { token, uid } = await newToken(page);
    const code = await clientCode(page, token);
    await page.goto(`/?source=bianjie_pc&client_code=${code}`);
    await expect(page).toHaveURL(/\/(chat|msg)\?type=/);
    expect(page.url()).not.toContain(code);
    await expect.poll(async () => (await storedSession(page))?.user?.uid).toBe(uid);
    await screenshot(page, 'h8-m-client');
  });
});
