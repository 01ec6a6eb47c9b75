/**
 * Document library benchmark (issue 14's proof): a 300-page PDF (about 2,000 characters a page)
 * uploaded through the real server (POST /api/v1/doc/uploadFile), indexed by its doc:index task
 * (parsing thread, passages, segmented words, full-text index), followed on GET /api/v1/tasks/{id}
 * until it succeeds; then questions searched. Prints the time from upload to ready, the search
 * latency, and the server's RSS (before, peak: the parsing thread is inside the server process).
 *
 *   npm run bench:doc-index
 *   BENCH_DOC_PAGES=600 npm run bench:doc-index
 *   BENCH_DATABASE_URL=postgres://... npm run bench:doc-index     # the server on PostgreSQL
 *
 * Writes bench/results/doc-index.json.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, memoryOf, startTs, stop, waitForHttp } from './lib/processes';
import { percentile, round } from './lib/stats';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PAGES = Number(process.env.BENCH_DOC_PAGES ?? 300);
const LINES_PER_PAGE = 30;
const DEADLINE_MS = 15 * 60_000;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

const WORDS =
  'market revenue warranty shipping battery engine policy customer network storage sensor report quarter growth design safety training budget contract delivery'.split(
    ' ',
  );

/** A text PDF of `pages` pages (Helvetica, 30 lines each); page p mentions "topic<p>" so a search can find it. */
function bigPdf(pages: number): Buffer {
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const kids: string[] = [];
  for (let p = 1; p <= pages; p++) {
    const lines: string[] = [];
    for (let l = 0; l < LINES_PER_PAGE; l++) {
      const w = (i: number) => WORDS[(p * 7 + l * 3 + i) % WORDS.length];
      lines.push(`(Line ${l + 1} of page ${p}: the ${w(0)} ${w(1)} of topic${p} grew with the ${w(2)} and ${w(3)} ${w(4)} plans.) Tj T*`);
    }
    const stream = `BT /F1 10 Tf 12 TL 40 760 Td ${lines.join(' ')} ET`;
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${objects.length} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
    );
    kids.push(`${objects.length} 0 R`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
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
  const pdf = bigPdf(PAGES);
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
      TASK_POLL_MAX_MS: '200',
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    },
    root,
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${base}/api/v2/config/model/groups`, 300_000);
    await call(base, '/api/v1/user/sendSmsCode', null, { phone: '13900009999' });
    const login = await call<{ token: string }>(base, '/api/v1/user/phoneLogin', null, { phone: '13900009999', code: '123456' });
    const token = login.data.token;
    const rssBefore = memoryOf(server.pid!).rssMb;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(server.pid!).rssMb)), 100);
    console.log(`[bench:doc-index] a ${PAGES}-page PDF (${round(pdf.length / 1024 / 1024)} MB) uploaded and indexed`);
    const started = Date.now();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'bench.pdf');
    const up = (await (
      await fetch(`${base}/api/v1/doc/uploadFile`, { method: 'POST', headers: { token }, body: form })
    ).json()) as Envelope<{ file_id: string; task_id: string }>;
    if (up.code !== 200) throw new Error(`upload refused: ${up.msg}`);
    const uploadMs = Date.now() - started;
    let state = 'queued';
    while (Date.now() - started < DEADLINE_MS) {
      state = (await call<{ status: string }>(base, `/api/v1/tasks/${up.data.task_id}`, token)).data.status;
      if (['succeeded', 'failed', 'canceled'].includes(state)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const indexMs = Date.now() - started;
    clearInterval(sampler);
    const docs = await call<{ list: { file_id: string; chunks: number; chars: number; sections: number }[] }>(
      base,
      '/api/v1/doc/fileList',
      token,
    );
    const doc = docs.data.list[0]!;
    const searchMs: number[] = [];
    let found = 0;
    for (let i = 0; i < 20; i++) {
      const p = 1 + Math.floor((i * PAGES) / 20);
      const t0 = Date.now();
      const r = await call<{ passages: { page: number | null }[] }>(base, '/api/v1/doc/fileSearch', token, {
        file_id: doc.file_id,
        query: `topic${p}`,
      });
      searchMs.push(Date.now() - t0);
      if (r.data.passages[0]?.page === p) found++;
    }
    const out = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version, loadavg_1m_at_start: round(load) },
      database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
      pages: PAGES,
      pdf_mb: round(pdf.length / 1024 / 1024),
      task_state: state,
      sections: doc.sections,
      chunks: doc.chunks,
      chars: doc.chars,
      upload_answer_ms: uploadMs,
      seconds_upload_to_ready: round(indexMs / 1000),
      search_ms_p50: round(percentile(searchMs, 50)),
      search_ms_p95: round(percentile(searchMs, 95)),
      searches_right_page: `${found}/20`,
      server_rss_mb_before: round(rssBefore),
      server_rss_mb_peak: round(peak),
    };
    for (const [k, v] of Object.entries(out)) if (k !== 'machine' && k !== 'date') console.log(`  ${k.padEnd(24)} ${v}`);
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    writeFileSync(join(root, 'bench/results/doc-index.json'), JSON.stringify(out, null, 2) + '\n');
    console.log('[bench:doc-index] wrote bench/results/doc-index.json');
    if (state !== 'succeeded') process.exitCode = 1;
  } finally {
    await stop(server);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
