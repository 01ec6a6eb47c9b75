import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Code, MSG, STREAM_ERROR_CODES, type Envelope, type UserInfo } from '@wanxiang/contract';
import { dataOf, namesOf, postChat } from '../src/modules/chat/testing/sse-client';

/**
 * SIGTERM on the real server process (QUALITY G20, issue 11 item 14): it stops taking new answers
 * (503) and turns /api/ready to 503 at once, lets the running answers finish within
 * SHUTDOWN_GRACE_MS, ends those still running after it with the `error` event, and exits 0.
 */
const ROOT = resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

interface Running {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
  dir: string;
}

async function startServer(graceMs: number): Promise<Running> {
  const dir = mkdtempSync(join(tmpdir(), 'wx-shutdown-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      WEB_DIST: '',
      LOG_LEVEL: 'warn',
      SMS_FIXED_CODE: '123456',
      DEMO_TOKEN_DELAY_MS: '5',
      SHUTDOWN_GRACE_MS: String(graceMs),
      DATABASE_URL: '',
      REDIS_URL: '',
      MCP_SERVERS_JSON: '[]',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited at start: ${stderr}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, base, exited, dir };
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/user/phoneLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: '13912345678', code: '123456' }),
  });
  return ((await res.json()) as Envelope<UserInfo>).data.token;
}

describe('SIGTERM drains the running answers', () => {
  let server: Running | undefined;
  afterEach(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    if (server) rmSync(server.dir, { recursive: true, force: true });
    server = undefined;
  });

  it('refuses new answers with 503 at once, lets a running answer finish, then exits 0', async () => {
    server = await startServer(10_000);
    const token = await login(server.base);
    const running = await postChat(server.base, 'deepseek_v3', { prompt: '说一段 [demo:tokens=40][demo:delay=40]' }, token);
    await running.waitFor('text');
    server.child.kill('SIGTERM');
    await expect
      .poll(async () => (await fetch(`${server!.base}/api/ready`)).status, { timeout: 3_000, interval: 20 })
      .toBe(503);
    const refused = await postChat(server.base, 'deepseek_v3', { prompt: '新问题' }, token);
    expect(refused.status).toBe(503);
    expect(refused.envelope).toMatchObject({ code: Code.UNAVAILABLE, msg: MSG.serverShuttingDown });
    await running.finished;
    expect(namesOf(running).at(-1)).toBe('done');
    expect(await server.exited).toBe(0);
  }, 90_000);

  it('ends the answers still running after the grace period with the error event', async () => {
    server = await startServer(300);
    const token = await login(server.base);
    const endless = await postChat(server.base, 'deepseek_v3', { prompt: '一直说 [demo:never-end]' }, token);
    await endless.waitFor('text');
    const signalled = performance.now();
    server.child.kill('SIGTERM');
    await endless.finished;
    expect(performance.now() - signalled).toBeGreaterThanOrEqual(250);
    expect(namesOf(endless).at(-1)).toBe('error');
    expect(dataOf(endless, 'error')).toEqual({ code: STREAM_ERROR_CODES.shuttingDown, msg: MSG.serverShuttingDown });
    expect(await server.exited).toBe(0);
  }, 90_000);
});
