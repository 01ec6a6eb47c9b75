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
import { cpus, loadavg } from 'node:os';
import JSZip from 'jszip';
import { sampleDocx } from '../../server/src/tools/tasks/testing/office-fixtures';
import { benchLogin, call, sampleRss, withBenchServer, writeBenchResult, type Envelope } from './lib/bench-server';
import { round } from './lib/stats';

const PAGES = Number(process.env.BENCH_DOC_PAGES ?? 100);
const PARAGRAPHS_PER_PAGE = 25;
const DEADLINE_MS = 20 * 60_000;

async function main(): Promise<void> {
  const load = loadavg()[0]!;
  const docx = await sampleDocx(PAGES, PARAGRAPHS_PER_PAGE);
  const body = await (await JSZip.loadAsync(docx)).file('word/document.xml')!.async('string');
  const chars = [...body.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].reduce((n, m) => n + m[1]!.length, 0);
  await withBenchServer('doc-translate', () => ({ DEMO_TOKEN_DELAY_MS: '0' }), async ({ base, pid }) => {
    const token = await benchLogin(base, '13900009999');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(docx)]), `bench-${PAGES}-pages.docx`);
    const up = (await (await fetch(`${base}/api/v1/files/upload`, { method: 'POST', headers: { token }, body: form })).json()) as Envelope<{ id: string }>;
    if (up.code !== 200) throw new Error(`upload refused: ${up.msg}`);

    const rss = sampleRss(pid, 100);
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
    rss.stop();
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
      server_rss_mb_before: round(rss.before),
      server_rss_mb_peak: round(rss.peak()),
    };
    writeBenchResult('doc-translate', out);
    if (last.status !== 'succeeded') process.exitCode = 1;
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
