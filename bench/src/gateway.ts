/**
 * Gateway benchmark (QUALITY G1, G4, G5): in one run, the same demo upstream is measured
 * directly and through the product's chat path (auth, quota reservation and history on), first
 * with the embedded PGlite database (what `npm start` runs), then with PostgreSQL when one answers
 * (BENCH_DATABASE_URL, TEST_DATABASE_URL, or 127.0.0.1:5432; a temporary database is created).
 *
 *   npm run bench                                  # 200 sequential chats, then 1000 concurrent streams
 *   BENCH_SEQ=500 BENCH_CONCURRENT=2000 npm run bench
 *   BENCH_POSTGRES=0 npm run bench                 # PGlite only
 *
 * Writes bench/results/gateway.json (top-level figures: the PGlite round; `postgres`: the same
 * figures on PostgreSQL) and prints a table.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONCURRENT, SEQ, runRound, type RoundResult } from './gateway-round';
import { temporaryPostgres } from './lib/postgres';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

async function main(): Promise<void> {
  console.log(`[bench] ${SEQ} sequential chats, then ${CONCURRENT} concurrent streams; round 1: PGlite`);
  const pglite = await runRound(undefined);
  let postgres: RoundResult | null = null;
  const pg = process.env.BENCH_POSTGRES === '0' ? null : await temporaryPostgres();
  if (pg) {
    console.log('[bench] round 2: PostgreSQL');
    try {
      postgres = await runRound(pg.url);
    } finally {
      await pg.drop();
    }
  } else {
    console.log('[bench] PostgreSQL not reachable (or BENCH_POSTGRES=0): PGlite round only');
  }
  const out = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version },
    ...pglite,
    ...(postgres ? { postgres } : {}),
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/gateway.json'), JSON.stringify(out, null, 2) + '\n');
  printTable(pglite, postgres);
}

const GOALS: Record<string, string> = {
  ttfb_overhead_ms_p50: '<= 2',
  ttfb_overhead_ms_p99: '<= 5',
  concurrent_completed: '>= 1000',
  lost_chunks: '0',
  ttfb_overhead_under_load_ms_p99: '<= 25',
  rss_per_idle_stream_kb: '<= 10',
};

/** An added-time row is printed with its ratio to the direct time beside it (`_ms_` -> `_ratio_`). */
const ratioKey = (k: string): string | null => (/^ttfb_overhead(_under_load)?_ms_p\d+$/.test(k) ? k.replace('_ms_', '_ratio_') : null);

function cell(r: RoundResult, k: string): string {
  const rk = ratioKey(k);
  const v = String(r[k]);
  return rk && typeof r[rk] === 'number' ? `${v} (${Number(r[rk]).toFixed(2)}x)` : v;
}

function printTable(a: RoundResult, b: RoundResult | null): void {
  const keys = Object.keys(a).filter((k) => typeof a[k] === 'number' && !/_ratio_/.test(k));
  const w = Math.max(...keys.map((k) => k.length));
  console.log('\n万象 AI gateway benchmark (ms unless named otherwise; (n.nnx) = added time / direct time)');
  console.log(`${'metric'.padEnd(w)}  ${'PGlite'.padStart(17)}  ${b ? 'PostgreSQL'.padStart(17) : ''}  goal`);
  for (const k of keys) {
    const pgv = b ? cell(b, k).padStart(17) : '';
    console.log(`${k.padEnd(w)}  ${cell(a, k).padStart(17)}  ${pgv}  ${GOALS[k] ?? ''}`);
  }
  console.log('\nwritten: bench/results/gateway.json');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
