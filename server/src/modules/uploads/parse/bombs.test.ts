import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Worker } from 'node:worker_threads';
import { pdfBomb, pdfRunLengthBomb, zipBomb } from '../../../../test/fixtures/bombs';

/**
 * Issue 11: an 816 KB `.docx` declaring 1,000 bytes inflated to 800 MB inside the server (RSS
 * 566 -> 1,403 MB, never given back). Each inflating format is refused while memory stays flat:
 * the bytes actually inflated are counted as they stream and the count stops at the cap. Each
 * file is parsed in a fresh process (server/test/parse-probe.ts) that reports its own memory.
 */

const MB = 1024 * 1024;
const run = promisify(execFile);
const SERVER_DIR = new URL('../../../../', import.meta.url);

interface Probe {
  outcome: string;
  ms: number;
  peakGrowth: number;
  rssGrowth: number;
  heapGrowth: number;
}

describe('decompression bombs', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wx-bombs-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function probe(ext: string, data: Buffer): Promise<Probe> {
    const file = join(dir, `bomb.${ext}`);
    await writeFile(file, data);
    const { stdout } = await run(process.execPath, ['--expose-gc', '--import', 'tsx', 'test/parse-probe.ts', ext, file], {
      cwd: SERVER_DIR,
      timeout: 60_000,
    });
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as Probe;
  }

  const cases: [string, () => Promise<Buffer>][] = [
    ['docx', () => zipBomb('docx')],
    ['xlsx', () => zipBomb('xlsx')],
    ['pptx', () => zipBomb('pptx')],
    ['epub', () => zipBomb('epub')],
    ['pdf', () => pdfBomb()],
  ];
  for (const [ext, build] of cases) {
    it(`refuses a ${ext} of under 1 MB that inflates to 800 MB, memory flat`, async () => {
      const bomb = await build();
      expect(bomb.length).toBeLessThan(MB);
      const m = await probe(ext, bomb);
      const report = JSON.stringify({ ...m, peakGrowthMb: Math.round(m.peakGrowth / MB), rssGrowthMb: Math.round(m.rssGrowth / MB) });
      expect(m.outcome, report).toBe('too-large');
      // A worker's own start costs some tens of MB; inflating the bomb costs hundreds.
      // RSS after the parse is held to the same bound as the peak: on a loaded machine a fresh worker's RSS
      // alone came to 67 MB (a bomb inflating costs hundreds, 837 MB in issue 11), so 64 MB flaked.
      expect(m.peakGrowth, report).toBeLessThan(96 * MB);
      expect(m.rssGrowth, report).toBeLessThan(96 * MB);
      expect(m.heapGrowth, report).toBeLessThan(16 * MB);
    }, 90_000);
  }

  // Where Node can read a worker's heap (22.16+): a bomb no inflation count sees is ended at the watch's 256 MB.
  it.skipIf(typeof Worker.prototype.getHeapStatistics !== 'function')(
    'ends a PDF whose RunLength stream decodes to 512 MB at the memory watch',
    async () => {
      const bomb = pdfRunLengthBomb();
      expect(bomb.length).toBeLessThan(10 * MB);
      const m = await probe('pdf', bomb);
      const report = JSON.stringify({ ...m, peakGrowthMb: Math.round(m.peakGrowth / MB), rssGrowthMb: Math.round(m.rssGrowth / MB) });
      expect(m.outcome, report).toBe('too-large');
      expect(m.peakGrowth, report).toBeLessThan(320 * MB);
    },
    90_000,
  );
});
