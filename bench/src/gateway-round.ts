/**
 * One round of the gateway benchmark: a standalone demo upstream, and the product's server in
 * front of it (auth, quota reservation and history on), measured in the same run.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent } from 'undici';
import { cpuMsOf, freePort, memoryOf, startTs, stop, waitForHttp } from './lib/processes';
import { openHeldStream, streamOnce, type HeldStream, type StreamResult } from './lib/sse-client';
import { percentile, round } from './lib/stats';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SEQ = Number(process.env.BENCH_SEQ ?? 200);
export const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 1000);
const BOOT_WAIT_MS = 300_000;
const CHUNKS = 64;
const CHUNK_GAP_MS = 20;
const MODEL = process.env.BENCH_MODEL ?? 'deepseek_v3';
const UPSTREAM_MODEL = process.env.BENCH_UPSTREAM_MODEL ?? 'deepseek-chat';

export type RoundResult = Record<string, number | string | (string | undefined)[]>;

/** One measured round against a server on the given database (undefined = embedded PGlite). */
export async function runRound(databaseUrl: string | undefined): Promise<RoundResult> {
  const upstreamPort = await freePort();
  const serverPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'wanxiang-bench-'));
  const catalogDir = benchCatalog(dataDir, 2 * SEQ + 2 * CONCURRENT + 1000);
  const upstream = startTs('server/src/llm/demo-upstream/cli.ts', ['--port', String(upstreamPort)], { DEMO_TOKEN_DELAY_MS: '0' }, root);
  const server = startTs(
    'server/src/main.ts',
    [],
    {
      PORT: String(serverPort),
      ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SMS_FIXED_CODE: '123456',
      WEB_DIST: '',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      // The server talks to the same standalone demo upstream the baseline uses.
      DEMO_UPSTREAM_URL: `http://127.0.0.1:${upstreamPort}/v1`,
      // A catalog copy whose free-tier counts cover the run: still metered, so the reservation stays on the path.
      CATALOG_DIR: catalogDir,
      // One bench user opens every stream: the fair-use caps cover the run (still checked on every start).
      STREAMS_PER_USER: String(CONCURRENT + 100),
      STREAM_STARTS_PER_MINUTE: String(100 * (2 * SEQ + 2 * CONCURRENT + 1000)),
    },
    root,
  );
  const upstreamBase = `http://127.0.0.1:${upstreamPort}`;
  const serverBase = `http://127.0.0.1:${serverPort}`;
  try {
    // Boot (TypeScript transform, PGlite start, migrations) takes minutes when the cores are shared.
    await waitForHttp(`${upstreamBase}/v1/models`, BOOT_WAIT_MS);
    await waitForHttp(`${serverBase}/api/v2/config/model/groups`, BOOT_WAIT_MS);
    const token = await login(serverBase);
    const headers = { token };
    const agent = new Agent({ connections: CONCURRENT + 50, pipelining: 1, keepAliveTimeout: 30_000 });

    // Warm up both paths (JIT, pools, PGlite caches).
    for (let i = 0; i < 20; i++) {
      await streamOnce(agent, `${upstreamBase}/v1/chat/completions`, upstreamBody('预热', 4), {}, 'openai');
      await streamOnce(agent, `${serverBase}/api/v1/chat2/${MODEL}`, productBody('预热', 4), headers, 'product');
    }

    // G1: sequential, alternating direct and through the server.
    const direct: number[] = [];
    const via: number[] = [];
    let seqFailures = 0;
    const cpuBefore = cpuMsOf(server.pid!);
    for (let i = 0; i < SEQ; i++) {
      const d = await streamOnce(agent, `${upstreamBase}/v1/chat/completions`, upstreamBody(`问题 ${i}`, 8), {}, 'openai');
      const v = await streamOnce(agent, `${serverBase}/api/v1/chat2/${MODEL}`, productBody(`问题 ${i}`, 8), headers, 'product');
      if (d.ok && d.ttfbMs >= 0) direct.push(d.ttfbMs);
      if (v.ok && v.ttfbMs >= 0) via.push(v.ttfbMs);
      else seqFailures++;
    }
    const serverCpuMs = cpuMsOf(server.pid!) - cpuBefore;
    if (seqFailures > 0) console.warn(`[bench] ${seqFailures} sequential chats failed`);

    // G4/G5: N concurrent streams of 64 chunks, 20 ms apart.
    const before = memoryOf(server.pid!);
    // Sample the server's RSS while the streams are open: its peak, and the growth per open stream.
    let peakRunMb = before.rssMb;
    const sampler = setInterval(() => {
      peakRunMb = Math.max(peakRunMb, memoryOf(server.pid!).rssMb);
    }, 50);
    const started = performance.now();
    const results: StreamResult[] = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        streamOnce(agent, `${serverBase}/api/v1/chat2/${MODEL}`, productBody(`并发 ${i}`, CHUNKS, CHUNK_GAP_MS), headers, 'product').catch(
          (err: Error) => ({ ttfbMs: -1, chunks: 0, ok: false, error: err.message }),
        ),
      ),
    );
    const concurrentMs = performance.now() - started;
    clearInterval(sampler);
    const after = memoryOf(server.pid!);
    const completed = results.filter((r) => r.ok).length;
    const lostChunks = results.reduce((sum, r) => sum + (CHUNKS - r.chunks), 0);
    const loadTtfb = results.filter((r) => r.ttfbMs >= 0).map((r) => r.ttfbMs);
    const errors = results.filter((r) => !r.ok).slice(0, 3).map((r) => r.error);

    // G2/G5: the same number of streams held open (one chunk a second, mostly idle), then the
    // added time to first byte of new chats while they stay open, and the memory each costs.
    const open = await holdStreams(serverBase, headers);
    const heldRss = memoryOf(server.pid!).rssMb;
    const loadDirect: number[] = [];
    const loadVia: number[] = [];
    for (let i = 0; i < LOADED_SEQ; i++) {
      const d = await streamOnce(agent, `${upstreamBase}/v1/chat/completions`, upstreamBody(`负载 ${i}`, 8), {}, 'openai');
      const v = await streamOnce(agent, `${serverBase}/api/v1/chat2/${MODEL}`, productBody(`负载 ${i}`, 8), headers, 'product');
      if (d.ok && d.ttfbMs >= 0) loadDirect.push(d.ttfbMs);
      if (v.ok && v.ttfbMs >= 0) loadVia.push(v.ttfbMs);
    }
    for (const s of open.streams) s.close();
    await open.agent.close();
    await agent.close();

    const out = {
      database: databaseUrl ? 'postgres' : 'pglite',
      sequential_chats: SEQ,
      ttfb_direct_ms_p50: round(percentile(direct, 50), 3),
      ttfb_direct_ms_p99: round(percentile(direct, 99), 3),
      ttfb_via_server_ms_p50: round(percentile(via, 50), 3),
      ttfb_via_server_ms_p99: round(percentile(via, 99), 3),
      ttfb_overhead_ms_p50: round(percentile(via, 50) - percentile(direct, 50), 3),
      ttfb_overhead_ms_p99: round(percentile(via, 99) - percentile(direct, 99), 3),
      // The added time as a multiple of the direct time (QUALITY's speed bars are ratios measured in one run).
      ttfb_overhead_ratio_p50: ratio(percentile(via, 50) - percentile(direct, 50), percentile(direct, 50)),
      ttfb_overhead_ratio_p99: ratio(percentile(via, 99) - percentile(direct, 99), percentile(direct, 99)),
      // The server's CPU per sequential chat (the whole turn: before and after the first byte):
      // steadier than the latencies when other work shares the machine.
      server_cpu_ms_per_chat: round(serverCpuMs / SEQ, 3),
      concurrent_streams: CONCURRENT,
      concurrent_completed: completed,
      chunks_per_stream: CHUNKS,
      lost_chunks: lostChunks,
      concurrent_ttfb_ms_p99: round(percentile(loadTtfb, 99), 2),
      concurrent_wall_ms: round(concurrentMs, 0),
      peak_rss_mb: round(peakRunMb, 1),
      rss_before_concurrent_mb: round(before.rssMb, 1),
      rss_per_stream_kb: round(((peakRunMb - before.rssMb) * 1024) / CONCURRENT, 1),
      boot_peak_rss_mb: round(after.peakMb, 1),
      held_open_streams: open.streams.length,
      held_open_failures: open.failures,
      ttfb_overhead_under_load_ms_p50: round(percentile(loadVia, 50) - percentile(loadDirect, 50), 3),
      ttfb_overhead_under_load_ms_p99: round(percentile(loadVia, 99) - percentile(loadDirect, 99), 3),
      ttfb_overhead_under_load_ratio_p50: ratio(percentile(loadVia, 50) - percentile(loadDirect, 50), percentile(loadDirect, 50)),
      ttfb_overhead_under_load_ratio_p99: ratio(percentile(loadVia, 99) - percentile(loadDirect, 99), percentile(loadDirect, 99)),
      rss_per_idle_stream_kb: round(((heldRss - after.rssMb) * 1024) / Math.max(1, open.streams.length), 1),
      errors,
    };
    return out;
  } finally {
    await stop(server);
    await stop(upstream);
  }
}

/** `added / direct`, two decimals (the "4.0x the direct time" of a report). */
function ratio(added: number, direct: number): number {
  return direct > 0 ? round(added / direct, 2) : Number.NaN;
}

/** Sequential chats measured while the held streams are open. */
const LOADED_SEQ = 100;
/** Held streams are opened in batches, so their holds do not all queue on one counter row at once. */
const HOLD_BATCH = 100;

async function holdStreams(serverBase: string, headers: Record<string, string>): Promise<{ streams: HeldStream[]; failures: number; agent: Agent }> {
  const agent = new Agent({ connections: CONCURRENT + 50, pipelining: 1 });
  const streams: HeldStream[] = [];
  let failures = 0;
  for (let i = 0; i < CONCURRENT; i += HOLD_BATCH) {
    const batch = await Promise.allSettled(
      Array.from({ length: Math.min(HOLD_BATCH, CONCURRENT - i) }, (_, j) =>
        openHeldStream(agent, `${serverBase}/api/v1/chat2/${MODEL}`, { prompt: `长连接 ${i + j} [demo:never-end][demo:delay=1000]` }, headers),
      ),
    );
    for (const r of batch) {
      if (r.status === 'fulfilled') streams.push(r.value);
      else failures++;
    }
  }
  return { streams, failures, agent };
}

/** Copy the shipped catalog and raise the free tier's daily counts to `count` (finite: still reserved and settled). */
function benchCatalog(dataDir: string, count: number): string {
  const dir = join(dataDir, 'catalog');
  cpSync(join(root, 'server/catalog'), dir, { recursive: true });
  const tiersPath = join(dir, 'tiers.json');
  const tiers = JSON.parse(readFileSync(tiersPath, 'utf8')) as { levels: { vip: number; daily: Record<string, number> }[] };
  for (const level of tiers.levels) {
    if (level.vip !== 0) continue;
    for (const key of Object.keys(level.daily)) level.daily[key] = count;
  }
  writeFileSync(tiersPath, JSON.stringify(tiers, null, 2));
  return dir;
}

function upstreamBody(question: string, tokens: number) {
  return { model: UPSTREAM_MODEL, stream: true, messages: [{ role: 'user', content: `${question} [demo:tokens=${tokens}]` }] };
}

function productBody(question: string, tokens: number, delayMs?: number) {
  const delay = delayMs === undefined ? '' : `[demo:delay=${delayMs}]`;
  return { prompt: `${question} [demo:tokens=${tokens}]${delay}` };
}

async function login(base: string): Promise<string> {
  const phone = '13800138000';
  await fetch(`${base}/api/v1/user/sendSmsCode`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone }) });
  const res = await fetch(`${base}/api/v1/user/phoneLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, code: '123456' }),
  });
  const body = (await res.json()) as { code: number; msg: string; data: { token: string } };
  if (body.code !== 200) throw new Error(`login failed: ${body.msg}`);
  return body.data.token;
}

