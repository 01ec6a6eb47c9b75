#!/usr/bin/env node
// Proves the documented production install (docs/deploy.md) starts: a copy of the checkout
// with the built web app, `npm ci --omit=dev` (no devDependencies: no Vite, no TypeScript, no test
// tools), then `npm run serve` with NODE_ENV=production, answering /api/health, /api/ready and the
// web app (compressed, with security headers). Run as `npm run test:prod-install` after
// `npm run build`; about a minute with a warm npm cache. Plain JavaScript, no dependencies.
import { execFileSync, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const log = (msg) => console.log(`[prod-install] ${((Date.now() - started) / 1000).toFixed(1)}s ${msg}`);
const fail = (msg) => {
  console.error(`[prod-install] FAILED: ${msg}`);
  process.exitCode = 1;
};

if (!existsSync(join(root, 'web', 'dist', 'index.html'))) {
  console.error('[prod-install] web/dist is missing: run `npm run build` first (the production install ships the built web app)');
  process.exit(1);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

const dir = mkdtempSync(join(tmpdir(), 'wx-prod-'));
let server = null;
try {
  // What a deployment receives: the tracked sources (and new files not yet committed) plus web/dist.
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && existsSync(join(root, f)));
  for (const f of files) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    cpSync(join(root, f), join(dir, f));
  }
  cpSync(join(root, 'web', 'dist'), join(dir, 'web', 'dist'), { recursive: true });
  log(`copied ${files.length} files and web/dist to ${dir}`);

  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  log('npm ci --omit=dev done');
  for (const devOnly of ['vite', 'vitest', 'typescript', 'eslint', 'react', '@playwright/test']) {
    if (existsSync(join(dir, 'node_modules', devOnly))) fail(`${devOnly} was installed by --omit=dev`);
  }
  for (const needed of ['tsx', 'fastify', '.bin/node']) {
    if (!existsSync(join(dir, 'node_modules', needed))) fail(`${needed} is missing after --omit=dev`);
  }

  const port = await freePort();
  const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = (k, type) => k.export({ type, format: 'pem' }).toString();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(dir, 'data'),
    LOG_LEVEL: 'warn',
    PROVIDER_KEY_SECRET: randomBytes(24).toString('hex'),
    // Production refuses the development stand-ins; these are never called during this check.
    SMS_PROVIDER: 'tencent',
    TENCENT_SMS_SECRET_ID: 'check',
    TENCENT_SMS_SECRET_KEY: 'check',
    TENCENT_SMS_APP_ID: '1400000000',
    TENCENT_SMS_SIGN_NAME: '万象AI',
    TENCENT_SMS_TEMPLATE_ID: '100000',
    PAY_PROVIDER: 'alipay',
    PAY_NOTIFY_BASE_URL: 'https://wanxiang.example',
    ALIPAY_APP_ID: '2021000000000000',
    ALIPAY_PRIVATE_KEY: pem(alipay.privateKey, 'pkcs8'),
    ALIPAY_PUBLIC_KEY: pem(alipay.publicKey, 'spki'),
  };
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'WEB_DIST', 'CATALOG_DIR']) delete env[k];
  // `npm run serve` is the documented start; npm puts node_modules/.bin (Node 24) first on PATH.
  server = spawn('npm', ['run', 'serve'], { cwd: dir, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  let health = null;
  while (Date.now() < deadline && server.exitCode === null) {
    health = await fetch(`${base}/api/health`).catch(() => null);
    if (health?.ok) break;
    await sleep(250);
  }
  if (!health?.ok) throw new Error(`the server did not answer /api/health within 90 s (exit code ${server.exitCode})`);
  log('server answers /api/health');

  const ready = await fetch(`${base}/api/ready`);
  const readyBody = await ready.json();
  if (ready.status !== 200 || readyBody.data?.migrations !== 'ok') fail(`/api/ready answered ${ready.status} ${JSON.stringify(readyBody)}`);
  const version = await (await fetch(`${base}/api/health`)).json();
  if (version.data?.status !== 'ok') fail(`/api/health answered ${JSON.stringify(version)}`);

  const page = await fetch(`${base}/chat`, { headers: { accept: 'text/html', 'accept-encoding': 'br' } });
  if (page.status !== 200) fail(`/chat answered ${page.status}`);
  if (page.headers.get('content-encoding') !== 'br') fail(`/chat was not sent as brotli (${page.headers.get('content-encoding')})`);
  if (!page.headers.get('content-security-policy')?.includes('frame-ancestors')) fail('/chat has no CSP with frame-ancestors');
  if (!(await page.text()).includes('<div id="root">')) fail('/chat is not the web app');
  const runtime = execFileSync(join(dir, 'node_modules', '.bin', 'node'), ['--version'], { encoding: 'utf8' }).trim();
  log(`ready, web app served compressed with its headers, on Node ${runtime}`);
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
} finally {
  if (server && server.exitCode === null) {
    // npm runs the server as its child: signal the whole group so nothing outlives the check.
    const exited = new Promise((r) => server.once('exit', r));
    process.kill(-server.pid, 'SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (server.exitCode === null && server.signalCode === null) process.kill(-server.pid, 'SIGKILL');
  }
  rmSync(dir, { recursive: true, force: true });
}
if (!process.exitCode) log('OK');
