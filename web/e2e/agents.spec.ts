import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEV_SMS_CODE, screenshot, uniquePhone } from './helpers';

/**
 * Agents (docs/product/agents.md §4, §7) against the real server and the demo upstream:
 * the square, a chat with a system agent through a suggestion, the menu's up / down / top
 * warnings and recently used, creating an agent and chatting with it, collecting it.
 */

/** Phone code login through the API (phone-bound, so agent chat is allowed); the page gets the session. */
async function login(page: Page, request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/user/phoneLogin', { data: { phone: uniquePhone(), code: DEV_SMS_CODE } });
  const body = (await res.json()) as { code: number; data: { token: string } };
  expect(body.code).toBe(200);
  await page.goto('/');
  await page.evaluate((info) => {
    localStorage.setItem('user_storage', JSON.stringify({ state: { token: info.token, user: info }, version: 0 }));
    localStorage.removeItem('agent_storage');
  }, body.data);
  return body.data.token;
}

// The pages load lazily and the demo upstream streams token by token: generous waits.
test.setTimeout(180_000);

test('agent square, chat with a system agent by suggestion, menu moves and warnings', async ({ page, request }) => {
  await login(page, request);
  await page.goto('/aiAgent?type=index');
  await expect(page.getByRole('heading', { name: '智能体广场' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('agent-card').filter({ hasText: '英语语法' })).toBeVisible();
  await expect(page.getByTestId('agent-menu-all').first()).toBeVisible();
  await screenshot(page, 'agents-square-desktop');

  // A 'new' badge on 数据分析 clears once it is opened.
  const analysis = page.getByTestId('agent-menu-all').filter({ hasText: '数据分析' });
  await expect(analysis.getByTestId('agent-new-dot')).toBeVisible();
  await analysis.click();
  await expect(page.getByTestId('agent-chat-name')).toHaveText('数据分析');
  await expect(analysis.getByTestId('agent-new-dot')).toHaveCount(0);

  // Chat with 英语语法 through an opening suggestion: a streamed answer from the demo upstream.
  await page.getByTestId('agent-menu-all').filter({ hasText: '英语语法' }).click();
  await expect(page.getByTestId('agent-suggestion')).toHaveCount(3);
  await page.getByTestId('agent-suggestion').first().click();
  const answer = page.getByTestId('agent-answer').first();
  await expect(answer).toContainText('演示', { timeout: 20_000 });
  await expect(page.getByTestId('agent-send')).toBeVisible({ timeout: 20_000 });
  await screenshot(page, 'agents-chat-desktop');

  // Menu: the first agent cannot go up, the last cannot go down; moving to the top works.
  const items = page.getByTestId('agent-menu-all');
  await items.first().getByTestId('agent-menu-more').click();
  await page.getByRole('menuitem', { name: '上移' }).click();
  await expect(page.getByText('已经在最上面了')).toBeVisible();
  await items.last().getByTestId('agent-menu-more').click();
  await page.getByRole('menuitem', { name: '下移' }).last().click();
  await expect(page.getByText('已经在最下面了')).toBeVisible();
  const lastName = ((await items.last().textContent()) ?? '').trim();
  await items.last().getByTestId('agent-menu-more').click();
  await page.getByRole('menuitem', { name: '置顶' }).last().click();
  await expect(items.first()).toHaveText(lastName);
  await items.first().getByTestId('agent-menu-more').click();
  await page.getByRole('menuitem', { name: '添加到最近使用' }).last().click();
  await expect(page.getByTestId('agent-menu-recent')).toHaveText(lastName);
  // The order survives a reload (localStorage).
  await page.reload();
  await expect(page.getByTestId('agent-menu-all').first()).toHaveText(lastName);
});

test('create an agent, chat with it, collect it; mobile layout', async ({ page, request }) => {
  await login(page, request);
  await page.goto('/customAgent/create');
  await expect(page.getByTestId('agent-form-submit')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('agent-form-submit').click();
  await expect(page.getByText('请输入智能体名称')).toBeVisible();
  await expect(page.getByText('请输入智能体设定（提示词）')).toBeVisible();
  const name = `周报助手${Date.now() % 10000}`;
  await page.getByTestId('agent-form-name').fill(name);
  await page.getByTestId('agent-form-prompt').fill('你是周报助手，把工作记录整理成本周完成、问题、下周计划三部分。');
  await screenshot(page, 'agents-create-desktop');
  await page.getByTestId('agent-form-submit').click();
  await expect(page.getByTestId('agent-chat-name')).toHaveText(name);
  await page.getByTestId('agent-input').fill('本周完成了登录页');
  await page.getByTestId('agent-send').click();
  await expect(page.getByTestId('agent-answer').first()).toContainText('演示', { timeout: 20_000 });

  await page.goto('/customAgent/index');
  const card = page.getByTestId('agent-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await card.getByTestId('agent-collect').click();
  await page.getByRole('tab', { name: '我的收藏' }).click();
  await expect(page.getByRole('tabpanel').getByTestId('agent-card').filter({ hasText: name })).toBeVisible();
  await screenshot(page, 'agents-mine-desktop');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/aiAgent?type=index');
  await expect(page.getByRole('heading', { name: '智能体广场' })).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'agents-square-mobile');
  await page.getByTestId('agent-card').filter({ hasText: '英语语法' }).click();
  await expect(page.getByTestId('agent-chat-name')).toHaveText('英语语法');
  await page.getByTestId('agent-suggestion').first().click();
  await expect(page.getByTestId('agent-answer').first()).toContainText('演示', { timeout: 20_000 });
  await screenshot(page, 'agents-chat-mobile');
});

test('a small file goes to the document agent (4.8) and its text reaches the answer', async ({ page, request }) => {
  await login(page, request);
  await page.goto('/aiAgent?type=chat&id=65f1a0000000000000000011');
  await expect(page.getByTestId('agent-chat-name')).toHaveText('英语语法', { timeout: 60_000 });
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: '会议纪要.txt', mimeType: 'text/plain', buffer: Buffer.from('本周完成了登录模块，下周开始支付模块。') });
  await expect(page).toHaveURL(/id=663058948bb259b7e8a22730/);
  await expect(page.getByTestId('agent-chat-name')).toHaveText('文档解读');
  await expect(page.getByText('会议纪要.txt')).toBeVisible();
  await page.getByTestId('agent-input').fill('总结这份文档');
  await page.getByTestId('agent-send').click();
  await expect(page.getByTestId('agent-answer').first()).toContainText('演示', { timeout: 20_000 });
  // The chip is used up by the question (the demo answer may still name the file).
  await expect(page.locator('.ant-tag', { hasText: '会议纪要.txt' })).toHaveCount(0);
  await screenshot(page, 'agents-doc-desktop');
});
