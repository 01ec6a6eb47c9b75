import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BinaryError, runBinary } from '../../../infra/process/run-binary';

/**
 * LibreOffice in headless mode for the PDF tools: Word to PDF (`--convert-to pdf`) and PDF to Word
 * in layout mode (the Draw PDF import opened in Writer: `--infilter=writer_pdf_import
 * --convert-to docx`, each text line a positioned text box). Each call gets its own folder and
 * profile (two soffice processes sharing a profile refuse to run side by side); everything is
 * removed afterwards. Throws BinaryError (missing, timeout, failed); an empty or foreign result
 * is 'failed' too. SOFFICE_BIN names another binary.
 */

export const SOFFICE_TIMEOUT_MS = 120_000;

const sofficeBin = () => process.env.SOFFICE_BIN ?? 'soffice';

async function convert(input: Buffer, inExt: 'pdf' | 'docx', outExt: 'pdf' | 'docx', extra: string[], signal?: AbortSignal): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'wx-pdf-office-'));
  try {
    const file = join(dir, `input.${inExt}`);
    await writeFile(file, input);
    const profile = pathToFileURL(join(dir, 'profile')).href;
    await runBinary(sofficeBin(), [`-env:UserInstallation=${profile}`, '--headless', ...extra, '--convert-to', outExt, '--outdir', join(dir, 'out'), file], {
      timeoutMs: SOFFICE_TIMEOUT_MS,
      ...(signal ? { signal } : {}),
    });
    // soffice exits 0 with "source file could not be loaded" when it lacks the component: no file then.
    const out = await readFile(join(dir, 'out', `input.${outExt}`)).catch(() => {
      throw new BinaryError('failed', 'no output file');
    });
    if (out.length === 0) throw new BinaryError('failed', 'empty output file');
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function docxToPdfWithOffice(docx: Buffer, signal?: AbortSignal): Promise<Buffer> {
  return convert(docx, 'docx', 'pdf', [], signal);
}

export function pdfToDocxWithOffice(pdf: Buffer, signal?: AbortSignal): Promise<Buffer> {
  return convert(pdf, 'pdf', 'docx', ['--infilter=writer_pdf_import'], signal);
}
