import { expect as baseExpect, test } from '@playwright/test';
import { startSecondServer, type SecondServer } from './second-server';

/**
 * The installable web client's service worker (docs/product/shell-and-navigation.md §2; QUALITY G20): the suite's
 * server runs with WEB_SERVICE_WORKER=0 so every other spec's network mocks see every request, so
 * this spec starts a second server with the setting on. The page registers the worker because
 * config/init allows it; the worker controls the page, never answers /api from its cache, starts
 * the shell offline, and trips no Content-Security-Policy rule on the way.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

let server: SecondServer;

test.beforeAll(async () => {
  test.setTimeout(200_000);
  server = await startSecondServer(test.info().project.use.baseURL!, { WEB_SERVICE_WORKER: '1' });
});
test.afterAll(async () => {
  await server?.stop();
});

test('the manifest, then a service worker that controls the page, never caches /api and starts the shell offline', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes('Content Security Policy')) violations.push(m.text());
  });
  const base = server.baseURL;

  const res = await page.request.get(`${base}/manifest.webmanifest`);
  expect(res.ok()).toBe(true);
  const manifest = (await res.json()) as { name: string; start_url: string; display: string; icons: { src: string; sizes: string; purpose?: string }[] };
  expect(manifest).toMatchObject({ name: '万象 AI', display: 'standalone' });
  expect(manifest.start_url).toMatch(/^\//);
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) expect((await page.request.get(`${base}${icon.src}`)).ok(), icon.src).toBe(true);

  // config/init tells the page it may register (the suite's own server says no).
  const init = (await (await page.request.post(`${base}/api/v2/config/init`, { data: { source: 'web' } })).json()) as {
    data: { client: { service_worker: boolean } };
  };
  expect(init.data.client.service_worker).toBe(true);
  const suiteInit = (await (await page.request.post('/api/v2/config/init', { data: { source: 'web' } })).json()) as typeof init;
  expect(suiteInit.data.client.service_worker).toBe(false);

  await page.goto(`${base}/`);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active))).toBe(true);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).toMatch(/\/sw\.js\?build=/);
  await expect(page.getByRole('heading', { name: '万象 AI', level: 1 })).toBeVisible();

  // /api answers reach the server every time and never land in the worker's cache.
  const answers = await page.evaluate(async () => {
    const a = await (await fetch('/api/v1/config/downloads')).json();
    const b = await fetch('/api/v1/config/downloads');
    const cached: string[] = [];
    for (const n of await caches.keys()) for (const req of await (await caches.open(n)).keys()) cached.push(new URL(req.url).pathname);
    return { code: (a as { code: number }).code, fromServer: b.headers.get('x-request-id') !== null, cached };
  });
  expect(answers.code).toBe(200);
  // Every server answer carries a fresh x-request-id: this one came from the server, not a cache.
  expect(answers.fromServer).toBe(true);
  expect(answers.cached.some((p) => p.startsWith('/api'))).toBe(false);
  expect(answers.cached).toContain('/index.html');

  // The shell starts offline from the cache.
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: '万象 AI', level: 1 })).toBeVisible();
  await page.context().setOffline(false);
  expect(violations).toEqual([]);
});
