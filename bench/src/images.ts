/**
 * Image family benchmark (issue 13's proof): 200 demo images submitted at once by 20 users
 * through the real server (POST /api/v1/tools/text2image/run, one picture each), every task
 * followed to its end by polling GET /api/v1/tasks/{id}; prints how many finished, the wait in
 * queue (submit -> first seen running, p50/p95), the time until all were done, and the server's
 * RSS (before, peak). Demo mode: the demo painter draws every picture on this machine, so this
 * measures the engine, the painter, labelling and the file store, not a vendor.
 *
 *   npm run bench:images
 *   BENCH_IMAGE_USERS=40 BENCH_IMAGES_PER_USER=10 BENCH_TASK_CONCURRENCY=8 npm run bench:images
 *   BENCH_DATABASE_URL=postgres://... npm run bench:images     # the server on PostgreSQL
 *
 * Writes bench/results/images.json.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { benchLogin, BENCH_ROOT, call, sampleRss, withBenchServer, writeBenchResult } from './lib/bench-server';
import { percentile, round } from './lib/stats';

const USERS = Number(process.env.BENCH_IMAGE_USERS ?? 20);
const PER_USER = Number(process.env.BENCH_IMAGES_PER_USER ?? 10);
/** Worker slots of the server's task engine (TASK_CONCURRENCY; the default is 4). */
const CONCURRENCY = Number(process.env.BENCH_TASK_CONCURRENCY ?? 8);
const POLL_MS = 100;
const DEADLINE_MS = 15 * 60_000;

/** A catalog copy whose draw counts cover the run (still metered: each task holds and settles a count). */
function benchCatalog(dataDir: string): string {
  const dir = join(dataDir, 'catalog');
  cpSync(join(BENCH_ROOT, 'server/catalog'), dir, { recursive: true });
  const path = join(dir, 'tiers.json');
  const tiers = JSON.parse(readFileSync(path, 'utf8')) as { levels: { vip: number; daily: Record<string, number> }[] };
  for (const level of tiers.levels) for (const key of Object.keys(level.daily)) level.daily[key] = Math.max(level.daily[key]!, PER_USER * 4);
  writeFileSync(path, JSON.stringify(tiers, null, 2));
  return dir;
}

const login = (base: string, n: number) => benchLogin(base, `1390000${String(n).padStart(4, '0')}`);

interface Followed {
  submittedAt: number;
  runningAt: number | null;
  doneAt: number | null;
  status: string;
}

async function follow(base: string, token: string, taskId: string, submittedAt: number): Promise<Followed> {
  const f: Followed = { submittedAt, runningAt: null, doneAt: null, status: 'queued' };
  while (Date.now() - submittedAt < DEADLINE_MS) {
    const r = await call<{ status: string }>(base, `/api/v1/tasks/${taskId}`, token);
    f.status = r.data.status;
    if (f.runningAt === null && f.status !== 'queued') f.runningAt = Date.now();
    if (['succeeded', 'failed', 'canceled'].includes(f.status)) {
      f.doneAt = Date.now();
      return f;
    }
    await new Promise((r2) => setTimeout(r2, POLL_MS));
  }
  return f;
}

async function main(): Promise<void> {
  const load = loadavg()[0]!;
  const env = (dataDir: string) => ({
    SMS_IP_DAY_LIMIT: '100000',
    REGISTER_PER_IP_PER_DAY: '100000',
    CATALOG_DIR: benchCatalog(dataDir),
    TASKS_PER_USER: String(PER_USER),
    TASK_CONCURRENCY: String(CONCURRENCY),
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  await withBenchServer('images', env, async ({ base, pid }) => {
    const tokens: string[] = [];
    for (let u = 0; u < USERS; u++) tokens.push(await login(base, u));
    const rss = sampleRss(pid, 200);
    console.log(`[bench:images] ${USERS} users x ${PER_USER} images submitted at once (demo painter, ${CONCURRENCY} worker slots)`);
    const started = Date.now();
    const runs = await Promise.all(
      tokens.flatMap((token, u) =>
        Array.from({ length: PER_USER }, async (_, k) => {
          const submittedAt = Date.now();
          const r = await call<{ task_id: string }>(base, '/api/v1/tools/text2image/run', token, {
            inputs: { text: `压测图片 ${u}-${k}：雪山下的湖泊与小木屋`, count: 1, size: '1:1' },
          });
          if (r.code !== 200) return { submittedAt, runningAt: null, doneAt: null, status: `refused ${r.code} ${r.msg}` } satisfies Followed;
          return follow(base, token, r.data.task_id, submittedAt);
        }),
      ),
    );
    rss.stop();
    const total = Date.now() - started;
    const waits = runs.filter((r) => r.runningAt !== null).map((r) => r.runningAt! - r.submittedAt);
    const states: Record<string, number> = {};
    for (const r of runs) states[r.status] = (states[r.status] ?? 0) + 1;
    const out = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version, loadavg_1m_at_start: round(load) },
      database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
      users: USERS,
      images: runs.length,
      worker_slots: CONCURRENCY,
      states,
      all_succeeded: states.succeeded === runs.length,
      queue_wait_ms_p50: round(percentile(waits, 50)),
      queue_wait_ms_p95: round(percentile(waits, 95)),
      seconds_until_all_done: round(total / 1000),
      images_per_second: round(runs.length / (total / 1000)),
      server_rss_mb_before: round(rss.before),
      server_rss_mb_peak: round(rss.peak()),
    };
    writeBenchResult('images', out);
    if (!out.all_succeeded) process.exitCode = 1;
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
