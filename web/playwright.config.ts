import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';
import { ensureQuietPromos, promosFilePath } from './e2e/promos-file';
import { serverEnv } from './e2e/server-env';

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
// Quiet promos for every spec; the promos specs swap the file for their own tests (e2e/promos-file.ts).
const promosFile = promosFilePath(dataDir);
ensureQuietPromos(promosFile);

export default defineConfig({
  testDir: './e2e',
  outputDir: process.env.E2E_OUTPUT_DIR || '../test-results',
  fullyParallel: false,
  workers: 1,
  // CI (.ci/run) sets E2E_RETRIES=1: a test that fails once and then passes is listed as flaky in the
  // report (to be mended) instead of failing the whole landing; a real failure still fails twice.
  retries: Number(process.env.E2E_RETRIES || 0),
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
      env: serverEnv({ port: PORT, dataDir, fakes: FAKES, promosFile }),
    },
  ],
});
