import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; images and fonts in the build are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Write `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside each compressible file
 * of `dir` over MIN_BYTES, each only when it is smaller. The server sends them by Accept-Encoding
 * (@fastify/static preCompressed), so no request pays for compression. Answers what it wrote.
 */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const jobs: Promise<{ bytes: number; br: number }>[] = [];
  for await (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) continue;
    jobs.push(
      (async () => {
        const data = await readFile(path);
        const [br, gzipped] = await Promise.all([
          brotli(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          }),
          gz(data, { level: 9 }),
        ]);
        if (br.length < data.length) await writeFile(`${path}.br`, br);
        if (gzipped.length < data.length) await writeFile(`${path}.gz`, gzipped);
        return { bytes: data.length, br: Math.min(br.length, data.length) };
      })(),
    );
  }
  const done = await Promise.all(jobs);
  return { files: done.length, bytes: done.reduce((a, d) => a + d.bytes, 0), brotliBytes: done.reduce((a, d) => a + d.br, 0) };
}

/** Vite plugin: precompress the build output once it is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'wanxiang-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const r = await precompressDir(outDir);
      this.info(`precompressed ${r.files} files: ${(r.bytes / 1024).toFixed(0)} KiB -> ${(r.brotliBytes / 1024).toFixed(0)} KiB brotli`);
    },
  };
}
