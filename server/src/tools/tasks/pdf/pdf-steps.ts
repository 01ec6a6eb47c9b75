import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MSG, parsePageRanges, rangesPageCount } from '@wanxiang/contract';
import { TaskFailure, type TaskRow } from '../../../jobs';
import { BinaryError } from '../../../infra/process/run-binary';

/**
 * Steps the PDF task tools (pdf-tools.ts, doc-ocr.ts) share, so their page lists, converter
 * failures and temp files behave the same in every tool.
 */

/** Sync checks of the `pages` input (a page list like 1-3,5): its form, how many ranges and pages it names. */
export function pageListRefusal(
  inputs: TaskRow['inputs'],
  opts: { required: boolean; maxParts?: number; maxPages?: number },
): string | null {
  const text = typeof inputs.pages === 'string' ? inputs.pages.trim() : '';
  if (!text) return opts.required ? MSG.pdfPagesBad : null;
  const parsed = parsePageRanges(text);
  if (!parsed) return MSG.pdfPagesBad;
  if (opts.maxParts !== undefined && parsed.length > opts.maxParts) return MSG.pdfRangesTooMany(opts.maxParts);
  if (opts.maxPages !== undefined && rangesPageCount(parsed) > opts.maxPages) return MSG.pdfPagesTooMany(opts.maxPages);
  return null;
}

/** A converter's (poppler, LibreOffice) failure as the user's message (the task fails and refunds); a cancel stays a cancel. */
export function converterFailure(err: unknown, signal: AbortSignal): never {
  signal.throwIfAborted();
  if (err instanceof BinaryError)
    throw new TaskFailure(
      err.reason === 'missing' ? MSG.pdfToolMissing : err.reason === 'timeout' ? MSG.pdfToolTimeout : MSG.pdfToolFailed,
    );
  throw err;
}

/**
 * The PDF written as input.pdf into a fresh temp folder for the command-line converters, which
 * read files and write theirs beside it; the folder is removed whatever `work` does.
 */
export async function withPdfOnDisk<T>(data: Uint8Array, work: (input: string, dir: string) => Promise<T>, prefix = 'wx-pdf-'): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  try {
    const input = join(dir, 'input.pdf');
    await writeFile(input, data);
    return await work(input, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
