import { expect, test, type Page } from '@playwright/test';
import { loginWithDevCode, screenshot, uniquePhone } from './helpers';

/** Multi-model battle (/chat?type=AllModelAttack) against the real server and its demo upstream. */

// X's Sender renders a hidden second textarea: address the visible one by role, inside the composer.
const input = (page: Page) => page.getByTestId('battle-composer').getByRole('textbox');
const toggle = (page: Page, key: string) => page.getByTestId(`battle-model-${key}`).getByRole('switch');
const column = (page: Page, key: string) => page.getByTestId(`battle-column-${key}`).last();

async function ask(page: Page, text: string): Promise<void> {
  await expect(input(page)).toBeEditable();
  await input(page).fill(text);
  await input(page).press('Enter');
}

test.describe('multi-model battle', () => {
  test('desktop: switches and their limits, 3 models streaming side by side, stop, reset, list kept across a reload', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/chat?type=AllModelAttack');
    const panel = page.getByTestId('battle-panel');
    await expect(panel).toContainText('模型对抗');
    await expect(page.getByTestId('battle-title')).toHaveText('新的聊天');
    await expect(page.getByTestId('battle-count')).toHaveText('0 条消息');
    // Two models on by default.
    await expect(panel.getByRole('switch', { checked: true })).toHaveCount(2);

    await screenshot(page, 'battle-empty');
    // Stopping an empty conversation.
    await page.getByTestId('battle-stop').click();
    await expect(page.getByText('当前对话为空！')).toBeVisible();

    await loginWithDevCode(page, uniquePhone());

    // Search narrows the list.
    await page.getByTestId('battle-search').fill('GLM');
    await expect(page.getByTestId('battle-model-glm_4_flash')).toBeVisible();
    await expect(page.getByTestId('battle-model-v35')).toHaveCount(0);
    await page.getByTestId('battle-search').fill('');

    // Fewer than two on: refused when sending.
    const on = panel.getByRole('switch', { checked: true });
    await expect(toggle(page, 'v35')).toBeChecked();
    await expect(toggle(page, 'deepseek_v3')).toBeChecked();
    await toggle(page, 'deepseek_v3').click();
    await expect(on).toHaveCount(1);
    await ask(page, '你好');
    await expect(page.getByText('请开启想要对抗的模型，最少选择两个')).toBeVisible();

    // Four on; a fifth is refused.
    for (const key of ['deepseek_v3', 'glm_4_flash', 'vfast']) await toggle(page, key).click();
    await expect(on).toHaveCount(4);
    await toggle(page, 'talkV2').click();
    await expect(page.getByText('对话模型（最多选择4个）')).toBeVisible();
    await expect(toggle(page, 'talkV2')).not.toBeChecked();
    await toggle(page, 'vfast').click();
    await expect(on).toHaveCount(3);

    // One question, three columns side by side, all streaming at once.
    const question = '请用三段话介绍长城 [demo:tokens=400]';
    await ask(page, question);
    const keys = ['v35', 'deepseek_v3', 'glm_4_flash'];
    for (const k of keys) await expect(column(page, k)).toBeVisible();
    await expect
      .poll(
        async () => {
          const states = await Promise.all(keys.map((k) => column(page, k).getAttribute('data-state')));
          const lengths = await Promise.all(keys.map(async (k) => ((await column(page, k).textContent()) ?? '').length));
          return states.every((s) => s === 'waite') && lengths.every((n) => n > 20);
        },
        { intervals: [100], timeout: 15_000 },
      )
      .toBe(true);
    const boxes = await Promise.all(keys.map((k) => column(page, k).boundingBox()));
    expect(new Set(boxes.map((b) => Math.round(b!.y))).size).toBe(1);
    expect(boxes[0]!.x).toBeLessThan(boxes[1]!.x);
    expect(boxes[1]!.x).toBeLessThan(boxes[2]!.x);
    await screenshot(page, 'battle-streaming');
    for (const k of keys) await expect(column(page, k)).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });
    await expect(page.getByTestId('battle-count')).toHaveText('4 条消息');
    await expect(page.getByTestId('battle-title')).toHaveText(question);
    await screenshot(page, 'battle-desktop');

    // The user's verdict: once the round is saved, each answer can be marked best.
    await expect(page.getByTestId('battle-best')).toHaveCount(3);
    await column(page, 'deepseek_v3').getByTestId('battle-best').click();
    await expect(page.getByText('评价已提交')).toBeVisible();

    // 分享: a read-only link of the comparison; its page (rendered by the server) shows the question and the answers.
    await page.getByTestId('battle-share').click();
    const shareUrl = await page.getByTestId('share-url').inputValue();
    expect(shareUrl).toMatch(/\/s\/[\w-]{20,}$/);
    const shared = await page.context().newPage();
    await shared.goto(shareUrl);
    await expect(shared.getByText('请用三段话介绍长城').first()).toBeVisible();
    await shared.close();
    await page.keyboard.press('Escape');

    // 我的分享 in the personal centre lists the link as 对战; 撤销 there (after the confirmation) makes its page a 404.
    const centre = await page.context().newPage();
    await centre.goto('/console');
    const mine = centre.getByTestId('shares-section');
    await expect(mine.getByTestId('share-item')).toHaveCount(1);
    await expect(mine.getByTestId('share-item-kind')).toHaveText('对战');
    await expect(mine.getByTestId('share-item-title')).toContainText('请用三段话介绍长城');
    await expect(mine.getByTestId('share-item-url')).toHaveText(shareUrl);
    await expect(mine.getByTestId('share-item-open')).toHaveAttribute('href', shareUrl);
    for (const [width, height] of [[1366, 860], [390, 844]] as const) {
      await centre.setViewportSize({ width, height });
      await mine.scrollIntoViewIfNeeded();
      await screenshot(centre, `console-shares-${width}`);
    }
    await mine.getByTestId('share-item-revoke').click();
    await centre.getByTestId('share-revoke-ok').click();
    await expect(centre.getByText('已撤销，链接失效')).toBeVisible();
    await expect(mine.getByTestId('shares-empty')).toBeVisible();
    expect((await centre.goto(shareUrl))?.status()).toBe(404);
    await expect(centre.getByText('这个分享链接不存在或已被撤销。')).toBeVisible();
    await centre.close();

    // Stop: every column ends with what it had.
    await ask(page, '写一篇很长的文章 [demo:tokens=2000]');
    await expect.poll(async () => ((await column(page, 'v35').textContent()) ?? '').length, { timeout: 10_000 }).toBeGreaterThan(30);
    await page.getByTestId('battle-stop').click();
    await expect(page.getByText('暂停请求成功，可以点击继续重新提问！')).toBeVisible();
    for (const k of keys) await expect(column(page, k)).not.toHaveAttribute('data-state', 'waite');
    await expect(input(page)).toBeEditable();
    await expect(page.getByTestId('battle-count')).toHaveText('8 条消息');

    // The rounds were saved on the server as a comparison session, not as chat history.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user_storage') ?? '{}').state.token as string);
    await expect
      .poll(async () => {
        const res = await page.request.post('/api/v2/chat/groups/record/lists', { headers: { token }, data: {} });
        return ((await res.json()).data.list as { messageCount: number }[])[0]?.messageCount;
      })
      .toBe(8);
    const groups = await page.request.post('/api/v2/chat/groups/record/lists', { headers: { token }, data: {} });
    const groupId = ((await groups.json()).data.list as { id: string }[])[0]!.id;
    const verdicts = await page.request.post('/api/v2/chat/groups/comment/lists', { headers: { token }, data: { id: groupId } });
    expect(((await verdicts.json()).data as { model: string }[]).map((c) => c.model)).toEqual(['deepseek_v3']);
    const history = await page.request.post('/api/v1/chat/record/list', { headers: { token }, data: {} });
    expect((await history.json()).data.total).toBe(0);

    // A new comparison; the first stays in the list, also after a reload.
    await page.getByTestId('battle-new').click();
    await expect(page.getByText('新增多模型对抗新的会话成功！')).toBeVisible();
    await expect(page.getByTestId('battle-title')).toHaveText('新的聊天');
    await page.reload();
    const sessions = page.getByTestId('battle-session');
    await expect(sessions.filter({ hasText: '请用三段话介绍长城' })).toBeVisible();
    await sessions.filter({ hasText: '请用三段话介绍长城' }).click();
    await expect(page.getByTestId('battle-round')).toHaveCount(2);
    await expect(page.getByTestId('battle-count')).toHaveText('8 条消息');

    // Continue with one column's answer: a normal chat with that model, the shared history in it and sent along.
    await page.getByTestId('battle-round').first().getByTestId('battle-column-deepseek_v3').getByTestId('battle-continue').click();
    await expect(page).toHaveURL(/\/msg\?type=/);
    await expect(page.getByTestId('chat-model-name')).toHaveText('DeepSeek-V3');
    await expect(page.locator('[data-role="user"]').first()).toContainText('请用三段话介绍长城');
    const asked = page.waitForRequest((r) => r.url().includes('/api/v1/chat2/deepseek_v3'));
    await page.getByPlaceholder(/请输入/).first().fill('再短一点');
    await page.keyboard.press('Enter');
    const sent = (await asked).postDataJSON() as { messages: { role: string; content: string }[] };
    expect(sent.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(sent.messages[0]!.content).toContain('请用三段话介绍长城');
    await expect(page.locator('[data-role="assistant"]').last()).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });
    await screenshot(page, 'battle-continued-as-chat');
    await page.goBack();
    await expect(page.getByTestId('battle-round')).toHaveCount(2);

    // Reset empties the comparison.
    await page.getByTestId('battle-reset').click();
    await expect(page.getByText('清空消息成功！')).toBeVisible();
    await expect(page.getByTestId('battle-count')).toHaveText('0 条消息');
    await expect(page.getByTestId('battle-round')).toHaveCount(0);
  });

  test('mobile: the panel opens in a drawer, answers are cards side by side to swipe', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/chat?type=AllModelAttack');
    await loginWithDevCode(page, uniquePhone());
    await expect(page.getByTestId('battle-panel')).toHaveCount(0);
    await page.getByTestId('battle-open-panel').click();
    const panel = page.getByTestId('battle-panel');
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('模型对抗');
    await screenshot(page, 'battle-mobile-panel');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    await ask(page, '介绍一下你自己 [demo:tokens=60]');
    const cards = page.getByTestId('battle-round').last().locator('article');
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });
    await expect(cards.last()).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });
    const first = (await cards.first().boundingBox())!;
    // A card is most of the screen wide; the next one waits to the right.
    expect(first.width).toBeGreaterThan(300);
    await screenshot(page, 'battle-mobile');

    // A reload mid-round: the columns went on at the server; the page re-attaches and both finish.
    await ask(page, '慢慢介绍 [demo:tokens=40][demo:delay=60]');
    const slow = page.getByTestId('battle-round').last().locator('article');
    await expect.poll(async () => ((await slow.first().textContent()) ?? '').length, { timeout: 15_000 }).toBeGreaterThan(10);
    await page.reload();
    const after = page.getByTestId('battle-round').last().locator('article');
    await expect(after).toHaveCount(2);
    await expect(after.first()).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });
    await expect(after.last()).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });
    expect(((await after.first().textContent()) ?? '').length).toBeGreaterThan(30);
  });
});
