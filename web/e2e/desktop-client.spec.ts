import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DEV_SMS_CODE, screenshot } from './helpers';

/**
 * Desktop-client mode (shell 2.6, search-agents-tools 2.9) and the installable web client:
 * /?source=wanxiang_pc&token=... signs in, lands on /chat?type=index with the token gone from
 * the address; the custom right-click menu and Alt shortcuts; the PWA manifest and service
 * worker (controls the page after a reload, never answers /api from its cache).
 */

// The machine running these is shared and often loaded: patient waits, generous test time.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

let seq = 0;
const freshPhone = () => `137${String((Date.now() + seq++ * 7919) % 100_000_000).padStart(8, '0')}`;

async function newToken(page: Page): Promise<{ token: string; uid: number }> {
  const res = await page.request.post('/api/v1/user/phoneLogin', { data: { phone: freshPhone(), code: DEV_SMS_CODE, app_channel: 'web' } });
  const body = (await res.json()) as { code: number; data: { token: string; uid: number } };
  expect(body.code).toBe(200);
  return body.data;
}

test('the client opens with a token: signed in, home is the chat, token stripped, menu and shortcuts work', async ({ page, context }) => {
  const { token, uid } = await newToken(page);
  await page.goto(`/?source=wanxiang_pc&token=${encodeURIComponent(token)}&uid=${uid}`);
  await expect(page).toHaveURL(/\/(chat|msg)\?type=/);
  expect(page.url()).not.toContain(token);
  expect(page.url()).not.toContain('uid=');
  await expect(page.getByTestId('user-avatar')).toBeVisible();
  await expect(page.getByTestId('window-header')).toBeVisible();
  // The session is this account's.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user_storage') ?? '{}') as { state?: { token?: string } });
  expect(stored.state?.token).toBe(token);

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

test('a plain browser tab keeps the browser menu and the home page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: '万象 AI', level: 1 })).toBeVisible();
  await page.getByRole('heading', { name: '万象 AI', level: 1 }).click({ button: 'right' });
  await expect(page.getByRole('menu', { name: '右键菜单' })).toHaveCount(0);
  await expect(page.getByTestId('window-header')).toHaveCount(0);
});

test('PWA: a valid manifest, and a service worker that controls the page but never caches /api', async ({ page }) => {
  const res = await page.request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  const manifest = (await res.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: '万象 AI', display: 'standalone' });
  expect(manifest.start_url).toMatch(/^\//);
  const sizes = manifest.icons.map((i) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const r = await page.request.get(icon.src);
    expect(r.ok(), icon.src).toBe(true);
  }

  // Automated browsers register the worker only when opted in (other tests keep plain networking).
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await page.evaluate(() => localStorage.setItem('wx_sw_automation', '1'));
  await page.reload();
  await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active))).toBe(true);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const scriptURL = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
  expect(scriptURL).toMatch(/\/sw\.js\?build=/);

  // /api answers reach the server every time and never land in the worker's cache.
  const answers = await page.evaluate(async () => {
    const a = await (await fetch('/api/v1/config/downloads')).json();
    const b = await fetch('/api/v1/config/downloads');
    const names = await caches.keys();
    const cached: string[] = [];
    for (const n of names) for (const req of await (await caches.open(n)).keys()) cached.push(new URL(req.url).pathname);
    return { code: (a as { code: number }).code, fromServer: b.headers.get('x-request-id') !== null, cached };
  });
  expect(answers.code).toBe(200);
  // Every server answer carries a fresh x-request-id: this one came from the server, not a cache.
  expect(answers.fromServer).toBe(true);
  expect(answers.cached.some((p) => p.startsWith('/api'))).toBe(false);
  expect(answers.cached).toContain('/index.html');

  // The shell starts offline from the cache.
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: '万象 AI', level: 1 })).toBeVisible();
  await page.context().setOffline(false);
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('client mode on a narrow window', async ({ page }) => {
    const { token } = await newToken(page);
    await page.goto(`/?source=bianjie_pc&access_token=${encodeURIComponent(token)}`);
    await expect(page).toHaveURL(/\/(chat|msg)\?type=/);
    expect(page.url()).not.toContain(token);
    await screenshot(page, 'h8-m-client');
  });
});
