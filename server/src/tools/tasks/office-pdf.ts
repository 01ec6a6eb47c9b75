import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

/**
 * A .docx as PDF through LibreOffice in headless mode (`soffice --convert-to pdf`), where the
 * machine has it (Debian: libreoffice-writer-nogui; docs/deploy.md). It is optional: a missing
 * binary, a LibreOffice without Writer, a timeout or an empty result all answer null, and the
 * caller hands out the DOCX alone and says so. Each call gets its own profile directory (two
 * soffice processes sharing one refuse to run side by side). SOFFICE_BIN names another binary.
 */

const run = promisify(execFile);

export const PDF_TIMEOUT_MS = 90_000;

export async function docxToPdf(docx: Buffer, signal?: AbortSignal): Promise<Buffer | null> {
  const bin = process.env.SOFFICE_BIN ?? 'soffice';
  const dir = await mkdtemp(join(tmpdir(), 'wx-docx-pdf-'));
  try {
    const input = join(dir, 'resume.docx');
    await writeFile(input, docx);
    const profile = pathToFileURL(join(dir, 'profile')).href;
    await run(bin, [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, input], {
      timeout: PDF_TIMEOUT_MS,
      ...(signal ? { signal } : {}),
    });
    const pdf = await readFile(join(dir, 'resume.pdf'));
    return pdf.subarray(0, 5).toString('latin1') === '%PDF-' ? pdf : null;
  } catch {
    // soffice prints "source file could not be loaded" and exits 0 without Writer: no file, so null too.
    signal?.throwIfAborted();
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
