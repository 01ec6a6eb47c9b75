/**
 * Document translation benchmark (issue 14's proof): a 100-page DOCX (25 paragraphs, a table and a
 * picture per page; made by the docx library like the tests' fixtures) uploaded to the real server,
 * translated by 文档翻译 (POST /api/v1/doc/translate, demo model) and followed with
 * doc/translate_query to its end; prints the characters and batches, the time from submit to the
 * translated file, and the server's RSS (before, peak). Demo mode with DEMO_TOKEN_DELAY_MS=0: the
 * demo upstream answers at once, so this measures our side (reading, batching, checkpoints,
 * writing the DOCX back, the task engine), not a model's speed.
 *
 *   npm run bench:doc-translate -w bench
 *   BENCH_DOC_PAGES=300 npm run bench:doc-translate -w bench
 *
 * Writes bench/results/doc-translate.json.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { sampleDocx } from '../../server/src/tools/tasks/testing/office-fixtures';
import { freePort, memoryOf, startTs, stop, waitForHttp } from './lib/processes';
import { round } from './lib/stats';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PAGES = Number(process.env.BENCH_DOC_PAGES ?? 100);
const PARAGRAPHS_PER_PAGE = 25;
const DEADLINE_MS = 20 * 60_000;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(base: string, path: string, token: string | null, body?: unknown): Promise<Envelope<T>> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

async function main(): Promise<void> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'wanxiang-bench-doc-'));
  const load = loadavg()[0]!;
  const docx = await sampleDocx(PAGES, PARAGRAPHS_PER_PAGE);
  const body = await (await JSZip.loadAsync(docx)).file('word/document.xml')!.async('string');
  const chars = [...body.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].reduce((n, m) => n + m[1]!.length, 0);
  const server = startTs(
    'server/src/main.ts',
    [],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SMS_FIXED_CODE: '123456',
      WEB_DIST: '',
      DEMO_TOKEN_DELAY_MS: '0',
      TASK_POLL_MAX_MS: '200',
    },
    root,
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${base}/api/v2/config/model/groups`, 300_000);
    await call(base, '/api/v1/user/sendSmsCode', null, { phone: '13900009999' });
    const login = await call<{ token: string }>(base, '/api/v1/user/phoneLogin', null, { phone: '13900009999', code: '123456' });
    const token = login.data.token;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(docx)]), `bench-${PAGES}-pages.docx`);
    const up = (await (await fetch(`${base}/api/v1/files/upload`, { method: 'POST', headers: { token }, body: form })).json()) as Envelope<{ id: string }>;
    if (up.code !== 200) throw new Error(`upload refused: ${up.msg}`);

    const rssBefore = memoryOf(server.pid!).rssMb;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(server.pid!).rssMb)), 100);
    console.log(`[bench:doc-translate] a ${PAGES}-page DOCX (${docx.length} bytes, ${chars} characters in its body) translated by the demo model`);
    const started = Date.now();
    const sub = await call<{ task_id: string }>(base, '/api/v1/doc/translate', token, { file_id: up.data.id, source_lang: 'en', target_lang: 'zh', mode: 'bilingual' });
    if (sub.code !== 200) throw new Error(`translate refused: ${sub.msg}`);
    let last: { status: string; stage: string; files?: { bytes: number }[] } = { status: 'queued', stage: '' };
    let stages = 0;
    let lastStage = '';
    while (Date.now() - started < DEADLINE_MS) {
      last = (await call<typeof last>(base, '/api/v1/doc/translate_query', token, { task_id: sub.data.task_id })).data;
      if (last.stage !== lastStage) {
        stages++;
        lastStage = last.stage;
      }
      if (['succeeded', 'failed', 'canceled'].includes(last.status)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    const out = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version, loadavg_1m_at_start: round(load) },
      pages: PAGES,
      docx_bytes: docx.length,
      body_characters: chars,
      status: last.status,
      final_stage: last.stage,
      progress_stages_seen: stages,
      result_bytes: last.files?.[0]?.bytes ?? 0,
      seconds_submit_to_file: round(seconds),
      characters_per_second: round(chars / seconds),
      server_rss_mb_before: round(rssBefore),
      server_rss_mb_peak: round(peak),
    };
    for (const [k, v] of Object.entries(out)) if (k !== 'machine' && k !== 'date') console.log(`  ${k.padEnd(24)} ${v}`);
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    writeFileSync(join(root, 'bench/results/doc-translate.json'), JSON.stringify(out, null, 2) + '\n');
    console.log('[bench:doc-translate] wrote bench/results/doc-translate.json');
    if (last.status !== 'succeeded') process.exitCode = 1;
  } finally {
    await stop(server);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
