import { expect, test, type Page } from '@playwright/test';
import { loginWithDevCode, screenshot, uniquePhone } from './helpers';

/** The chat page against the real server and its demo upstream (DEMO_TOKEN_DELAY_MS=15). */

const replies = (page: Page) => page.locator('[data-role="assistant"]');
// X's Sender renders a hidden second textarea: address the visible one by role, inside the composer.
const chatInput = (page: Page) => page.getByTestId('chat-composer').getByRole('textbox');

async function send(page: Page, text: string): Promise<void> {
  const input = chatInput(page);
  await expect(input).toBeEditable();
  await input.fill(text);
  await input.press('Enter');
}

test.describe('chat page', () => {
  test('streams a reply, stops a long one, shows reasoning, keeps history across a reload', async ({ page }) => {
    // Three streamed replies and a reload: over a minute when the 2-core machine is shared.
    test.setTimeout(150_000);
    await page.goto('/chat?type=v35');
    // /chat is an alias: the page lives at /msg with the key in base64.
    await expect(page).toHaveURL(/\/msg\?type=djM1/);
    await expect(page.getByTestId('chat-model-name')).toHaveText('万象 3.5');
    await expect(page.getByTestId('demo-banner')).toContainText('演示模式');
    await expect(page.getByText('内容由AI生成，仅供参考，请遵守《用户协议》')).toBeVisible();

    // A guest is asked to log in first.
    await send(page, '你好');
    await expect(page.getByText('请先登录您的账户！')).toBeVisible();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await loginWithDevCode(page, uniquePhone());
    await expect(page.getByTestId('history-panel')).toBeVisible();
    await screenshot(page, 'chat-empty');

    // The refused question stayed in the input; emptied, Enter is refused with the spec's sentence.
    await expect(chatInput(page)).toHaveValue('你好');
    await chatInput(page).fill('');
    await chatInput(page).press('Enter');
    await expect(page.getByText('请输入需要提问的问题')).toBeVisible();

    // 1. A streamed reply: the text grows over time, then the markdown table and code render.
    const question = '请用表格对比一下三种学习方法';
    await send(page, question);
    await expect(page.locator('[data-role="user"]').last()).toHaveText(question);
    const reply = replies(page).last();
    await expect(reply).toHaveAttribute('data-state', 'waite');
    await expect(chatInput(page)).toHaveAttribute('placeholder', 'AI正在思考...');
    const lengths: number[] = [];
    await expect
      .poll(
        async () => {
          lengths.push(((await reply.textContent()) ?? '').length);
          return new Set(lengths.filter((n) => n > 0)).size;
        },
        { intervals: [150], timeout: 15_000 },
      )
      .toBeGreaterThanOrEqual(3);
    await screenshot(page, 'chat-streaming');
    await expect(reply).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
    const grown = lengths.filter((n) => n > 0);
    expect(grown[grown.length - 1]).toBeGreaterThan(grown[0] ?? 0);
    await expect(reply.locator('table th').first()).toBeVisible();
    await expect(reply.locator('pre code.hljs')).toBeVisible();
    await expect(reply.locator('.katex').first()).toBeVisible();
    await expect(reply.locator('script')).toHaveCount(0);
    await screenshot(page, 'chat-done');

    // The conversation appears in the server history list.
    const history = page.getByTestId('history-panel');
    await expect(history.getByText('今天')).toBeVisible();
    await expect(history.getByText(question.slice(0, 10))).toBeVisible();

    // 2. A reply that never ends is stopped by the user.
    await send(page, '写一篇很长的文章 [demo:never-end]');
    const longReply = replies(page).last();
    await expect(longReply).toHaveAttribute('data-state', 'waite');
    await expect.poll(async () => ((await longReply.textContent()) ?? '').length, { timeout: 15_000 }).toBeGreaterThan(20);
    // The stop button asks the server to stop the answer (leaving alone would not: answers outlive their reader).
    const stopCall = page.waitForRequest((r) => r.url().endsWith('/api/v1/chat/stop') && r.method() === 'POST');
    await page.getByRole('button', { name: /停止生成/ }).click();
    expect((await stopCall).postDataJSON()).toEqual({ messageId: expect.any(String) });
    await expect(page.getByText('暂停请求成功，可以点击继续重新提问！')).toBeVisible();
    await expect(longReply).toHaveAttribute('data-state', 'ok');
    await expect(chatInput(page)).toBeEditable();
    await expect(page.getByRole('button', { name: /停止生成/ })).toBeHidden();
    await screenshot(page, 'chat-stopped');

    // 2b. A reload mid-answer: the answer went on at the server; the page re-attaches and sees it finish.
    await send(page, '慢慢讲一个故事 [demo:tokens=50][demo:delay=60]');
    const story = replies(page).last();
    await expect.poll(async () => ((await story.textContent()) ?? '').length, { timeout: 15_000 }).toBeGreaterThan(5);
    await page.reload();
    const resumed = replies(page).last();
    await expect(resumed).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });
    const told = (await resumed.textContent()) ?? '';
    await expect(page.locator('[data-role="user"]').last()).toContainText('慢慢讲一个故事');
    expect(told.length).toBeGreaterThan(20);
    await screenshot(page, 'chat-resumed-after-reload');

    // 3. A deep-thinking model from the switcher shows the reasoning block with its duration.
    await page.getByRole('button', { name: /切换模型/ }).click();
    const picker = page.getByRole('dialog', { name: '切换模型' });
    await picker.getByPlaceholder('搜索模型').fill('R1');
    await picker
      .getByRole('option', { name: /DeepSeek-R1/ })
      .first()
      .click();
    await expect(page.getByTestId('chat-model-name')).toHaveText('DeepSeek-R1');
    await expect(page.getByTestId('model-intro')).toBeVisible();
    // Slower tokens so the thinking phase lasts long enough to be seen on a busy machine.
    await send(page, '为什么天空是蓝色的？ [demo:delay=40]');
    await expect(page.getByText('正在深度思考...')).toBeVisible();
    const thought = replies(page).last();
    await expect(thought).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
    await expect(thought.getByText(/已深度思考（用时 [\d.]+ 秒）/)).toBeVisible();
    await expect(thought.locator('.wx-markdown')).toContainText('为什么天空是蓝色的');
    // Bring the question and the reasoning block to the top for the picture.
    await page
      .locator('[data-role="user"]')
      .last()
      .evaluate((el) => {
        el.scrollIntoView({ block: 'start' });
        const list = el.closest('[data-testid="message-list"]');
        if (list) list.scrollTop -= 20;
      });
    await screenshot(page, 'chat-reasoning');

    // 4. After a reload the first conversation is in the history list; opening it shows its messages.
    await page.reload();
    const item = page.getByTestId('history-panel').getByText(question.slice(0, 10));
    await expect(item).toBeVisible();
    await item.click();
    await expect(page.getByTestId('chat-model-name')).toHaveText('万象 3.5');
    await expect(page.locator('[data-role="user"]').first()).toHaveText(question);
    await expect(replies(page).first().locator('table')).toBeVisible();
    await screenshot(page, 'chat-history');
  });

  test('mobile layout: full width, pill input, history in a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());
    await expect(page.getByTestId('history-panel')).toBeHidden();
    await send(page, '你好');
    await expect(replies(page).last()).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
    const box = await page.getByTestId('message-list').boundingBox();
    expect(box?.width).toBeGreaterThan(370);
    await screenshot(page, 'chat-mobile');
    await page.getByRole('button', { name: '历史记录' }).click();
    await expect(page.getByTestId('history-panel')).toBeVisible();
    await expect(page.getByTestId('history-panel').getByText('你好')).toBeVisible();
    await screenshot(page, 'chat-mobile-history');
  });
});
