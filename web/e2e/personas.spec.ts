import { expect, test, type Page } from '@playwright/test';
import { loginWithDevCode, screenshot, uniquePhone } from './helpers';

/** The persona dialog (docs/product/prompts-and-personas.md §2, §5) against the real server. */

const chatInput = (page: Page) => page.getByTestId('chat-composer').getByRole('textbox');
const dialog = (page: Page) => page.getByTestId('persona-dialog');
const personaCards = (page: Page) => dialog(page).getByTestId('persona-card');

async function openPersonas(page: Page): Promise<void> {
  await page.getByTestId('tool-persona').click();
  await expect(dialog(page)).toBeVisible();
  await expect(personaCards(page).first()).toBeVisible();
}

test.describe('personas', () => {
  test('guest: search and view read-only; add is disabled until login', async ({ page }) => {
    await page.goto('/chat?type=v35');
    await openPersonas(page);
    await expect(dialog(page).getByRole('button', { name: /新增角色/ })).toBeDisabled();
    await expect(personaCards(page)).toHaveCount(8);
    await screenshot(page, 'persona-desktop-list');

    // Search (debounced) narrows the list; paging shows the rest of the built-ins.
    await dialog(page).getByPlaceholder('搜索角色').fill('面试');
    await expect(personaCards(page)).toHaveCount(1);
    await expect(personaCards(page).first()).toContainText('面试官');
    await dialog(page).getByPlaceholder('搜索角色').fill('');
    await expect(personaCards(page)).toHaveCount(8);
    await dialog(page).locator('.ant-pagination-item-2').click();
    await expect(personaCards(page)).toHaveCount(4);

    // Viewing is read-only: submitting is refused with 请勿操作.
    await personaCards(page)
      .first()
      .getByRole('button', { name: /查\s*看/ })
      .click();
    const view = page.getByTestId('persona-view');
    await expect(view).toBeVisible();
    await expect(view.getByPlaceholder('例如：英语口语陪练')).toHaveAttribute('readonly', '');
    await view.getByRole('button', { name: /提交审核/ }).click();
    await expect(page.getByText('请勿操作')).toBeVisible();
    await screenshot(page, 'persona-desktop-view');
    await view.getByRole('button', { name: /返\s*回/ }).click();
    await expect(dialog(page)).toBeVisible();
  });

  test('add: every validation message, then pending in orange for its author only', async ({ page, browser }) => {
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());
    await openPersonas(page);
    await dialog(page)
      .getByRole('button', { name: /新增角色/ })
      .click();
    const form = page.getByTestId('persona-form');
    const submit = () => form.getByRole('button', { name: /提交审核/ }).click();
    const error = form.getByTestId('persona-form-error');

    // The one starting line has no content yet.
    await submit();
    await expect(error).toHaveText('请输入对话内容');
    // No lines at all.
    await form.getByRole('button', { name: '删除' }).click();
    await submit();
    await expect(error).toHaveText('请填写对话数据');
    await form.getByRole('button', { name: /添加一条对话/ }).click();
    await form.getByTestId('persona-line').getByPlaceholder('内容').fill('你是一位耐心的围棋老师，用简单的比喻讲解棋理。');
    await submit();
    await expect(error).toHaveText('请输入头像链接地址');
    await form.getByPlaceholder('https://...').fill('not-a-link');
    await submit();
    await expect(error).toHaveText('请输入正确的头像链接地址');
    await form.getByPlaceholder('https://...').fill('https://example.com/go.png');
    await submit();
    await expect(error).toHaveText('请输入角色标题');
    const title = `围棋老师${Date.now() % 100000}`;
    await form.getByPlaceholder('例如：英语口语陪练').fill(title);
    await form.getByPlaceholder('一句话介绍这个角色').fill('陪你下棋复盘');
    await submit();
    await expect(page.getByText('提交成功,耐心等待审核!')).toBeVisible();

    // Back in the list, first, with an orange 审核中 tag.
    await expect(dialog(page)).toBeVisible();
    const mine = personaCards(page).first();
    await expect(mine).toContainText(title);
    const tag = mine.getByTestId('persona-status');
    await expect(tag).toHaveText('审核中');
    await expect(tag).toHaveAttribute('data-color', 'orange');
    await expect(tag).toHaveClass(/orange/);
    await screenshot(page, 'persona-desktop-pending');

    // Another visitor does not see it.
    const other = await browser.newPage();
    await other.goto('/chat?type=v35');
    await openPersonas(other);
    await dialog(other).getByPlaceholder('搜索角色').fill(title);
    await expect(dialog(other).getByText('暂无角色')).toBeVisible();
    await other.close();
  });

  test('start a chat: a new session led by the persona, shown at the top, its context reaching the model', async ({ page }) => {
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());
    await openPersonas(page);
    await dialog(page).getByPlaceholder('搜索角色').fill('Linux');
    await expect(personaCards(page)).toHaveCount(1);
    await personaCards(page)
      .first()
      .getByRole('button', { name: /开始对话/ })
      .click();
    await expect(dialog(page)).toBeHidden();
    const header = page.getByTestId('persona-header');
    await expect(header).toContainText('Linux 终端');

    const sent = page.waitForRequest((r) => r.url().includes('/api/v1/chat2/') && r.method() === 'POST');
    await chatInput(page).fill('ls');
    await chatInput(page).press('Enter');
    const body = (await sent).postDataJSON() as { personaId?: number };
    expect(body.personaId).toBeGreaterThan(0);
    await expect(page.locator('[data-role="assistant"]').last()).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
    await screenshot(page, 'persona-desktop-chat');

    // The header stays after a reload (the session keeps its personaId).
    await page.reload();
    await expect(page.getByTestId('persona-header')).toContainText('Linux 终端');
    // A new chat is an ordinary one again.
    await page
      .getByRole('button', { name: /新建对话/ })
      .first()
      .click();
    await expect(page.getByTestId('persona-header')).toBeHidden();
  });

  test('mobile: the dialog fills the screen, one persona a row', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/chat?type=v35');
    await openPersonas(page);
    // Measured once the dialog's zoom-in animation has settled.
    await expect
      .poll(async () => {
        const a = await personaCards(page).nth(0).boundingBox();
        const b = await personaCards(page).nth(1).boundingBox();
        return Boolean(a && b && b.y >= a.y + a.height - 1 && a.width > 300);
      })
      .toBe(true);
    await screenshot(page, 'persona-mobile');
    await personaCards(page)
      .first()
      .getByRole('button', { name: /开始对话/ })
      .click();
    await expect(page.getByTestId('persona-header')).toBeVisible();
    await screenshot(page, 'persona-mobile-chat');
  });
});
