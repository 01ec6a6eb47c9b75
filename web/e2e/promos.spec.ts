import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEV_SMS_CODE, screenshot, uniquePhone } from './helpers';
import { e2ePromosFile, quietPromos, shippedPromos, writePromos } from './promos-file';

/**
 * App-wide promos against the real server and the shipped promos.json (docs/product/promos.md §2, §4, §9): the notice
 * and 不再提醒, the banana promo once per md5, the logged-in global notice and its confirm action,
 * the search-engine guide, the DeepSeek dialog cookie, the mobile first-entry carousel, service
 * icon and download bar, /mobilepage suppression, the update dialog (need_down cannot be closed,
 * 稍后 keeps quiet), the National Day poster under a fixed clock, and the new-year float counter.
 * The suite's server starts with a quiet promos file (e2e/promos-file.ts): this spec swaps in the
 * shipped one for its tests and puts the quiet one back after. Each test silences the promos it is
 * not about (their cookies and localStorage marks), so each one is seen on its own.
 */

test.beforeAll(() => writePromos(e2ePromosFile(), shippedPromos()));
test.afterAll(() => writePromos(e2ePromosFile(), quietPromos()));

type Piece = 'notice' | 'model' | 'guide' | 'deepseek' | 'firstEntry' | 'service';

interface Server {
  md5: string;
  sign: string;
}

async function serverState(page: Page): Promise<Server> {
  const init = await (await page.request.post('/api/v2/config/init', { data: { source: 'web' } })).json();
  const notice = await (await page.request.get('/api/v1/config/notice')).json();
  return { md5: init.data.model.md5 as string, sign: notice.data.sign as string };
}

/** Pre-dismiss every piece except `keep` (values set only when absent, so the app's own writes survive reloads). */
async function only(page: Page, context: BrowserContext, keep: Piece[]): Promise<void> {
  const s = await serverState(page);
  const off = (p: Piece) => !keep.includes(p);
  await page.addInitScript(
    ({ s, off }) => {
      const setIfAbsent = (k: string, v: string) => localStorage.getItem(k) === null && localStorage.setItem(k, v);
      if (off.notice) setIfAbsent('notice_sign', s.sign);
      if (off.model) setIfAbsent('bananaModalMd5', s.md5);
      if (off.firstEntry) setIfAbsent('isFirst', '1');
    },
    { s, off: { notice: off('notice'), model: off('model'), firstEntry: off('firstEntry') } },
  );
  const names = { guide: 'guide_modal', deepseek: 'deepSeek_modal', service: 'customer_kefu' } as const;
  const domain = new URL(test.info().project.use.baseURL!).hostname;
  const cookies = (Object.keys(names) as (keyof typeof names)[])
    .filter(off)
    .map((p) => ({ name: names[p], value: '1', domain, path: '/' }));
  if (cookies.length) await context.addCookies(cookies);
}

/** Wait until a call has answered (so "it did not show" is checked after the data arrived). */
const answered = (page: Page, path: string) => page.waitForResponse((r) => r.url().includes(path) && r.status() === 200);

async function loginByApi(page: Page): Promise<void> {
  const res = await page.request.post('/api/v1/user/phoneLogin', {
    data: { phone: uniquePhone(), code: DEV_SMS_CODE, app_channel: 'web' },
  });
  const body = await res.json();
  expect(body.code).toBe(200);
  await page.evaluate(
    (info) => localStorage.setItem('user_storage', JSON.stringify({ state: { token: info.token, user: info }, version: 0 })),
    body.data,
  );
}

const dialogWith = (page: Page, testId: string) => page.getByRole('dialog').filter({ has: page.getByTestId(testId) });

test('notice: shows its lines; 不再提醒 keeps it closed after reload', async ({ page, context }) => {
  await only(page, context, ['notice']);
  await page.goto('/');
  const dialog = dialogWith(page, 'notice-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('尊敬的用户：')).toBeVisible();
  await expect(dialog.locator('p')).toHaveCount(4);
  await screenshot(page, 'promos-notice-desktop');
  await dialog.getByRole('button', { name: '不再提醒' }).click();
  await expect(dialog).toBeHidden();
  const { sign } = await serverState(page);
  expect(await page.evaluate(() => localStorage.getItem('notice_sign'))).toBe(sign);

  const reloaded = answered(page, '/api/v1/config/notice');
  await page.reload();
  await reloaded;
  await page.waitForTimeout(500);
  await expect(dialogWith(page, 'notice-dialog')).toHaveCount(0);
});

test('model promo: shows once per md5, its button navigates, a new md5 shows it again', async ({ page, context }) => {
  await only(page, context, ['model']);
  await page.goto('/');
  const dialog = dialogWith(page, 'model-promo');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('香蕉绘图模型上线')).toBeVisible();
  await expect(dialog.locator('b')).toHaveText('Nano Banana');
  await screenshot(page, 'promos-banana-desktop');
  await dialog.getByRole('button', { name: '立即体验' }).click();
  await expect(page).toHaveURL(/\/draw\/text2image$/);
  await expect(dialog).toBeHidden();
  const { md5 } = await serverState(page);
  expect(await page.evaluate(() => localStorage.getItem('bananaModalMd5'))).toBe(md5);

  let init = answered(page, '/api/v2/config/init');
  await page.goto('/');
  await init;
  await page.waitForTimeout(500);
  await expect(dialogWith(page, 'model-promo')).toHaveCount(0);

  // The operator changed the promo: the stored md5 no longer matches.
  await page.evaluate(() => localStorage.setItem('bananaModalMd5', 'an-older-md5'));
  init = answered(page, '/api/v2/config/init');
  await page.reload();
  await init;
  await expect(dialogWith(page, 'model-promo')).toBeVisible();
  await dialogWith(page, 'model-promo')
    .getByRole('button', { name: /^(Close|关闭)$/ })
    .click();
  await expect(dialogWith(page, 'model-promo')).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('bananaModalMd5'))).toBe(md5);
});

test('global notice: only when logged in; its confirm goes to /console/vip', async ({ page, context }) => {
  await only(page, context, []);
  await page.goto('/');
  await page.waitForTimeout(1500);
  await expect(dialogWith(page, 'global-notice')).toHaveCount(0);

  await loginByApi(page);
  const fetched = answered(page, '/api/v1/config/globalNotice');
  await page.reload();
  await fetched;
  const dialog = dialogWith(page, 'global-notice');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('会员权益升级')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '取消' })).toBeVisible();
  await screenshot(page, 'promos-global-notice-desktop');
  await dialog.getByRole('button', { name: '去看看' }).click();
  await expect(page).toHaveURL(/\/console\/vip$/);
  await expect(dialog).toBeHidden();
});

test('guide: a matching ?search_keyword= opens its guide once a day; 立即体验 follows its route', async ({ page, context }) => {
  await only(page, context, ['guide']);
  await page.goto('/?search_keyword=deepseek');
  const dialog = dialogWith(page, 'guide-carousel');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('DeepSeek 满血版，无需排队，免费体验')).toBeVisible();
  await screenshot(page, 'promos-guide-desktop');
  const cookie = (await context.cookies()).find((c) => c.name === 'guide_modal');
  expect(cookie).toBeTruthy();
  // About one day ahead.
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(23 * 3600_000);
  expect(cookie!.expires * 1000 - Date.now()).toBeLessThan(25 * 3600_000);
  await dialog.getByRole('button', { name: '立即体验' }).click();
  // The route is /chat?type=deepseek-v3, which the chat page rewrites to /msg?type=<base64 key>.
  await expect(page).toHaveURL(new RegExp(`/msg\\?type=${encodeURIComponent(Buffer.from('deepseek-v3').toString('base64'))}$`));

  // Same day again: the cookie keeps it away.
  await page.goto('/?search_keyword=deepseek');
  await page.waitForTimeout(2500);
  await expect(dialogWith(page, 'guide-carousel')).toHaveCount(0);
});

test('guide: a visitor from a search engine gets the default guide', async ({ page, context }) => {
  await only(page, context, ['guide']);
  await page.goto('/', { referer: 'https://www.baidu.com/s?wd=ai' });
  const dialog = dialogWith(page, 'guide-carousel');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('欢迎来到万象AI：1000+ AI 工具一站畅用')).toBeVisible();
});

test('DeepSeek dialog: once, on the home page, with a 7-day cookie', async ({ page, context }) => {
  await only(page, context, ['deepseek']);
  await page.goto('/');
  const dialog = dialogWith(page, 'deepseek-dialog');
  await expect(dialog).toBeVisible();
  await screenshot(page, 'promos-deepseek-desktop');
  const cookie = (await context.cookies()).find((c) => c.name === 'deepSeek_modal');
  expect(cookie).toBeTruthy();
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThan(7.1);
  await dialog.getByRole('button', { name: /^(Close|关闭)$/ }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await page.waitForTimeout(3000);
  await expect(dialogWith(page, 'deepseek-dialog')).toHaveCount(0);
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('first-entry carousel once, service icon dismissal sets its cookie, download bar closes for the visit', async ({
    page,
    context,
  }) => {
    await only(page, context, ['firstEntry', 'service']);
    await page.goto('/');
    const first = dialogWith(page, 'first-entry');
    await expect(first).toBeVisible();
    await expect(first.getByText('下载万象AI App').first()).toBeVisible();
    await screenshot(page, 'promos-first-entry-mobile');
    await first.getByRole('button', { name: /^(Close|关闭)$/ }).click();
    await expect(first).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('isFirst'))).toBe('1');

    const service = page.getByTestId('service-float');
    const bar = page.getByTestId('download-bar');
    await expect(service).toBeVisible();
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('data-variant', 'android');
    await expect(bar.getByText('下载万象AI App，体验更流畅')).toBeVisible();
    await expect(page.getByTestId('top-poster')).toBeVisible();
    expect((await page.getByTestId('top-poster').boundingBox())!.height).toBe(30);
    await screenshot(page, 'promos-floats-mobile');

    await service.getByRole('button', { name: '关闭' }).click();
    await expect(service).toBeHidden();
    const kefu = (await context.cookies()).find((c) => c.name === 'customer_kefu');
    expect(kefu).toBeTruthy();
    expect((kefu!.expires * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(6.9);
    await bar.getByRole('button', { name: '关闭' }).click();
    await expect(bar).toBeHidden();

    await page.reload();
    await page.waitForTimeout(2000);
    await expect(dialogWith(page, 'first-entry')).toHaveCount(0);
    await expect(page.getByTestId('service-float')).toHaveCount(0);
    await expect(page.getByTestId('download-bar')).toHaveCount(0);
  });

  test('the service icon opens /helpfor/intriguing', async ({ page, context }) => {
    await only(page, context, ['service']);
    await page.goto('/');
    await page.getByRole('button', { name: '联系客服' }).click();
    await expect(page).toHaveURL(/\/helpfor\/intriguing$/);
  });

  test('/mobilepage suppresses popups, the service icon and the download bar', async ({ page, context }) => {
    await only(page, context, ['notice', 'model', 'firstEntry', 'service', 'deepseek']);
    const init = answered(page, '/api/v1/activity/new.year');
    await page.goto('/mobilepage');
    await init.catch(() => {});
    await page.waitForTimeout(2500);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('service-float')).toHaveCount(0);
    await expect(page.getByTestId('download-bar')).toHaveCount(0);
    await expect(page.getByTestId('top-poster')).toHaveCount(0);
    await screenshot(page, 'promos-mobilepage-mobile');
    // The same browser elsewhere does get them.
    await page.goto('/');
    await expect(page.getByTestId('service-float')).toBeVisible();
  });
});

test('update dialog: need_down cannot be closed and offers only 下载', async ({ page, context }) => {
  await only(page, context, []);
  await page.route('**/api/v2/config/init', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.data.pc_config = { ...body.data.pc_config, update: true, need_down: true, version: '2099.01.01' };
    await route.fulfill({ response: res, json: body });
  });
  await page.goto('/');
  const dialog = dialogWith(page, 'update-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('当前版本过旧，请下载新版本后继续使用')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^(Close|关闭)$/ })).toHaveCount(0);
  await expect(dialog.getByRole('button')).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: '下载' })).toBeVisible();
  await screenshot(page, 'promos-update-forced-desktop');
  await page.keyboard.press('Escape');
  await page.mouse.click(10, 400);
  await page.waitForTimeout(500);
  await expect(dialog).toBeVisible();
});

test('update dialog: 稍后 keeps it quiet; 不再提醒 skips that version', async ({ page, context }) => {
  await only(page, context, []);
  await page.route('**/api/v2/config/init', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.data.pc_config = { ...body.data.pc_config, update: true, need_down: false, version: '2099.01.01' };
    await route.fulfill({ response: res, json: body });
  });
  await page.goto('/');
  const dialog = dialogWith(page, 'update-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('万象AI已更新')).toBeVisible();
  await dialog.getByRole('button', { name: '稍后' }).click();
  await expect(dialog).toBeHidden();
  const memo = JSON.parse((await page.evaluate(() => localStorage.getItem('updateNotificationIsOpen')))!);
  expect(Date.now() - memo.later).toBeLessThan(60_000);

  let init = answered(page, '/api/v2/config/init');
  await page.reload();
  await init;
  await page.waitForTimeout(500);
  await expect(dialogWith(page, 'update-dialog')).toHaveCount(0);

  // Five minutes later it asks again.
  await page.evaluate(() => localStorage.setItem('updateNotificationIsOpen', JSON.stringify({ later: Date.now() - 300_001 })));
  init = answered(page, '/api/v2/config/init');
  await page.reload();
  await init;
  await expect(dialogWith(page, 'update-dialog')).toBeVisible();
  await dialogWith(page, 'update-dialog').getByRole('button', { name: '不再提醒' }).click();
  init = answered(page, '/api/v2/config/init');
  await page.reload();
  await init;
  await page.waitForTimeout(500);
  await expect(dialogWith(page, 'update-dialog')).toHaveCount(0);
});

test('top poster: the National Day banner in September (Shanghai date), the plain poster otherwise', async ({ page, context, browser }) => {
  await only(page, context, []);
  // 2026-08-31 16:30 UTC is already September 1st in Shanghai.
  await page.clock.setFixedTime(new Date('2026-08-31T16:30:00Z'));
  await page.goto('/');
  const poster = page.getByTestId('top-poster');
  await expect(poster).toHaveAttribute('data-season', 'national');
  await expect(poster.getByText('国庆献礼：会员限时特惠，9月1日-30日')).toBeVisible();
  expect((await poster.boundingBox())!.height).toBe(42);
  await screenshot(page, 'promos-national-day-desktop');
  await expect(poster.getByRole('link')).toHaveAttribute('href', '/console/vip');

  const mobile = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await mobile.addInitScript(() => localStorage.setItem('isFirst', '1'));
  await mobile.clock.setFixedTime(new Date('2026-09-20T04:00:00Z'));
  await mobile.goto('/');
  await expect(mobile.getByTestId('top-poster')).toHaveAttribute('data-season', 'national');
  await screenshot(mobile, 'promos-national-day-mobile');
  await mobile.close();

  await page.clock.setFixedTime(new Date('2026-09-30T16:00:00Z')); // October 1st in Shanghai
  await page.goto('/');
  await expect(poster).not.toHaveAttribute('data-season', 'national');
  // Closable for the visit.
  await poster.getByRole('button', { name: '关闭' }).click();
  await expect(poster).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('top-poster')).toHaveCount(0);
});

test('new-year float: links to /console/vip; each close decrements the counter; hidden at 0', async ({ page, context }) => {
  await only(page, context, []);
  await context.route('**/api/v1/activity/new.year', (route) =>
    route.fulfill({ json: { code: 200, msg: 'success', data: { status: 1, icon: '/promos/p7-newyear.svg', count: 2 } } }),
  );
  await page.goto('/');
  const float = page.getByTestId('new-year-float');
  await expect(float).toBeVisible();
  await expect(page.getByTestId('top-poster')).toHaveAttribute('data-season', 'newYear');
  await screenshot(page, 'promos-new-year-desktop');
  await float.getByRole('button', { name: '关闭' }).click();
  await expect(float).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('new_year_count'))).toBe('1');

  // A new visit (tab): shown again with one close left.
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByTestId('new-year-float')).toBeVisible();
  await expect(second.getByTestId('new-year-float').getByRole('link')).toHaveAttribute('href', '/console/vip');
  await second.getByTestId('new-year-float').getByRole('button', { name: '关闭' }).click();
  expect(await second.evaluate(() => localStorage.getItem('new_year_count'))).toBe('0');

  const third = await context.newPage();
  const answer = answered(third, '/api/v1/activity/new.year');
  await third.goto('/');
  await answer;
  await third.waitForTimeout(500);
  await expect(third.getByTestId('new-year-float')).toHaveCount(0);
});

test('desktop client: config/init names the client and its version; the client dialog offers 立即刷新 and 下载', async ({
  page,
  context,
}) => {
  await only(page, context, []);
  let sent: Record<string, string> = {};
  await page.route('**/api/v2/config/init', async (route) => {
    sent = route.request().postDataJSON();
    const res = await route.fetch();
    const body = await res.json();
    body.data.pc_config = { ...body.data.pc_config, update: true, need_down: false, version: '2099.01.01' };
    await route.fulfill({ response: res, json: body });
  });
  await page.goto('/?source=bianjie_pc');
  const dialog = dialogWith(page, 'update-dialog');
  await expect(dialog).toBeVisible();
  expect(sent).toMatchObject({ source: 'bianjie_pc', pc_version: '2025.08.19' });
  await expect(dialog.getByText('发现新版本')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '立即刷新' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: '下载' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: '不再提醒' })).toHaveCount(0);
  await screenshot(page, 'promos-update-client-desktop');
  await dialog.getByRole('button', { name: '稍后' }).click();
  await expect(dialog).toBeHidden();
});

test('agent guide: on /aiAgent pages once per 7 days (cookie agent_modal)', async ({ page, context }) => {
  await only(page, context, []);
  await page.goto('/aiAgent');
  const dialog = dialogWith(page, 'agent-guide');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('AI 智能体使用指南')).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === 'agent_modal');
  expect((cookie!.expires * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(6.9);
  await dialog.getByRole('button', { name: '开始使用' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await page.waitForTimeout(1500);
  await expect(dialogWith(page, 'agent-guide')).toHaveCount(0);
});
