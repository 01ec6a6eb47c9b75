import { expect, test, type Page } from '@playwright/test';
import { loginWithDevCode, screenshot, uniquePhone } from './helpers';

/** Model menus, routing by model key, the empty chat and the chart model (docs/product/chat.md §1, §9). */

const b64 = (key: string) => Buffer.from(key, 'utf8').toString('base64');
const modelName = (page: Page) => page.getByTestId('chat-model-name');
const chatInput = (page: Page) => page.getByTestId('chat-composer').getByRole('textbox');
const picker = (page: Page) => page.getByRole('dialog', { name: '切换模型' });

// prettier-ignore
const GROUP_LABELS = [
  '推荐', 'DeepSeek', 'Chat4.0', '智谱', '代码', 'Kimi', '豆包', '文心', '通义', 'Llama', '图表模型', '数据分析', '联网模型',
  '多模型对抗', '综合常规', '极速模式', '图片理解', '文档理解', '语音理解', '视频理解', '网页理解',
];

test.describe('model menus (desktop)', () => {
  test('More modal: every group as a filter, search, custom tab empty state, pick a model', async ({ page }) => {
    await page.goto('/chat?type=v35');
    await expect(modelName(page)).toHaveText('万象 3.5');

    // Empty chat: the model card, 6 recommended models and a 'more' tile with the count.
    const intro = page.getByTestId('model-intro');
    await expect(intro).toBeVisible();
    await expect(intro.getByTestId('recommended-model')).toHaveCount(6);
    await expect(intro.getByTestId('recommended-more')).toContainText(/共 \d+ 个/);
    await expect(intro.getByRole('button', { name: '量子计算和传统计算有什么区别？' })).toBeVisible();
    await expect(intro.getByRole('button', { name: '帮我写一首关于秋天的七言绝句' })).toBeVisible();
    await screenshot(page, 'menus-empty-chat');

    await intro.getByTestId('recommended-more').click();
    const dialog = picker(page);
    await expect(dialog).toBeVisible();
    const groups = dialog.getByTestId('menu-group');
    await expect(groups).toHaveCount(GROUP_LABELS.length + 1);
    for (const label of GROUP_LABELS) await expect(groups.filter({ hasText: new RegExp(`^${label}\\d+$`) })).toHaveCount(1);
    await screenshot(page, 'menus-more');

    // The custom cloud tab has no models yet: it says so and leads back to the curated ones.
    await dialog.getByText('自定义云端模型').click();
    await expect(dialog.getByTestId('custom-models-empty')).toContainText('还没有自定义云端模型');
    await screenshot(page, 'menus-custom-empty');
    await dialog.getByRole('button', { name: '查看精选模型' }).click();
    await expect(groups.first()).toBeVisible();

    // Group filter.
    await groups.filter({ hasText: /^图表模型\d+$/ }).click();
    await expect(dialog.getByTestId('model-card')).toHaveCount(1);
    await expect(dialog.getByTestId('model-card')).toHaveAttribute('data-key', 'echarts');
    await groups.filter({ hasText: /^Kimi\d+$/ }).click();
    await expect(dialog.getByTestId('model-card')).toHaveCount(3);

    // Search across every group.
    await groups.first().click();
    await dialog.getByPlaceholder('搜索模型').fill('通义');
    const found = dialog.getByTestId('model-card');
    await expect(found.first()).toBeVisible();
    for (const text of await found.allTextContents()) expect(text).toContain('通义');
    await dialog.getByPlaceholder('搜索模型').fill('没有这个模型');
    await expect(dialog.getByText('未找到相关模型')).toBeVisible();
    await dialog.getByPlaceholder('搜索模型').fill('Kimi 128K');
    await screenshot(page, 'menus-search');
    await dialog.getByTestId('model-card').first().click();
    await expect(dialog).toBeHidden();
    await expect(modelName(page)).toHaveText('Kimi 128K');
    await expect(page).toHaveURL(new RegExp(`/msg\\?type=${encodeURIComponent(b64('moonshot_v1_128k'))}`));

    // Title bar: switch model.
    await page.getByTestId('switch-model').click();
    await picker(page)
      .getByTestId('menu-group')
      .filter({ hasText: /^DeepSeek\d+$/ })
      .click();
    await picker(page).locator('[data-testid="model-card"][data-key="deepseek-r1"]').click();
    await expect(modelName(page)).toHaveText('DeepSeek-R1');
    await screenshot(page, 'menus-title-bar');

    // Title bar: the model's name opens the menu of every group, each a submenu of its models
    // (a submenu title's accessible name ends with its arrow icon's label, "right").
    await page.getByTestId('model-groups-menu').click();
    const menu = page.getByRole('menu').first();
    await expect(menu).toBeVisible();
    for (const label of GROUP_LABELS) await expect(menu.getByRole('menuitem', { name: `${label} right`, exact: true })).toHaveCount(1);
    await menu.getByRole('menuitem', { name: 'Kimi right', exact: true }).click();
    await expect(page.getByRole('menuitem', { name: /Kimi 32K/ })).toBeVisible();
    await screenshot(page, 'menus-groups-menu');
    await page.getByRole('menuitem', { name: /Kimi 32K/ }).click();
    await expect(modelName(page)).toHaveText('Kimi 32K');
  });

  test('routing: /msg?type=<base64>, /chat?type=<key or base64>, unknown -> index, bottomType kept', async ({ page }) => {
    await page.goto(`/msg?type=${encodeURIComponent(b64('deepseek-r1'))}`);
    await expect(modelName(page)).toHaveText('DeepSeek-R1');

    await page.goto('/chat?type=echarts');
    await expect(page).toHaveURL(/\/msg\?type=/);
    await expect(modelName(page)).toHaveText('图表模型');

    await page.goto(`/chat?type=${encodeURIComponent(b64('glm_4_flash'))}`);
    await expect(modelName(page)).toHaveText('GLM-4-Flash');

    await page.goto('/msg?type=no-such-model');
    await expect(modelName(page)).toHaveText('万象超级对话');
    await page.goto(`/msg?type=${encodeURIComponent(b64('no-such-model'))}`);
    await expect(modelName(page)).toHaveText('万象超级对话');

    // bottomType still opens its tool through the routing (the voice import dialog).
    await page.goto(`/chat?type=${encodeURIComponent(b64('v35'))}&bottomType=voice`);
    await expect(page).toHaveURL(/bottomType=voice/);
    await expect(modelName(page)).toHaveText('万象 3.5');
    await expect(page.getByRole('dialog')).toBeVisible();
    await screenshot(page, 'menus-bottom-type');
    await page.keyboard.press('Escape');

    // A points model: the empty chat shows its badge and its tags.
    await page.goto('/chat?type=v40');
    await expect(modelName(page)).toHaveText('GPT-4.0');
    const intro = page.getByTestId('model-intro');
    await expect(intro).toContainText('每次消耗 5 积分');
    await expect(intro).toContainText('高阶模型');
    await expect(intro).toContainText('会员专享');
  });

  test('examples ask; the chart model draws its ```echarts answer; no switching while it streams', async ({ page }) => {
    await page.goto('/chat?type=echarts');
    await loginWithDevCode(page, uniquePhone());
    await expect(modelName(page)).toHaveText('图表模型');

    // An example question is asked at once.
    const example = '量子计算和传统计算有什么区别？';
    await page.getByTestId('model-intro').getByRole('button', { name: example }).click();
    await expect(page.locator('[data-role="user"]').last()).toHaveText(example);

    // While the reply streams the title bar refuses to switch.
    await page.getByTestId('switch-model').click();
    await expect(page.getByText('请等待回话回复完成！')).toBeVisible();
    await expect(picker(page)).toBeHidden();

    const reply = page.locator('[data-role="assistant"]').last();
    await expect(reply).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
    const chart = reply.locator('[data-testid="echarts-chart"][data-chart-state="ready"]');
    await expect(chart).toBeVisible();
    await expect(chart.locator('canvas').first()).toBeVisible();
    const box = await chart.locator('canvas').first().boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(300);
    expect(box?.height ?? 0).toBeGreaterThan(200);
    await reply.scrollIntoViewIfNeeded();
    await screenshot(page, 'echarts-chart');

    // A second question: still a chart, and the input works.
    await chatInput(page).fill('各渠道销售额占比');
    await chatInput(page).press('Enter');
    await expect(page.locator('[data-role="assistant"]')).toHaveCount(2);
    await expect(page.locator('[data-role="assistant"]').last()).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
    await expect(page.locator('[data-role="assistant"]').last().locator('[data-chart-state="ready"] canvas').first()).toBeVisible();
  });
});
