// Loaded by the worker thread under Node's own type stripping: erasable TypeScript only, explicit extensions.
import { countInflated, type Inflater } from './inflate-count.ts';
import type { GuardVerdict } from './zip-guard.ts';

/**
 * A PDF's FlateDecode streams inflated and counted before pdf.js reads the file: pdf.js keeps a
 * decoded stream whole in memory, so a few hundred KB of deflated zeros become gigabytes. Every
 * stream whose filters are all Flate is counted; images are skipped (reading text never decodes
 * them, and a scanned page's pixels are large for good reasons). Streams this scan cannot decode
 * (encrypted files, other filters) are left to the worker's memory watch (parse/index.ts).
 */

/** Bytes the decoded streams of one PDF may take (its text is at most 100,000 characters). */
export const PDF_MAX_INFLATED_BYTES = 100 * 1024 * 1024;

export async function checkPdf(data: Uint8Array, cap = PDF_MAX_INFLATED_BYTES): Promise<GuardVerdict> {
  // latin1 keeps one character per byte, so string offsets are byte offsets.
  const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');
  let total = 0;
  for (const m of text.matchAll(/(?<!end)stream(?:\r\n|\n|\r)/g)) {
    const dict = dictionaryBefore(text, m.index);
    if (dict === null || /\/Subtype\s*\/Image\b/.test(dict)) continue;
    const stages = flateStages(dict);
    if (!stages) continue;
    // Everything to the end of the file: inflation stops by itself at the end of the compressed data,
    // so a wrong /Length or a fake `endstream` inside the data cannot hide bytes from the count.
    const counted = await countInflated(data.subarray(m.index + m[0].length), stages, cap - total);
    total += counted.bytes;
    if (total > cap) return 'too-large';
  }
  return 'ok';
}

/** The dictionary `<< ... >>` right before a `stream` keyword, or null when there is none. */
function dictionaryBefore(text: string, at: number): string | null {
  let end = at;
  while (end > 0 && /\s/.test(text[end - 1]!)) end--;
  if (text.slice(end - 2, end) !== '>>') return null;
  let depth = 0;
  for (let i = end - 1; i >= 1; i--) {
    if (text[i] === '>' && text[i - 1] === '>') {
      depth++;
      i--;
    } else if (text[i] === '<' && text[i - 1] === '<') {
      depth--;
      i--;
      if (depth === 0) return text.slice(i, end);
    }
  }
  return null;
}

/** One zlib stage per filter when every filter is Flate; null when a stream has no filter or another one. */
function flateStages(dict: string): Inflater[] | null {
  const m = /\/Filter\s*(\/[A-Za-z0-9]+|\[[^\]]*\])/.exec(dict);
  if (!m) return null;
  const names = m[1]!.match(/\/[A-Za-z0-9]+/g) ?? [];
  if (names.length === 0 || !names.every((n) => n === '/FlateDecode' || n === '/Fl')) return null;
  return names.map(() => 'zlib');
}
