import { expect, test, type Page } from '@playwright/test';
import { loginByApi as login, screenshot } from './helpers';

/**
 * Search hub and landings (docs/product/search.md §2, §4, §5, §8) against the real server:
 * hot lists replayed by the fake sources, intent detection and AI search answers by the demo
 * upstream with the offline demo web search.
 */

const box = (page: Page) => page.getByRole('textbox', { name: '请输入您想搜索的内容' });
const searchButton = (page: Page) => page.getByRole('button', { name: '搜索一下' });

// The machine is shared: the first render of a lazy page can take several seconds.
test.describe.configure({ timeout: 120_000 });
const SLOW = { timeout: 30_000 };

test.describe('search landings', () => {
  test('AI search landing: hot cards with 换一换, empty query message, login required', async ({ page }) => {
    await page.goto('/aiSearch/serachnet');
    const zhihu = page.getByTestId('hot-zhihu');
    await expect(zhihu).toContainText('如何看待2026年高考报名人数再创新高？', SLOW);
    await expect(page.getByTestId('hot-baidu')).toContainText('全国多地迎来今冬首场降雪');
    await expect(page.getByTestId('hot-weibo')).toContainText('冬日暖阳下的故宫');
    // 10 entries a page; the advertised Weibo entry is not there.
    await expect(zhihu.getByRole('listitem')).toHaveCount(10);
    await expect(page.getByTestId('hot-weibo')).not.toContainText('品牌推广');
    await zhihu.getByRole('button', { name: '换一换' }).click();
    await expect(zhihu).toContainText('猫咪为什么喜欢把东西推下桌子？');
    await expect(zhihu).not.toContainText('如何看待2026年高考报名人数再创新高？');
    await screenshot(page, 'search-landing-ai');

    await searchButton(page).click();
    await expect(page.getByText('请输入内容后搜索！')).toBeVisible();
    await box(page).fill('今天有什么新闻');
    await searchButton(page).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('AI search answer with sources, back to the landing, history add and delete', async ({ page, request }) => {
    await login(page, request);
    await page.goto('/aiSearch/serachnet');
    await expect(box(page)).toBeVisible(SLOW);
    await box(page).fill('  量子 计算 最新进展 ');
    await searchButton(page).click();
    const answer = page.getByTestId('ai-search-answer');
    await expect(answer.getByText('信息来源', { exact: false })).toBeVisible({ timeout: 30_000 });
    const firstSource = answer.getByRole('listitem').first().getByRole('link');
    await expect(firstSource).toHaveAttribute('href', /^https?:\/\//);
    const firstHref = await firstSource.getAttribute('href');
    await expect(answer.locator('.markdown-body, [class*="answerText"]').first()).not.toBeEmpty({ timeout: 30_000 });
    await screenshot(page, 'search-ai-answer');

    const history = page.getByTestId('search-history');
    await expect(history.getByText(/量子\s*计算/).first()).toBeVisible({ timeout: 10_000 });
    await page.getByRole('button', { name: '返回' }).click();
    await expect(page.getByTestId('hot-zhihu')).toBeVisible();

    // Picking it again shows the saved answer with the same sources, without searching again.
    await history.getByText(/量子\s*计算/).first().click();
    await expect(answer.getByText('信息来源', { exact: false })).toBeVisible({ timeout: 15_000 });
    await expect(answer.getByRole('listitem').first().getByRole('link')).toHaveAttribute('href', firstHref ?? '');
    await page.getByRole('button', { name: '返回' }).click();
    await expect(page.getByTestId('hot-zhihu')).toBeVisible();

    // Delete every row of that search (the local row and the server conversation).
    for (let i = 0; i < 3 && (await history.getByText(/量子\s*计算/).count()) > 0; i++) {
      await history
        .getByRole('button', { name: /^删除 / })
        .first()
        .click();
      await page
        .getByRole('tooltip')
        .getByRole('button', { name: /OK|确\s*定/ })
        .click();
      await page.waitForTimeout(300);
    }
    await expect(history.getByText(/量子\s*计算/)).toHaveCount(0);
  });

  test('search-by-home: six tools with 立即体验 and a search-type selector that hands the query over', async ({ page, request }) => {
    await login(page, request);
    await page.goto('/aiSearch/searchByhome');
    await expect(page.getByRole('button', { name: '立即体验' })).toHaveCount(6, SLOW);
    await screenshot(page, 'search-landing-home');
    await page.getByText('找网站', { exact: true }).first().click();
    await box(page).fill('在线 PDF 转换');
    await searchButton(page).click();
    await expect(page).toHaveURL(/\/aiSearch\/lookforweb\?value=/);
  });
});

test.describe('unified search page', () => {
  test('intent picks the category; blank does nothing; switching category resets', async ({ page, request }) => {
    await login(page, request);
    await page.goto('/aiSearch/index');
    await expect(searchButton(page)).toBeVisible(SLOW);
    await searchButton(page).click();
    await expect(page.getByRole('tab')).toHaveCount(0);

    await box(page).fill('python 官网');
    await searchButton(page).click();
    await expect(page.getByRole('tab', { name: '网站', selected: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('识别意图：用户想查找网站')).toBeVisible();
    await expect(page.getByRole('button', { name: '前往找网站查看结果' })).toBeVisible();
    await screenshot(page, 'search-hub-website');

    await page.getByRole('tab', { name: '学术' }).click();
    await expect(page.getByRole('radio', { name: '谷歌学术' })).toBeChecked();
    // The scholar source answers a list, 暂无数据 or 搜索失败 (whatever it can), never a blank page.
    await expect(
      page.getByTestId('hub-results').or(page.getByText('暂无数据')).or(page.getByText('搜索失败,或没有相关内容...')),
    ).toBeVisible({ timeout: 20_000 });
    await screenshot(page, 'search-hub-academic');
  });
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('landing and hub fit a phone; the history panel opens at half width', async ({ page, request }) => {
    await login(page, request);
    await page.goto('/aiSearch/serachnet');
    await expect(page.getByTestId('hot-zhihu')).toContainText('如何看待2026年高考报名人数再创新高？', SLOW);
    await screenshot(page, 'search-landing-ai-mobile');
    await page.getByRole('button', { name: '搜索历史' }).click();
    const panel = page.getByTestId('search-history');
    await expect(panel).toBeVisible();
    const width = await panel.evaluate((el) => el.getBoundingClientRect().width);
    expect(Math.abs(width - 195)).toBeLessThan(20);
    await screenshot(page, 'search-history-mobile');
    await page.goto('/aiSearch/index');
    await expect(searchButton(page)).toBeVisible();
    await screenshot(page, 'search-hub-mobile');
  });
});
