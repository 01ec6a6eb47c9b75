import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The fixed code the e2e server accepts (SMS_FIXED_CODE in playwright.config.ts). */
export const DEV_SMS_CODE = '123456';

/** A phone number no other test uses (the server keeps per-phone SMS limits). */
export function uniquePhone(): string {
  const tail = String(Date.now() % 100_000_000).padStart(8, '0');
  return `139${tail}`;
}

/** Open the login dialog (from the header) if it is not open yet, and return it. */
export async function openLoginDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  if (!(await dialog.isVisible())) await page.getByRole('button', { name: '登录', exact: true }).first().click();
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Log in through the real dialog: phone, 获取验证码, the dev code, 登录; waits for the avatar. */
export async function loginWithDevCode(page: Page, phone: string): Promise<void> {
  const dialog = await openLoginDialog(page);
  await dialog.getByRole('tab', { name: '账号登录' }).click();
  await dialog.getByText('验证码登录', { exact: true }).click();
  await dialog.getByPlaceholder('请输入手机号').fill(phone);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('发送验证码成功！')).toBeVisible();
  await dialog.getByPlaceholder('请输入验证码').fill(DEV_SMS_CODE);
  await dialog.getByPlaceholder('请输入验证码').press('Enter');
  await expect(page.getByText('登录成功！')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('user-avatar')).toBeVisible();
}

const SCREENS = resolve(import.meta.dirname, '.screens');

/** Save a screenshot under web/e2e/.screens/ (ignored by git) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS, { recursive: true });
  // Let dialog and drawer open animations (about 0.3 s in antd) finish first.
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(SCREENS, `${name}.png`), fullPage: false });
}

let loginSeq = 0;

/** A session as the phone login answers it: the token and the user's fields. */
export interface ApiSession {
  token: string;
  [key: string]: unknown;
}

/**
 * A fresh user logged in by phone code through the API. `prefix` (the phone's first 3 digits)
 * keeps spec files that run at the same time on different numbers.
 */
export async function apiSession(request: APIRequestContext, prefix = '136'): Promise<ApiSession> {
  const phone = `${prefix}${String((Date.now() + loginSeq++ * 7919) % 100_000_000).padStart(8, '0')}`;
  const res = await request.post('/api/v1/user/phoneLogin', { data: { phone, code: DEV_SMS_CODE } });
  const body = (await res.json()) as { code: number; data: ApiSession };
  expect(body.code).toBe(200);
  return body.data;
}

/** A session handed to the page as a real login stores it. */
export async function signInWith(page: Page, session: ApiSession): Promise<void> {
  // A page of the site that runs no app code: the app, loaded here, would refresh the previous account's
  // session and could write it back over the one set below (a race a loaded machine loses).
  await page.goto('/api/health');
  await page.evaluate((info) => {
    // As a fresh login: the previous account's conversations go.
    localStorage.removeItem('chat_storage');
    localStorage.setItem('user_storage', JSON.stringify({ state: { token: info.token, user: info }, version: 0 }));
  }, session);
}

/** Phone code login through the API (a fresh user each call); the session is handed to the page as a real login stores it. */
export async function loginByApi(page: Page, request: APIRequestContext): Promise<void> {
  await signInWith(page, await apiSession(request));
}

/**
 * One account for a whole spec file (its tests share the account's tasks and counts): logged in
 * once before the file's tests, handed to each page by `signIn`. Call at the top of the file.
 */
export function specAccount(prefix: string): { readonly session: ApiSession; signIn: (page: Page) => Promise<void> } {
  let session: ApiSession | undefined;
  test.beforeAll(async ({ playwright }, info) => {
    const api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
    session = await apiSession(api, prefix);
    await api.dispose();
  });
  const current = () => {
    if (!session) throw new Error('specAccount: the account is made in beforeAll');
    return session;
  };
  return {
    get session() {
      return current();
    },
    signIn: (page) => signInWith(page, current()),
  };
}
