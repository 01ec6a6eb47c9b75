import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The parsing workers on a Node without type stripping (the machine's Node 20, which `engines`
 * allows): `npm run` puts the pinned Node 24 first on PATH, but a production install or a plain
 * `node --import tsx server/src/main.ts` runs the server on whatever `node` the machine has.
 */

const SERVER_DIR = new URL('../../../', import.meta.url);

/** The first Node on this machine that cannot strip types itself, or null. */
function nodeWithoutTypeStripping(): string | null {
  const found = new Set<string>(['/usr/bin/node', '/usr/local/bin/node']);
  try {
    for (const line of execFileSync('which', ['-a', 'node'], { encoding: 'utf8' }).split('\n')) if (line.trim()) found.add(line.trim());
  } catch {
    // `which` missing: the fixed places are enough.
  }
  for (const bin of found) {
    if (!existsSync(bin)) continue;
    try {
      const out = execFileSync(bin, ['-p', 'process.features.typescript ? "strips" : process.version'], { encoding: 'utf8' }).trim();
      if (out !== 'strips') return bin;
    } catch {
      // Not runnable: try the next one.
    }
  }
  return null;
}

const oldNode = nodeWithoutTypeStripping();

// Runs under tsx exactly as `node --import tsx server/src/main.ts` would, and prints what came back.
// A file, not --eval: workers inherit the parent's execArgv, and would run an --eval script again.
const at = (path: string) => new URL(path, SERVER_DIR).href;
const PROBE = `
const { readDocumentText } = await import('${at('src/modules/uploads/parse/index.ts')}');
const { createPageExtractor } = await import('${at('src/modules/media/extractor.ts')}');
const { docxWith, pdfWith } = await import('${at('test/fixtures/documents.ts')}');
const out = {};
for (const [ext, data] of [['txt', Buffer.from('纯文本')], ['docx', await docxWith(['旧版运行时的段落'])], ['pdf', pdfWith('Old runtime PDF')]]) {
  out[ext] = await readDocumentText(ext, data).catch((e) => 'failed: ' + e.message);
}
const pages = createPageExtractor({ workers: 1 });
out.html = (await pages.extract('<html><head><title>页</title></head><body><article><p>网页正文内容。</p></article></body></html>', 'http://example.com/').catch((e) => ({ text: 'failed: ' + e.message }))).text;
await pages.close();
console.log(JSON.stringify(out));
`;

describe.skipIf(!oldNode)(`worker threads on ${oldNode ?? 'a Node without type stripping (none on this machine: skipped)'}`, () => {
  it('parse documents and read pages', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wx-old-node-'));
    const probe = join(dir, 'probe.mjs');
    writeFileSync(probe, PROBE);
    let stdout: string;
    try {
      // cwd: the server folder, where `--import tsx` resolves as in production.
      stdout = execFileSync(oldNode!, ['--import', 'tsx', probe], { cwd: SERVER_DIR, encoding: 'utf8', timeout: 60_000 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const out = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, string>;
    expect(out).toEqual({ txt: '纯文本', docx: '旧版运行时的段落', pdf: 'Old runtime PDF', html: '网页正文内容。' });
  });
});
