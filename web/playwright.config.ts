import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

/**
 * Browser tests against the REAL server (built web app + API) in Debian's Chromium.
 * Run from the repo root after `npm run build`: npx playwright test -c web/playwright.config.ts
 */
// E2E_PORT and E2E_WEB_DIST let several checkouts' runs share a machine (own port, own build).
const PORT = Number(process.env.E2E_PORT || 3100);
/** Recorded answers of outside services (server/test/fake-sources): the tests never reach the internet. */
const FAKES_PORT = PORT + 50;
const FAKES = `http://127.0.0.1:${FAKES_PORT}`;
const repoRoot = resolve(import.meta.dirname, '..');

// A fresh database per run. Workers load this file too: they inherit the variable set here by the
// runner, so they do not make directories of their own.
const dataDir = process.env.WANXIANG_E2E_DATA_DIR || mkdtempSync(join(tmpdir(), 'wanxiang-e2e-'));
process.env.WANXIANG_E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './e2e',
  outputDir: process.env.E2E_OUTPUT_DIR || '../test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    headless: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1366, height: 860 },
    // The app honours the system's reduce-motion setting (no antd open/close motion): a click on a
    // menu item can never land on a menu that is still sliding into place, which once lost clicks.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: [
    {
      command: `node --import tsx server/test/fake-sources/main.ts ${FAKES_PORT}`,
      cwd: repoRoot,
      url: `${FAKES}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'node --import tsx server/src/main.ts',
      cwd: repoRoot,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'development',
        SMS_FIXED_CODE: '123456',
        // Every browser test signs in from 127.0.0.1: far more codes a day than one real network asks for.
        SMS_IP_DAY_LIMIT: '100000',
        // ...and registers every account of the suite from that one address.
        REGISTER_PER_IP_PER_DAY: '100000',
        DEMO_TOKEN_DELAY_MS: '15',
        // Slide builds pause 150 ms per slide, so the slides spec can watch the progress bar move.
        SLIDES_PACE_MS: '150',
        LOG_LEVEL: 'warn',
        // Fake sources and custom providers run on loopback; the SSRF specs use other private addresses.
        SSRF_ALLOW: '127.0.0.1',
        // Outside sources point at the fakes: each area adds its base URLs here, under FAKES.
        HOT_ZHIHU_BASE_URL: `${FAKES}/hot-zhihu`,
        MCP_SERVERS_JSON: JSON.stringify([
          { name: 'fake', description: '测试 MCP 服务', type: 'streamable_http', status: 1, url: `${FAKES}/mcp-fake` },
        ]),
        HOT_BAIDU_BASE_URL: `${FAKES}/hot-baidu`,
        HOT_WEIBO_BASE_URL: `${FAKES}/hot-weibo`,
        WEBDISK_BASE_URL: `${FAKES}/webdisk`,
        OPENALEX_BASE_URL: `${FAKES}/openalex`,
        ARXIV_BASE_URL: `${FAKES}/arxiv`,
        ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      },
    },
  ],
});
