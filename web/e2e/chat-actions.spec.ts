import { expect, test, type Page, type Request } from '@playwright/test';
import { loginWithDevCode, screenshot, uniquePhone } from './helpers';

/**
 * Sending and the actions around a reply (docs/product/chat.md §4, §5, §9) against the real server and its demo
 * upstream: stop, copy, like/dislike and the report dialog, read aloud, follow-up suggestions,
 * regenerate with an angle, reply preferences, clear chat and the send key modes.
 */

const replies = (page: Page) => page.locator('[data-role="assistant"]');
const questions = (page: Page) => page.locator('[data-role="user"]');
const chatInput = (page: Page) => page.getByTestId('chat-composer').getByRole('textbox');
const isChatRequest = (r: Request) => r.method() === 'POST' && r.url().includes('/api/v1/chat2/');

async function send(page: Page, text: string): Promise<void> {
  const input = chatInput(page);
  await expect(input).toBeEditable();
  await input.fill(text);
  await input.press('Enter');
}

async function lastReplyDone(page: Page) {
  const reply = replies(page).last();
  await expect(reply).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
  return reply;
}

/**
 * Headless Chromium has no voices, so readings end at once or fail. This stand-in speaks until
 * cancelled and records what it was asked to read.
 */
async function fakeSpeech(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __spoken: { text: string; lang: string }[] };
    w.__spoken = [];
    let current: SpeechSynthesisUtterance | null = null;
    Object.defineProperty(window, 'speechSynthesis', {
      configurable: true,
      value: {
        speak(u: SpeechSynthesisUtterance) {
          current = u;
          w.__spoken.push({ text: u.text, lang: u.lang });
        },
        cancel() {
          const u = current;
          current = null;
          u?.onend?.(new Event('end') as SpeechSynthesisEvent);
        },
        getVoices: () => [],
      },
    });
  });
}

test.describe('chat actions', () => {
  test('desktop: stop, copy, like/dislike with report, voice, suggestions, regenerate, preferences, clear', async ({ page, context }) => {
    // Seven replies stream one after another (about 5 s each on a busy 2-core machine).
    test.setTimeout(180_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await fakeSpeech(page);
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());

    // The input starts at two rows.
    const rows = await chatInput(page).evaluate((el) => Math.round(el.clientHeight / parseFloat(getComputedStyle(el).lineHeight)));
    expect(rows).toBe(2);

    // Stop a reply that never ends.
    await send(page, '写一篇很长的文章 [demo:never-end]');
    await expect(replies(page).last()).toHaveAttribute('data-state', 'waite');
    await expect(chatInput(page)).toHaveAttribute('placeholder', 'AI正在思考...');
    // While a reply streams, Enter on a new question is refused (the input is disabled).
    await expect(chatInput(page)).toBeDisabled();
    // Leaving the page while a reply streams is refused.
    await page.getByText('首页', { exact: true }).first().click();
    await expect(page.getByText('正在对话中请等待对话完毕在进行跳转')).toBeVisible();
    await expect(page).toHaveURL(/\/msg\?/);
    await expect.poll(async () => ((await replies(page).last().textContent()) ?? '').length, { timeout: 15_000 }).toBeGreaterThan(20);
    await page.getByRole('button', { name: /停止生成/ }).click();
    await expect(page.getByText('暂停请求成功，可以点击继续重新提问！')).toBeVisible();
    await expect(replies(page).last()).toHaveAttribute('data-state', 'ok');

    // A failed reply can be asked again; the failed attempt stays only as a hidden sibling (branches). Sends are throttled to one a
    // second (docs/product/chat.md §9) and the stopped question may have gone out less than a second ago.
    await page.waitForTimeout(1_000);
    await send(page, '会失败的问题 [demo:error=500]');
    const failed = replies(page).last();
    await expect(failed).toHaveAttribute('data-state', 'error', { timeout: 15_000 });
    const repliesBefore = await replies(page).count();
    // Sends are throttled to one a second (docs/product/chat.md §9); the failure can come back sooner than that.
    await page.waitForTimeout(1_000);
    const retried = page.waitForRequest(isChatRequest);
    await failed.getByTestId('failed-reply-actions').getByRole('button', { name: '重新生成', exact: true }).click();
    expect((await retried).postDataJSON().prompt).toBe('会失败的问题 [demo:error=500]');
    await expect(replies(page).last()).toHaveAttribute('data-state', 'error', { timeout: 15_000 });
    expect(await replies(page).count()).toBe(repliesBefore);
    await expect(questions(page).filter({ hasText: '会失败的问题' })).toHaveCount(1);

    // A normal reply, its actions, and follow-up suggestions about a second later.
    const question = '什么是机器学习？';
    await send(page, question);
    const reply = await lastReplyDone(page);
    const actions = reply.getByTestId('message-actions');
    await expect(actions).toBeVisible();
    await expect(actions.getByTestId('reply-count')).toHaveText(/^\d+(\.\d)?[千万]?字$/);
    const suggestions = page.getByTestId('followup-suggestions');
    await expect(suggestions).toBeVisible({ timeout: 15_000 });
    await expect(suggestions.getByText('你可能还想问')).toBeVisible();
    const suggestionButtons = suggestions.getByRole('button');
    const count = await suggestionButtons.count();
    expect(count).toBeGreaterThanOrEqual(3);
    expect(count).toBeLessThanOrEqual(5);
    await expect(suggestionButtons.first()).toContainText('机器学习');
    await screenshot(page, 'actions-suggestions');

    // Copy: 复制成功 and a check for about a second.
    await actions.getByRole('button', { name: '复制', exact: true }).click();
    // The check shows for one second only: look for it first.
    await expect(actions.locator('.anticon-check')).toBeVisible();
    await expect(page.getByText('复制成功')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('什么是机器学习');
    await expect(actions.locator('.anticon-check')).toBeHidden({ timeout: 3_000 });

    // Like toggles on and off, stored on the server.
    const like = actions.getByRole('button', { name: '赞', exact: true });
    const voted = page.waitForResponse((r) => r.url().endsWith('/api/v1/chat/message/vote'));
    await like.click();
    expect((await (await voted).json()).data.vote).toBe(1);
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'false');

    // Dislike opens the report dialog: the reason is required, then 提交成功!.
    await actions.getByRole('button', { name: '踩', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '反馈问题' });
    await expect(dialog).toBeVisible();
    for (const label of ['有害/不安全', '低俗色情', '辱骂攻击', '违法违规', '其他']) await expect(dialog.getByText(label)).toBeVisible();
    await dialog.getByText('违法违规').click();
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await expect(dialog.getByText('请输入原因')).toBeVisible();
    await screenshot(page, 'actions-report');
    await dialog.getByPlaceholder('请描述您遇到的问题，帮助我们改进').fill('回答里的数据不准确');
    const reported = page.waitForRequest((r) => r.url().endsWith('/api/v1/chat/message/report'));
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    expect((await reported).postDataJSON()).toMatchObject({ category: 4, reason: '回答里的数据不准确', model: 'v35' });
    await expect(page.getByText('提交成功!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(actions.getByRole('button', { name: '踩', exact: true })).toHaveAttribute('aria-pressed', 'true');

    // Read aloud toggles between play and stop.
    await actions.getByRole('button', { name: '朗读' }).click();
    await expect(actions.getByRole('button', { name: '停止朗读' })).toHaveAttribute('aria-pressed', 'true');
    const spoken = await page.evaluate(() => (window as unknown as { __spoken: { text: string; lang: string }[] }).__spoken);
    expect(spoken.at(-1)?.lang).toBe('zh-CN');
    expect(spoken.at(-1)?.text).toContain('机器学习');
    expect(spoken.at(-1)?.text).not.toContain('```');
    await actions.getByRole('button', { name: '停止朗读' }).click();
    await expect(actions.getByRole('button', { name: '朗读' })).toHaveAttribute('aria-pressed', 'false');

    // Clicking a suggestion asks it.
    const suggested = (await suggestionButtons.first().textContent())!.trim();
    await suggestionButtons.first().click();
    await expect(questions(page).last()).toHaveText(suggested);
    await expect(suggestions).toBeHidden();
    await lastReplyDone(page);

    // Regenerate with another angle: the new reply shows in place of the last one (which stays as its sibling), the question asked again with prefs.angle.
    const before = await replies(page).count();
    const lastQuestion = (await questions(page).last().textContent())!;
    await replies(page)
      .last()
      .getByRole('button', { name: /换个角度重新生成/ })
      .click();
    const regenerated = page.waitForRequest(isChatRequest);
    await page.getByRole('menuitem', { name: '历史' }).click();
    const body = (await regenerated).postDataJSON();
    expect(body.prompt).toBe(lastQuestion);
    expect(body.prefs).toEqual({ angle: 'history' });
    // The question being asked again is not sent back as history.
    expect(body.messages.map((m: { content: string }) => m.content)).not.toContain(lastQuestion);
    await lastReplyDone(page);
    expect(await replies(page).count()).toBe(before);
    expect(await questions(page).filter({ hasText: lastQuestion }).count()).toBe(1);

    // Reply preferences ride on later questions.
    await page.getByTestId('tool-prefs').click();
    const prefs = page.getByTestId('reply-prefs');
    await expect(prefs).toBeVisible();
    await prefs.getByText('哲学', { exact: true }).click();
    await prefs.getByText('幽默', { exact: true }).click();
    await prefs.getByText('详细', { exact: true }).click();
    await screenshot(page, 'actions-prefs');
    await expect(page.getByTestId('tool-prefs')).toContainText('哲学');
    await page.keyboard.press('Escape');
    const withPrefs = page.waitForRequest(isChatRequest);
    await send(page, '人为什么要读书？');
    expect((await withPrefs).postDataJSON().prefs).toEqual({ angle: 'philosophy', modifiers: ['幽默'], length: 'long' });
    await lastReplyDone(page);
    await screenshot(page, 'actions-reply');

    // Example questions fill the input.
    await page.getByTestId('tool-examples').click();
    await page.getByTestId('examples-panel').getByText('创作', { exact: true }).click();
    await page.getByTestId('examples-panel').getByRole('button', { name: '帮我写一首关于秋天的七言绝句' }).click();
    await expect(chatInput(page)).toHaveValue('帮我写一首关于秋天的七言绝句');
    await chatInput(page).fill('');

    // Clear chat: back to the empty chat with its templates.
    await page.getByTestId('tool-clear').click();
    await expect(page.getByText('清空消息成功！')).toBeVisible();
    await expect(replies(page)).toHaveCount(0);
    await expect(page.getByTestId('model-intro')).toBeVisible();
    await screenshot(page, 'actions-cleared');
  });

  test('send key mode 2: Enter is a newline, Ctrl+Enter sends; the setting is kept locally', async ({ page }) => {
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());
    await page.getByTestId('send-key-setting').click();
    await page.getByRole('menuitem', { name: 'Ctrl+Enter 发送，Enter 换行' }).click();
    await expect(page.getByTestId('send-key-setting')).toContainText('Ctrl+Enter');
    await expect(chatInput(page)).toHaveAttribute('placeholder', '请输入您的问题，Ctrl+Enter 发送，Enter 换行');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('config_storage') ?? '{}').state)).toEqual({ sendKeyMode: 2 });

    await chatInput(page).fill('第一行');
    await chatInput(page).press('Enter');
    await chatInput(page).pressSequentially('第二行');
    await expect(chatInput(page)).toHaveValue('第一行\n第二行');
    await expect(questions(page)).toHaveCount(0);
    await screenshot(page, 'send-mode2');
    await chatInput(page).press('Control+Enter');
    await expect(questions(page).last()).toHaveText('第一行\n第二行');
    await lastReplyDone(page);

    // Kept after a reload; back to mode 1, Enter sends again and Shift+Enter is a newline.
    await page.reload();
    await expect(page.getByTestId('send-key-setting')).toContainText('Ctrl+Enter');
    await page.getByTestId('send-key-setting').click();
    await page.getByRole('menuitem', { name: 'Enter 发送，Shift+Enter 换行' }).click();
    await chatInput(page).fill('甲');
    await chatInput(page).press('Shift+Enter');
    await chatInput(page).pressSequentially('乙');
    await expect(chatInput(page)).toHaveValue('甲\n乙');
    await chatInput(page).press('Enter');
    await expect(questions(page).last()).toHaveText('甲\n乙');
    // A second Enter right away is throttled or refused while the reply is pending: one question only.
    await expect(questions(page).filter({ hasText: '甲' })).toHaveCount(1);
    await lastReplyDone(page);

    // Empty input: the spec's sentence.
    await chatInput(page).press('Enter');
    await expect(page.getByText('请输入需要提问的问题')).toBeVisible();
  });

  test('branches: regenerate keeps the first answer behind < 2/2 >, switching back shows it, a reload keeps the tree, 编辑 makes a sibling question', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());
    await send(page, '给我讲个笑话');
    const firstId = await (await lastReplyDone(page)).getAttribute('data-id');
    // Sends are throttled to one a second (docs/product/chat.md §9).
    await page.waitForTimeout(1_000);
    const regenerated = page.waitForRequest(isChatRequest);
    await replies(page).last().getByRole('button', { name: '重新生成', exact: true }).click();
    const body = (await regenerated).postDataJSON();
    expect(body.messageId).toBe(await questions(page).last().getAttribute('data-id'));
    const second = await lastReplyDone(page);
    const secondId = await second.getAttribute('data-id');
    expect(secondId).not.toBe(firstId);
    await expect(replies(page)).toHaveCount(1);
    const switcher = replies(page).last().getByTestId('branch-switcher');
    await expect(switcher).toContainText('2/2');
    await expect(switcher.getByRole('button', { name: '下一个' })).toBeDisabled();

    await switcher.getByRole('button', { name: '上一个' }).click();
    await expect(replies(page).last()).toHaveAttribute('data-id', firstId!);
    await expect(replies(page).last().getByTestId('branch-switcher')).toContainText('1/2');
    await replies(page).last().getByTestId('branch-switcher').scrollIntoViewIfNeeded();
    await screenshot(page, 'branches-switcher');

    // The tree and the picked answer are kept after a reload.
    await page.reload();
    await expect(replies(page).last()).toHaveAttribute('data-id', firstId!);
    await expect(replies(page).last().getByTestId('branch-switcher')).toContainText('1/2');
    await replies(page).last().getByRole('button', { name: '下一个' }).click();
    await expect(replies(page).last()).toHaveAttribute('data-id', secondId!);

    // 编辑 the question: 发送 asks the new text beside it, with nothing before it as history.
    await page.waitForTimeout(1_000);
    await questions(page).last().getByRole('button', { name: '编辑', exact: true }).click();
    const editor = page.getByTestId('question-editor');
    await editor.getByRole('textbox', { name: '编辑问题' }).fill('再讲一个笑话');
    const edited = page.waitForRequest(isChatRequest);
    await editor.getByRole('button', { name: '发送' }).click();
    const editBody = (await edited).postDataJSON();
    expect(editBody).toMatchObject({ prompt: '再讲一个笑话', parentId: '', messages: [] });
    await lastReplyDone(page);
    await expect(questions(page)).toHaveCount(1);
    await expect(questions(page).last()).toContainText('再讲一个笑话');
    await expect(questions(page).last().getByTestId('branch-switcher')).toContainText('2/2');
    await questions(page).last().getByRole('button', { name: '上一个' }).click();
    await expect(questions(page).last()).toContainText('给我讲个笑话');
    await expect(replies(page).last()).toHaveAttribute('data-id', secondId!);

    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'branches-switcher-mobile');
  });

  test('mobile: reply actions, report dialog, suggestions and clear from the plus panel', async ({ page }) => {
    await fakeSpeech(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());
    await send(page, '怎样养成早睡的习惯？');
    const reply = await lastReplyDone(page);
    const actions = reply.getByTestId('message-actions');
    await expect(actions.getByRole('button', { name: '复制', exact: true })).toBeVisible();
    const suggestions = page.getByTestId('followup-suggestions');
    await expect(suggestions).toBeVisible({ timeout: 15_000 });
    await screenshot(page, 'actions-mobile');

    await actions.getByRole('button', { name: '朗读' }).click();
    await expect(actions.getByRole('button', { name: '停止朗读' })).toBeVisible();
    await actions.getByRole('button', { name: '停止朗读' }).click();

    await actions.getByRole('button', { name: '踩', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '反馈问题' });
    await expect(dialog).toBeVisible();
    await dialog.getByPlaceholder('请描述您遇到的问题，帮助我们改进').fill('答非所问');
    await screenshot(page, 'actions-mobile-report');
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await expect(page.getByText('提交成功!')).toBeVisible();

    const suggested = (await suggestions.getByRole('button').first().textContent())!.trim();
    await suggestions.getByRole('button').first().click();
    await expect(questions(page).last()).toHaveText(suggested);
    await lastReplyDone(page);

    // The plus panel's 清空对话 goes through the tool bus ('clear').
    await page.getByTestId('mobile-plus').click();
    await page
      .getByTestId('mobile-plus-panel')
      .getByRole('menuitem', { name: /清空对话/ })
      .click();
    await expect(page.getByText('清空消息成功！')).toBeVisible();
    await expect(replies(page)).toHaveCount(0);
    await screenshot(page, 'actions-mobile-cleared');
  });

  test('share a chat: the link opens the server-rendered page with the answer; 撤销分享 makes it a 404 page', async ({ page, context }) => {
    test.setTimeout(120_000);
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());
    await send(page, '长城有多长？');
    const reply = await lastReplyDone(page);
    // A stretch of the answer's first line, as the share page shows it too.
    const answer = ((await reply.locator('p').first().innerText()).trim().split('\n')[0] ?? '').slice(0, 12);
    expect(answer.length).toBeGreaterThan(3);

    // 导出 → Markdown downloads the chat with its Chinese title.
    await page.getByTestId('chat-export').hover();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Markdown' }).click();
    expect((await download).suggestedFilename()).toMatch(/^长城有多长.*\.md$/);

    await page.getByTestId('chat-share').click();
    const url = await page.getByTestId('share-url').inputValue();
    expect(url).toMatch(/\/s\/[\w-]{43}$/);
    await screenshot(page, 'share-dialog');

    const shared = await context.newPage();
    for (const [width, height] of [[1366, 900], [390, 844]] as const) {
      await shared.setViewportSize({ width, height });
      await shared.goto(url);
      await expect(shared.getByRole('heading', { level: 1 })).toHaveText('长城有多长？');
      await expect(shared.locator('main')).toContainText(answer);
      await expect(shared.getByText('内容由AI生成，仅供参考，请遵守《用户协议》')).toBeVisible();
      await screenshot(shared, `share-page-${width}`);
    }

    await page.getByTestId('share-revoke').click();
    await expect(page.getByText('已撤销，链接失效')).toBeVisible();
    const gone = await shared.goto(url);
    expect(gone?.status()).toBe(404);
    await expect(shared.getByText('这个分享链接不存在或已被撤销。')).toBeVisible();

    // On a phone the header keeps 分享 and 导出 as icons beside the history button.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('chat-share')).toBeVisible();
    await expect(page.getByTestId('chat-export')).toBeVisible();
    await screenshot(page, 'share-chat-header-390');
  });
});
