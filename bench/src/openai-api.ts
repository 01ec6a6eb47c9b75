/**
 * OpenAI-compatible API benchmark (QUALITY G22): in one run, against the same local demo upstream, the time to first
 * answer text of
 *   - the upstream directly (the baseline),
 *   - the web chat path, POST /api/v1/chat2/{model} (session token, `text` events),
 *   - our OpenAI-compatible API, POST /v1/chat/completions with stream: true (API key, `delta.content` chunks),
 * alternating the three for each question, for the same member (so the same quota rule and hold are on both paths).
 * G22: the API adds at most 1 ms over the web path.
 *
 *   npm run bench:openai-api -w bench           # 200 rounds
 *   BENCH_SEQ=500 npm run bench:openai-api -w bench
 *
 * Writes bench/results/openai-api.json and prints a table.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { BENCH_ROOT, BENCH_SMS_CODE, call } from './lib/bench-server';
import { freePort, startTs, stop, waitForHttp } from './lib/processes';
import { streamOnce } from './lib/sse-client';
import { percentile, round } from './lib/stats';

const SEQ = Number(process.env.BENCH_SEQ ?? 200);
const WARMUP = 20;
const BOOT_WAIT_MS = 300_000;
const MODEL = process.env.BENCH_MODEL ?? 'deepseek_v3';
const UPSTREAM_MODEL = process.env.BENCH_UPSTREAM_MODEL ?? 'deepseek-chat';
const PHONE = '13800138000';
const MEMBER_VIP = 1;

async function main(): Promise<void> {
  const upstreamPort = await freePort();
  const serverPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'wanxiang-bench-openai-'));
  const upstream = startTs(
    'server/src/llm/demo-upstream/cli.ts',
    ['--port', String(upstreamPort)],
    { DEMO_TOKEN_DELAY_MS: '0' },
    BENCH_ROOT,
  );
  const server = startTs(
    'server/src/main.ts',
    [],
    {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SMS_FIXED_CODE: BENCH_SMS_CODE,
      WEB_DIST: '',
      // The bench member is made one through the console's membership call.
      ADMIN_PHONES: PHONE,
      DEMO_UPSTREAM_URL: `http://127.0.0.1:${upstreamPort}/v1`,
      // Finite daily counts for the member that cover the run: both paths reserve and settle a count.
      CATALOG_DIR: benchCatalog(dataDir, 4 * (SEQ + WARMUP) + 100),
      STREAM_STARTS_PER_MINUTE: String(100 * (SEQ + WARMUP)),
      OPENAI_API_KEY_RPM: String(100 * (SEQ + WARMUP)),
    },
    BENCH_ROOT,
  );
  const upstreamBase = `http://127.0.0.1:${upstreamPort}`;
  const serverBase = `http://127.0.0.1:${serverPort}`;
  try {
    await waitForHttp(`${upstreamBase}/v1/models`, BOOT_WAIT_MS);
    await waitForHttp(`${serverBase}/api/v2/config/model/groups`, BOOT_WAIT_MS);
    const { token, key } = await memberWithKey(serverBase);
    const agent = new Agent({ connections: 16, pipelining: 1, keepAliveTimeout: 30_000 });
    const direct = () => streamOnce(agent, `${upstreamBase}/v1/chat/completions`, openaiBody(UPSTREAM_MODEL, '问题', 8), {}, 'openai');
    const web = (q: string) =>
      streamOnce(agent, `${serverBase}/api/v1/chat2/${MODEL}`, { prompt: `${q} [demo:tokens=8]` }, { token }, 'product');
    const api = (q: string) =>
      streamOnce(agent, `${serverBase}/v1/chat/completions`, openaiBody(MODEL, q, 8), { authorization: `Bearer ${key}` }, 'openai');

    for (let i = 0; i < WARMUP; i++) {
      await direct();
      await web('预热');
      await api('预热');
    }
    const times = { direct: [] as number[], web: [] as number[], api: [] as number[] };
    let failures = 0;
    for (let i = 0; i < SEQ; i++) {
      // The order rotates, so neither server path always follows the other.
      const order = [
        ['direct', () => direct()],
        ['web', () => web(`问题 ${i}`)],
        ['api', () => api(`问题 ${i}`)],
      ] as const;
      for (let j = 0; j < 3; j++) {
        const [name, run] = order[(i + j) % 3]!;
        const r = await run();
        if (r.ok && r.ttfbMs >= 0) times[name].push(r.ttfbMs);
        else {
          failures++;
          if (failures <= 3) console.warn(`[bench] ${name} failed: ${r.error ?? 'no done'}`);
        }
      }
    }
    await agent.close();

    const p = (xs: number[], q: number) => round(percentile(xs, q), 3);
    const out = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version },
      rounds: SEQ,
      failures,
      ttfb_direct_ms_p50: p(times.direct, 50),
      ttfb_direct_ms_p99: p(times.direct, 99),
      ttfb_web_ms_p50: p(times.web, 50),
      ttfb_web_ms_p99: p(times.web, 99),
      ttfb_openai_api_ms_p50: p(times.api, 50),
      ttfb_openai_api_ms_p99: p(times.api, 99),
      web_overhead_ms_p50: round(percentile(times.web, 50) - percentile(times.direct, 50), 3),
      openai_api_overhead_ms_p50: round(percentile(times.api, 50) - percentile(times.direct, 50), 3),
      // G22: what the API adds over the web path.
      openai_api_minus_web_ms_p50: round(percentile(times.api, 50) - percentile(times.web, 50), 3),
      openai_api_minus_web_ms_p99: round(percentile(times.api, 99) - percentile(times.web, 99), 3),
    };
    mkdirSync(join(BENCH_ROOT, 'bench/results'), { recursive: true });
    writeFileSync(join(BENCH_ROOT, 'bench/results/openai-api.json'), JSON.stringify(out, null, 2) + '\n');
    printTable(out);
  } finally {
    await stop(server);
    await stop(upstream);
  }
}

const GOALS: Record<string, string> = { openai_api_minus_web_ms_p50: '<= 1 (G22)' };

function printTable(out: Record<string, unknown>): void {
  const keys = Object.keys(out).filter((k) => typeof out[k] === 'number');
  const w = Math.max(...keys.map((k) => k.length));
  console.log('\n万象 AI OpenAI-compatible API: time to first answer text (ms), same upstream, same run');
  for (const k of keys) console.log(`${k.padEnd(w)}  ${String(out[k]).padStart(10)}  ${GOALS[k] ?? ''}`);
  console.log('\nwritten: bench/results/openai-api.json');
}

function openaiBody(model: string, question: string, tokens: number) {
  return { model, stream: true, messages: [{ role: 'user', content: `${question} [demo:tokens=${tokens}]` }] };
}

/** Log in (an admin by ADMIN_PHONES), make the account a member, and create an API key. */
async function memberWithKey(base: string): Promise<{ token: string; key: string }> {
  const login = await call<{ token: string; id: number }>(base, '/api/v1/user/phoneLogin', null, { phone: PHONE, code: BENCH_SMS_CODE });
  if (login.code !== 200) throw new Error(`login failed: ${login.msg}`);
  const { token, id } = login.data;
  const res = await fetch(`${base}/api/admin/users/${id}/membership`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify({ vip: MEMBER_VIP, permanent: true }),
  });
  const made = (await res.json()) as { code: number; msg: string };
  if (made.code !== 200) throw new Error(`membership failed: ${made.msg}`);
  const created = await call<{ key: string }>(base, '/api/v1/user/apikey/create', token, { name: 'bench' });
  if (created.code !== 200) throw new Error(`key creation failed: ${created.msg}`);
  return { token, key: created.data.key };
}

/** Copy the shipped catalog and set the member tier's daily counts to `count` (finite: still reserved and settled). */
function benchCatalog(dataDir: string, count: number): string {
  const dir = join(dataDir, 'catalog');
  cpSync(join(BENCH_ROOT, 'server/catalog'), dir, { recursive: true });
  const tiersPath = join(dir, 'tiers.json');
  const tiers = JSON.parse(readFileSync(tiersPath, 'utf8')) as { levels: { vip: number; daily: Record<string, number> }[] };
  for (const level of tiers.levels) {
    if (level.vip !== MEMBER_VIP) continue;
    for (const k of Object.keys(level.daily)) level.daily[k] = count;
  }
  writeFileSync(tiersPath, JSON.stringify(tiers, null, 2));
  return dir;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
