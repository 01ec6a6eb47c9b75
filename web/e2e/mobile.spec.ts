import { expect, test, type Page } from '@playwright/test';
import { loginWithDevCode, screenshot, uniquePhone } from './helpers';

/** The mobile chat shell (docs/product/chat.md §2): pill input with a plus panel, drawer of models, floating actions. */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const modelName = (page: Page) => page.getByTestId('chat-model-name');

test.describe('mobile chat', () => {
  test('empty chat, plus panel of shortcuts, creation center', async ({ page }) => {
    await page.goto('/chat?type=v35');
    await expect(modelName(page)).toHaveText('万象 3.5');
    await expect(page.getByTestId('model-intro').getByTestId('recommended-model')).toHaveCount(5);
    await expect(page.getByTestId('mobile-actions')).toBeVisible();
    await screenshot(page, 'mobile-empty');

    await page.getByTestId('mobile-plus').click();
    const panel = page.getByTestId('mobile-plus-panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('menuitem')).toHaveText([
      '图片理解',
      '文档理解',
      '视频理解',
      '语音理解',
      '网页理解',
      '创作中心',
      '角色扮演',
      '提问示例',
      '清空对话',
    ]);
    await screenshot(page, 'mobile-plus');

    // A tool shortcut closes the panel and asks its tool to open through the tool bus.
    await panel.getByRole('menuitem', { name: '网页理解' }).click();
    await expect(panel).toBeHidden();
    const tool = page.getByRole('dialog', { name: '网页理解' });
    await expect(tool).toBeVisible();
    await screenshot(page, 'mobile-plus-web-tool');
    await page.keyboard.press('Escape');
    await expect(tool).toBeHidden();

    await page.getByTestId('mobile-plus').click();
    await page.getByTestId('mobile-plus-panel').getByRole('menuitem', { name: '创作中心' }).click();
    await expect(page).toHaveURL(/\/AiWriter\/AiWritingAssistant/);
  });

  test('left drawer of models, floating actions, history', async ({ page }) => {
    await page.goto('/chat?type=v35');
    await loginWithDevCode(page, uniquePhone());

    // The title bar's model name opens the drawer: groups beside the group's models.
    await modelName(page).click();
    const drawer = page.getByTestId('mobile-model-drawer');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('button', { name: '网页理解', exact: true })).toBeVisible();
    await screenshot(page, 'mobile-drawer');
    // The drawer leads to the full 'More' modal too (search and group filter).
    await page.getByRole('button', { name: '更多模型' }).click();
    const more = page.getByRole('dialog', { name: '切换模型' });
    await expect(more).toBeVisible();
    await more.getByPlaceholder('搜索模型').fill('GLM');
    await expect(more.getByTestId('model-card').first()).toBeVisible();
    await screenshot(page, 'mobile-more');
    await page.keyboard.press('Escape');
    await expect(more).toBeHidden();
    await modelName(page).click();
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'Kimi', exact: true }).click();
    await drawer.locator('[data-testid="model-card"][data-key="moonshot_v1_32k"]').click();
    await expect(drawer).toBeHidden();
    await expect(modelName(page)).toHaveText('Kimi 32K');

    // Floating switch-model (behind the actions button) opens the drawer again, on the current model's group.
    const actions = page.getByTestId('mobile-actions');
    await actions.getByRole('button', { name: '更多功能' }).click();
    await screenshot(page, 'mobile-actions');
    await actions.getByRole('button', { name: '切换模型' }).click();
    await expect(drawer).toBeVisible();
    await expect(drawer.locator('[data-testid="model-card"][data-key="moonshot_v1_32k"]')).toHaveAttribute('aria-selected', 'true');
    await drawer.locator('[data-testid="model-card"][data-key="moonshot_v1_8k"]').click();
    await expect(modelName(page)).toHaveText('Kimi 8K');

    // Ask, then new message and history from the floating actions.
    const input = page.getByTestId('chat-composer').getByRole('textbox');
    await input.fill('你好，介绍一下你自己');
    await input.press('Enter');
    await expect(page.locator('[data-role="assistant"]').last()).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
    await screenshot(page, 'mobile-chat');
    await actions.getByRole('button', { name: '更多功能' }).click();
    await actions.getByRole('button', { name: '新建对话' }).click();
    await expect(page.getByTestId('model-intro')).toBeVisible();
    await actions.getByRole('button', { name: '更多功能' }).click();
    await actions.getByRole('button', { name: '历史记录' }).click();
    await expect(page.getByTestId('history-panel')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('history-panel')).toBeHidden();
    // The title bar has a history button too.
    await page.getByTestId('chat-header').getByRole('button', { name: '历史记录' }).click();
    await expect(page.getByTestId('history-panel')).toBeVisible();
    await expect(page.getByTestId('history-panel').getByText('你好，介绍一下你自己')).toBeVisible();
    await screenshot(page, 'mobile-history');
  });
});
