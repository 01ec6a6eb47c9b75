import { expect as baseExpect, test } from '@playwright/test';
import { apiSession, DEV_SMS_CODE, screenshot, signInWith } from './helpers';
import { E2E_ADMIN_PHONE } from './server-env';

/**
 * The API 密钥 section of /console against the real server (docs/openai-api.md): a member creates a key and sees it
 * once, calls /v1 with it, sees 最近使用 after a reload, and revokes it after the confirmation; the revoked key is
 * refused. The account is made a member through the console's membership call by the admin account.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

test('a member creates an API key, uses it on /v1, and revokes it', async ({ page, request }) => {
  const admin = await request.post('/api/v1/user/phoneLogin', { data: { phone: E2E_ADMIN_PHONE, code: DEV_SMS_CODE } });
  const adminToken = ((await admin.json()) as { data: { token: string } }).data.token;
  const session = await apiSession(request, '137');
  const made = await request.post(`/api/admin/users/${String(session.id)}/membership`, {
    headers: { token: adminToken },
    data: { vip: 1, permanent: true },
  });
  expect(((await made.json()) as { code: number }).code).toBe(200);
  const info = await request.get('/api/v1/user/info', { headers: { token: session.token } });
  await signInWith(page, { ...((await info.json()) as { data: Record<string, unknown> }).data, token: session.token });
  await page.goto('/console');

  const section = page.getByTestId('apikeys-section');
  await expect(section.getByText('还没有 API 密钥')).toBeVisible();
  await expect(section.getByTestId('apikey-usage')).toContainText('/v1/chat/completions');
  await page.getByTestId('apikey-create').click();
  await page.getByTestId('apikey-create-name').fill('我的脚本');
  await page.getByTestId('apikey-create-name-ok').click();
  const secret = page.getByTestId('apikey-secret');
  await expect(secret).toHaveText(/^wx-[\w-]{40}$/);
  const key = (await secret.textContent())!;
  await expect(page.getByText('密钥只显示这一次')).toBeVisible();
  await screenshot(page, 'openai-api-key-shown-once');
  await page.getByTestId('apikey-shown-close').click();
  await expect(page.getByText(key)).toHaveCount(0);
  await expect(section.getByText(`${key.slice(0, 7)}…${key.slice(-4)}`)).toBeVisible();
  await expect(section.getByText('从未使用')).toBeVisible();

  const auth = { authorization: `Bearer ${key}` };
  const models = await request.get('/v1/models', { headers: auth });
  expect(models.status()).toBe(200);
  const answer = await request.post('/v1/chat/completions', {
    headers: auth,
    data: { model: 'deepseek_v3', messages: [{ role: 'user', content: '你好 [demo:tokens=3]' }] },
  });
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content.length).toBeGreaterThan(0);

  await page.reload();
  await expect(section.getByText('我的脚本')).toBeVisible();
  await expect(section.getByText('从未使用')).toHaveCount(0);
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'openai-api-key-list');
  await section.getByRole('button', { name: '撤销' }).click();
  await expect(page.getByText('确定撤销密钥「我的脚本」吗？')).toBeVisible();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(section.getByText('还没有 API 密钥')).toBeVisible();
  expect((await request.get('/v1/models', { headers: auth })).status()).toBe(401);
});
