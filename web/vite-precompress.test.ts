// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDir } from './vite-precompress';

/** The build step behind compressed static files: .br and .gz for text, nothing for the rest. */
describe('precompressDir', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wx-precompress-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes brotli and gzip siblings of text files that decompress to the original; skips small and binary files', async () => {
    mkdirSync(join(dir, 'assets'));
    const js = `export const s = ${JSON.stringify('万象 AI '.repeat(3_000))};`;
    const css = '.a{color:red}\n'.repeat(500);
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>段落</p>'.repeat(300)}`);
    writeFileSync(join(dir, 'assets', 'index-abc.js'), js);
    writeFileSync(join(dir, 'assets', 'index-abc.css'), css);
    writeFileSync(join(dir, 'assets', 'tiny-abc.js'), 'export{}');
    writeFileSync(join(dir, 'icon.png'), Buffer.alloc(5_000, 7));

    const r = await precompressDir(dir);
    expect(r.files).toBe(3);
    expect(r.brotliBytes).toBeLessThan(r.bytes / 10);
    for (const [name, text] of [
      ['assets/index-abc.js', js],
      ['assets/index-abc.css', css],
    ] as const) {
      expect(brotliDecompressSync(readFileSync(join(dir, `${name}.br`))).toString()).toBe(text);
      expect(gunzipSync(readFileSync(join(dir, `${name}.gz`))).toString()).toBe(text);
    }
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dir, 'assets', 'tiny-abc.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'icon.png.br'))).toBe(false);
    // Running again (a rebuild into the same folder) does not compress the compressed copies.
    expect((await precompressDir(dir)).files).toBe(3);
    expect(existsSync(join(dir, 'assets', 'index-abc.js.br.gz'))).toBe(false);
  });
});
