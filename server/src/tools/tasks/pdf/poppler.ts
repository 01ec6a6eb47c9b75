import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runBinary } from '../../../infra/process/run-binary';

/**
 * poppler-utils (Debian package, installed by scripts/ensure-install.mjs --browser): pdftoppm
 * renders pages to PNG, pdftotext reads the text layer. Both run as separate processes with a
 * deadline, so a hostile PDF costs a killed process, never the server's memory or event loop.
 * PDFTOPPM_BIN / PDFTOTEXT_BIN name other binaries.
 */

export const RENDER_TIMEOUT_MS = 60_000;
export const TEXT_TIMEOUT_MS = 60_000;
/** Longest side of a rendered page in pixels (a poster-sized page at 300 DPI would be 10,000+). */
export const RENDER_MAX_SIDE = 5_000;
/** Most memory a poppler process may map: a 5,000-px page needs about 100 MB; a bomb stops here. */
export const POPPLER_MAX_MEMORY_BYTES = 1024 * 1024 * 1024;
/** Most bytes of text pdftotext may print (a 500-page book is a few MB). */
const TEXT_MAX_BYTES = 32 * 1024 * 1024;

const pdftoppm = () => process.env.PDFTOPPM_BIN ?? 'pdftoppm';
const pdftotext = () => process.env.PDFTOTEXT_BIN ?? 'pdftotext';

export interface RenderOptions {
  /** 1-based page number. */
  page: number;
  dpi: number;
  /** The page's size in PDF points (1/72 inch), to keep the picture within RENDER_MAX_SIDE. */
  widthPt: number;
  heightPt: number;
  signal?: AbortSignal;
}

/** One page of the PDF at `pdfPath` as PNG bytes; `workDir` receives the file. */
export async function renderPage(pdfPath: string, workDir: string, opts: RenderOptions): Promise<Buffer> {
  const longestPx = (Math.max(opts.widthPt, opts.heightPt) / 72) * opts.dpi;
  const size = longestPx > RENDER_MAX_SIDE ? ['-scale-to', String(RENDER_MAX_SIDE)] : ['-r', String(opts.dpi)];
  const prefix = join(workDir, `page-${opts.page}`);
  await runBinary(pdftoppm(), ['-png', ...size, '-f', String(opts.page), '-l', String(opts.page), '-singlefile', pdfPath, prefix], {
    timeoutMs: RENDER_TIMEOUT_MS,
    maxMemoryBytes: POPPLER_MAX_MEMORY_BYTES,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  return readFile(`${prefix}.png`);
}

/** The text layer of each page (pdftotext separates pages with a form feed). */
export async function pdfPageTexts(pdfPath: string, signal?: AbortSignal): Promise<string[]> {
  const out = await runBinary(pdftotext(), ['-enc', 'UTF-8', '-eol', 'unix', pdfPath, '-'], {
    timeoutMs: TEXT_TIMEOUT_MS,
    maxOutputBytes: TEXT_MAX_BYTES,
    maxMemoryBytes: POPPLER_MAX_MEMORY_BYTES,
    ...(signal ? { signal } : {}),
  });
  const pages = out.toString('utf8').split('\f');
  // The text ends with a form feed after the last page: the empty tail is not a page.
  if (pages.length > 1 && pages[pages.length - 1]!.trim() === '') pages.pop();
  return pages;
}
