// Loaded by the worker thread under Node's own type stripping: erasable TypeScript only, explicit extensions.
import { decodeText, htmlToText } from './text.ts';

/**
 * Best effort for formats no well-kept npm library reads: legacy Word .doc and PowerPoint .ppt
 * (OLE compound files) and Kindle .mobi. What cannot be read ends as "no text", and the upload
 * answers a message asking for docx / pptx / pdf instead of guessing.
 */

/** Stream and font names that live in every OLE file and are not the document's text. */
const OLE_NOISE =
  /^(Root Entry|WordDocument|SummaryInformation|DocumentSummaryInformation|[01]Table|Data|CompObj|ObjectPool|PowerPoint Document|Current User|Pictures|Microsoft .*|Normal|Default Paragraph Font|Times New Roman|Calibri.*|Arial|Symbol|Wingdings|Cambria.*|宋体|黑体|等线.*|微软雅黑|Title|Subject|Author|Keywords|Comments|Template|Last Saved By|Revision Number|Application Name|WPS Office.*|KSOProductBuildVer.*)$/i;

/**
 * Text of a .doc or .ppt: both keep Chinese text as UTF-16LE runs (Word pieces, PowerPoint
 * TextCharsAtom). Runs of readable UTF-16LE characters are collected; structure bytes are not
 * readable text and fall away.
 */
export function readLegacyDoc(data: Uint8Array): string {
  if (!(data[0] === 0xd0 && data[1] === 0xcf && data[2] === 0x11 && data[3] === 0xe0)) return '';
  const out: string[] = [];
  for (const offset of [0, 1]) {
    let run = '';
    for (let i = offset; i + 1 < data.length; i += 2) {
      const code = data[i]! | (data[i + 1]! << 8);
      if (isReadable(code)) run += String.fromCharCode(code === 0x0d || code === 0x0b ? 0x0a : code);
      else {
        keep(run, out);
        run = '';
      }
    }
    keep(run, out);
  }
  return out.join('\n');
}

function isReadable(code: number): boolean {
  return (
    (code >= 0x20 && code < 0x7f) ||
    code === 0x0d ||
    code === 0x0a ||
    code === 0x0b ||
    code === 0x09 ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x3000 && code <= 0x303f) ||
    (code >= 0xff01 && code <= 0xff5e) ||
    code === 0x201c ||
    code === 0x201d ||
    code === 0x2018 ||
    code === 0x2019 ||
    code === 0x2026 ||
    code === 0x2014
  );
}

/** A run is text when it is long enough and has words in it (Han characters or several letters). */
function keep(run: string, out: string[]): void {
  const t = run.trim();
  if (t.length < 4 || OLE_NOISE.test(t)) return;
  const han = (t.match(/[\u3400-\u9fff]/g) ?? []).length;
  const letters = (t.match(/[A-Za-z]/g) ?? []).length;
  if (han >= 2 || (letters >= 8 && /\s/.test(t) && letters / t.length > 0.6)) out.push(t);
}

/** PalmDOC / MOBI: PalmDOC-compressed or plain records, HTML inside, UTF-8 or CP1252. */
export function readMobi(data: Uint8Array): string {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (data.length < 86) return '';
  const type = String.fromCharCode(...data.subarray(60, 68));
  if (type !== 'BOOKMOBI' && type !== 'TEXtREAd') return '';
  const count = view.getUint16(76);
  const offsets: number[] = [];
  for (let i = 0; i < count; i++) offsets.push(view.getUint32(78 + i * 8));
  offsets.push(data.length);
  const rec0 = offsets[0]!;
  const compression = view.getUint16(rec0);
  const textRecords = view.getUint16(rec0 + 8);
  const encryption = view.getUint16(rec0 + 12);
  // HUFF/CDIC compression and DRM are out of reach.
  if (encryption !== 0 || (compression !== 1 && compression !== 2)) return '';
  let utf8 = type === 'TEXtREAd';
  let extraFlags = 0;
  if (String.fromCharCode(...data.subarray(rec0 + 16, rec0 + 20)) === 'MOBI') {
    const headerLength = view.getUint32(rec0 + 20);
    utf8 = view.getUint32(rec0 + 28) === 65001;
    if (headerLength >= 0xe4) extraFlags = view.getUint16(rec0 + 0xf2);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (let r = 1; r <= textRecords && r < offsets.length - 1; r++) {
    let rec = data.subarray(offsets[r]!, offsets[r + 1]!);
    rec = rec.subarray(0, rec.length - trailingSize(rec, extraFlags));
    const text = compression === 2 ? palmDocDecompress(rec) : rec;
    chunks.push(text);
    total += text.length;
    if (total > 8 * 1024 * 1024) break;
  }
  const bytes = Buffer.concat(chunks);
  const html = utf8 ? decodeText(bytes) : new TextDecoder('windows-1252').decode(bytes);
  return htmlToText(html);
}

function trailingSize(rec: Uint8Array, flags: number): number {
  let size = 0;
  for (let f = flags >> 1; f; f >>= 1) {
    if (f & 1) {
      let bit = 0;
      let value = 0;
      let p = rec.length - size;
      while (p > 0) {
        const v = rec[--p]!;
        value |= (v & 0x7f) << bit;
        bit += 7;
        if (v & 0x80 || bit >= 28) break;
      }
      size += value;
    }
  }
  if (flags & 1 && rec.length > size) size += (rec[rec.length - size - 1]! & 0x3) + 1;
  return Math.min(size, rec.length);
}

function palmDocDecompress(src: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < src.length;) {
    const c = src[i++]!;
    if (c >= 1 && c <= 8) {
      for (let k = 0; k < c && i < src.length; k++) out.push(src[i++]!);
    } else if (c < 0x80) {
      out.push(c);
    } else if (c < 0xc0) {
      if (i >= src.length) break;
      const pair = (c << 8) | src[i++]!;
      const distance = (pair >> 3) & 0x7ff;
      const length = (pair & 7) + 3;
      if (distance === 0 || distance > out.length) continue;
      for (let k = 0; k < length; k++) out.push(out[out.length - distance]!);
    } else {
      out.push(0x20, c ^ 0x80);
    }
  }
  return Uint8Array.from(out);
}
