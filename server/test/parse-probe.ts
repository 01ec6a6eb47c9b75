import { readFileSync } from 'node:fs';
import { docxWith, pdfWith } from './fixtures/documents';
import { readDocumentText, type DocumentReadError } from '../src/modules/uploads/parse/index';

/**
 * `node --import tsx server/test/parse-probe.ts <ext> <file>`: parse one file in a fresh process,
 * as the server would, and print one JSON line with the outcome and what it cost the process's
 * memory (worker threads included). A fresh process per file: memory one parse took and did not
 * give back would otherwise hide the next one's cost.
 */
const [ext, file] = process.argv.slice(2) as [string, string];
const data = readFileSync(file);

// Warm up: the first worker loads its libraries; that memory is not the file's.
await readDocumentText('docx', await docxWith(['预热']));
await readDocumentText('pdf', pdfWith('warm up'));

const memory = () => {
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed + m.external };
};
const before = memory();
let peakRss = before.rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 5);
const started = Date.now();
const outcome = await readDocumentText(ext, data).then(
  (text) => `text of ${text.length} characters`,
  (err: DocumentReadError) => err.reason,
);
clearInterval(sampler);
const after = memory();
console.log(
  JSON.stringify({
    outcome,
    ms: Date.now() - started,
    peakGrowth: peakRss - before.rss,
    rssGrowth: after.rss - before.rss,
    heapGrowth: after.heap - before.heap,
  }),
);
