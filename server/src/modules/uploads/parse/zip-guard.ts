// Loaded by the worker thread under Node's own type stripping: erasable TypeScript only, explicit extensions.
import { countInflated } from './inflate-count.ts';

/**
 * A zip's parts inflated and counted before any library opens it (DOCX, XLSX, PPTX, EPUB are
 * zips, read by JSZip inside mammoth, exceljs and our own readers). The walk mirrors JSZip's:
 * the last end-of-central-directory record, central entries read while their signature holds
 * (JSZip ignores the declared count), each entry's data found through its local header. Whatever
 * JSZip would inflate is counted here first; anything it would read differently is refused.
 */

/** Bytes all parts of one archive may inflate to (a 10 MB office file with 100,000 characters needs far less). */
export const ZIP_MAX_INFLATED_BYTES = 100 * 1024 * 1024;
export const ZIP_MAX_ENTRIES = 10_000;

export type GuardVerdict = 'ok' | 'too-large' | 'unreadable';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

interface Entry {
  method: number;
  compressedSize: number;
  dataStart: number;
}

export async function checkZip(data: Uint8Array, cap = ZIP_MAX_INFLATED_BYTES): Promise<GuardVerdict> {
  const entries = zipEntries(data);
  if (!entries) return 'unreadable';
  let total = 0;
  for (const e of entries) {
    if (e.method === 0) {
      total += e.compressedSize;
    } else {
      const counted = await countInflated(data.subarray(e.dataStart, e.dataStart + e.compressedSize), ['raw'], cap - total);
      if (counted.result === 'error') return 'unreadable';
      total += counted.bytes;
    }
    if (total > cap) return 'too-large';
  }
  return 'ok';
}

/** Where each part's data lies, or null for an archive JSZip would reject or read another way (zip64, encrypted, shifted). */
function zipEntries(data: Uint8Array): Entry[] | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const u32 = (at: number) => (at + 4 <= data.length ? view.getUint32(at, true) : -1);
  const u16 = (at: number) => (at + 2 <= data.length ? view.getUint16(at, true) : -1);
  let eocd = -1;
  // The last signature anywhere, as JSZip looks for it; one too near the end to hold a record is refused.
  for (let i = data.length - 4; i >= 0; i--) {
    if (u32(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0 || eocd + 22 > data.length) return null;
  const records = u16(eocd + 10);
  const cdSize = u32(eocd + 12);
  const cdOffset = u32(eocd + 16);
  if (records === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) return null;
  // JSZip shifts every offset by bytes found before the archive; office files have none.
  if (cdOffset + cdSize !== eocd) return null;
  const entries: Entry[] = [];
  for (let p = cdOffset; u32(p) === CENTRAL; ) {
    if (entries.length >= ZIP_MAX_ENTRIES || p + 46 > data.length) return null;
    const flags = u16(p + 8);
    const method = u16(p + 10);
    const compressedSize = u32(p + 20);
    const size = u32(p + 24);
    const local = u32(p + 42);
    if (flags & 1 || (method !== 0 && method !== 8)) return null;
    if (compressedSize === 0xffffffff || size === 0xffffffff || local === 0xffffffff) return null;
    if (u32(local) !== LOCAL) return null;
    const dataStart = local + 30 + u16(local + 26) + u16(local + 28);
    if (dataStart + compressedSize > data.length) return null;
    entries.push({ method, compressedSize, dataStart });
    p += 46 + u16(p + 28) + u16(p + 30) + u16(p + 32);
  }
  if (entries.length === 0 && records !== 0) return null;
  return entries;
}
