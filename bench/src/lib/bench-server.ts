import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, memoryOf, startTs, stop, waitForHttp } from './processes';

/**
 * The scaffolding of the benchmarks that drive a real server over HTTP (images, document
 * translation...): the server started on a free port with a fresh data folder in demo-friendly
 * settings, JSON calls, a phone login, the server's RSS sampled, the result written to
 * bench/results/. One place, so every such benchmark starts and measures the server alike.
 */

/** The repository root (benchmarks run the server from there and write bench/results/ there). */
export const BENCH_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** The SMS code the benchmark server accepts (SMS_FIXED_CODE). */
export const BENCH_SMS_CODE = '123456';

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A JSON call: GET without a body, POST with one; the token header when given. */
export async function call<T>(base: string, path: string, token: string | null, body?: unknown): Promise<Envelope<T>> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

export interface BenchServer {
  base: string;
  pid: number;
  dataDir: string;
}

/**
 * Runs `work` against a server (server/src/main.ts) of its own: a free port, a fresh data folder
 * (`wanxiang-bench-<name>-...`), development mode with the fixed SMS code, no web files, tasks
 * polled every 200 ms at most, plus `env(dataDir)`. Waits until it answers; stops it afterwards,
 * whatever `work` does.
 */
export async function withBenchServer<T>(name: string, env: (dataDir: string) => Record<string, string>, work: (server: BenchServer) => Promise<T>): Promise<T> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `wanxiang-bench-${name}-`));
  const child = startTs(
    'server/src/main.ts',
    [],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SMS_FIXED_CODE: BENCH_SMS_CODE,
      WEB_DIST: '',
      TASK_POLL_MAX_MS: '200',
      ...env(dataDir),
    },
    BENCH_ROOT,
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${base}/api/v2/config/model/groups`, 300_000);
    return await work({ base, pid: child.pid!, dataDir });
  } finally {
    await stop(child);
  }
}

/** A user logged in by phone code (sent first, as the app does); answers the token. */
export async function benchLogin(base: string, phone: string): Promise<string> {
  await call(base, '/api/v1/user/sendSmsCode', null, { phone });
  const r = await call<{ token: string }>(base, '/api/v1/user/phoneLogin', null, { phone, code: BENCH_SMS_CODE });
  if (r.code !== 200) throw new Error(`login failed: ${r.msg}`);
  return r.data.token;
}

/** The server's RSS now (`before`) and its peak, sampled every `everyMs` until `stop()`. */
export function sampleRss(pid: number, everyMs: number): { before: number; peak: () => number; stop: () => void } {
  const before = memoryOf(pid).rssMb;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, memoryOf(pid).rssMb)), everyMs);
  return { before, peak: () => peak, stop: () => clearInterval(timer) };
}

/** The result printed (one line a figure, not the date or the machine) and written to bench/results/<name>.json. */
export function writeBenchResult(name: string, out: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(out)) if (k !== 'machine' && k !== 'date') console.log(`  ${k.padEnd(24)} ${typeof v === 'object' ? JSON.stringify(v) : v}`);
  mkdirSync(join(BENCH_ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(BENCH_ROOT, `bench/results/${name}.json`), JSON.stringify(out, null, 2) + '\n');
  console.log(`[bench:${name}] wrote bench/results/${name}.json`);
}
