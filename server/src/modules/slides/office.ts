import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

/**
 * LibreOffice in headless mode as a real reader of our decks: converts a .pptx to PDF (every
 * slide) or PNG (the first slide). Used by the preview-image script and the reader test only;
 * the server itself never needs it.
 */

const run = promisify(execFile);
const SOFFICE = process.env.SOFFICE_BIN ?? 'soffice';

/** Whether soffice can be started here. */
export async function sofficeAvailable(): Promise<boolean> {
  try {
    await run(SOFFICE, ['--version'], { timeout: 30_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Convert pptx bytes with soffice; `format` 'pdf' or 'png'. Each call gets its own profile
 * directory: two soffice processes sharing one refuse to run side by side.
 */
export async function convertPptx(pptx: Uint8Array, format: 'pdf' | 'png', timeoutMs = 120_000): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'wx-soffice-'));
  try {
    const input = join(dir, 'deck.pptx');
    await writeFile(input, pptx);
    const profile = pathToFileURL(join(dir, 'profile')).href;
    await run(SOFFICE, [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', format, '--outdir', dir, input], {
      timeout: timeoutMs,
    });
    return await readFile(join(dir, `deck.${format}`));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
