// Loaded by the worker thread under Node's own type stripping: erasable TypeScript only, explicit extensions.
import { readLegacyDoc, readMobi } from './legacy.ts';
import { decodeText, htmlToText, xmlText } from './text.ts';
import { checkPdf } from './pdf-guard.ts';
import { checkZip, type GuardVerdict } from './zip-guard.ts';
import { readDocxStructured, readPptxStructured } from './structure.ts';

/**
 * Document text extraction, one function per format, all on well-kept libraries: unpdf (pdf.js)
 * for PDF, mammoth for DOCX, exceljs for XLSX, jszip for PPTX and EPUB. Runs inside a worker
 * thread with a memory cap and a deadline (see index.ts), after the inflation guards: a hostile
 * file can fail its own upload, never hang the server or fill its memory.
 */

export type ParseFailure = 'empty' | 'unreadable' | 'legacy' | 'too-large';

export class DocParseError extends Error {
  readonly reason: ParseFailure;
  constructor(reason: ParseFailure, message: string) {
    super(message);
    this.name = 'DocParseError';
    this.reason = reason;
  }
}

const ZIP_FORMATS = new Set(['docx', 'xlsx', 'pptx', 'epub']);

/** Text stops growing past this many characters (the chat limit is lower; the excess only proves "too long"). */
export const TEXT_HARD_CAP = 200_000;

/** `structured`: DOCX and PPTX keep their headings and slide titles as Markdown (structure.ts); other types read the same. */
export async function parseDocument(ext: string, data: Uint8Array, structured = false): Promise<string> {
  let text: string;
  try {
    text = await parseByType(ext, data, structured);
  } catch (err) {
    if (err instanceof DocParseError) throw err;
    throw new DocParseError('unreadable', `${ext} parse failed: ${(err as Error).message}`);
  }
  const clean = tidy(text);
  if (!clean) throw new DocParseError(ext === 'doc' || ext === 'ppt' || ext === 'mobi' ? 'legacy' : 'empty', `${ext}: no text`);
  return clean.slice(0, TEXT_HARD_CAP);
}

/** What a file inflates to, counted before a library inflates it (a decompression bomb stops at the cap). */
export async function inflationOf(ext: string, data: Uint8Array): Promise<GuardVerdict> {
  if (ZIP_FORMATS.has(ext)) return checkZip(data);
  if (ext === 'pdf') return checkPdf(data);
  return 'ok';
}

async function parseByType(ext: string, data: Uint8Array, structured: boolean): Promise<string> {
  const inflation = await inflationOf(ext, data);
  if (inflation === 'too-large') throw new DocParseError('too-large', `${ext}: inflates past the cap`);
  if (inflation === 'unreadable') throw new DocParseError('unreadable', `${ext}: archive refused (unreadable, zip64, encrypted or shifted)`);
  switch (ext) {
    case 'txt':
    case 'csv':
      return decodeText(data);
    case 'pdf':
      return readPdf(data);
    case 'docx':
      return structured ? readDocxStructured(data) : readDocx(data);
    case 'xlsx':
      return readXlsx(data);
    case 'pptx':
      return structured ? readPptxStructured(data) : readPptx(data);
    case 'epub':
      return readEpub(data);
    case 'doc':
    case 'ppt':
      return readLegacyDoc(data);
    case 'mobi':
      return readMobi(data);
    default:
      throw new DocParseError('unreadable', `unsupported type ${ext}`);
  }
}

async function readPdf(data: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(data));
  try {
    const { text } = await extractText(pdf, { mergePages: false });
    return (text as string[]).join('\n\n');
  } finally {
    await pdf.destroy();
  }
}

async function readDocx(data: Uint8Array): Promise<string> {
  const mammoth = (await import('mammoth')).default;
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(data) });
  return value;
}

async function readXlsx(data: Uint8Array): Promise<string> {
  const ExcelJS = (await import('exceljs')).default;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(data) as unknown as ArrayBuffer);
  const out: string[] = [];
  book.eachSheet((sheet) => {
    out.push(`# ${sheet.name}`);
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const cells = (row.values as unknown[]).slice(1).map(cellText);
      out.push(cells.join('\t').replace(/\t+$/, ''));
    });
  });
  return out.join('\n');
}

export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[]; hyperlink?: string };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
    if (o.text !== undefined) return cellText(o.text);
    if (o.result !== undefined) return cellText(o.result);
    return '';
  }
  return String(v);
}

async function openZip(data: Uint8Array) {
  const JSZip = (await import('jszip')).default;
  return JSZip.loadAsync(data);
}

async function readPptx(data: Uint8Array): Promise<string> {
  const zip = await openZip(data);
  const slides = Object.keys(zip.files)
    .map((name) => ({ name, n: Number(/^ppt\/slides\/slide(\d+)\.xml$/.exec(name)?.[1]) }))
    .filter((s) => Number.isFinite(s.n) && s.n > 0)
    .sort((a, b) => a.n - b.n);
  const out: string[] = [];
  for (const s of slides) {
    const xml = await zip.file(s.name)!.async('string');
    // Each paragraph <a:p> becomes a line made of its runs <a:t>.
    const paras = xml.split(/<\/a:p>/).map((p) => [...p.matchAll(/<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>/g)].map((m) => xmlText(m[1]!)).join(''));
    const lines = paras.filter((l) => l.trim());
    if (lines.length) out.push(`第${s.n}页\n${lines.join('\n')}`);
  }
  return out.join('\n\n');
}

async function readEpub(data: Uint8Array): Promise<string> {
  const zip = await openZip(data);
  const container = await zip.file('META-INF/container.xml')?.async('string');
  const opfPath = container ? /full-path="([^"]+)"/.exec(container)?.[1] : undefined;
  let chapters: string[] = [];
  if (opfPath && zip.file(opfPath)) {
    const opf = await zip.file(opfPath)!.async('string');
    const dir = opfPath.includes('/') ? opfPath.slice(0, opfPath.lastIndexOf('/') + 1) : '';
    const manifest = new Map<string, string>();
    for (const m of opf.matchAll(/<item\b[^>]*>/g)) {
      const id = /\bid="([^"]+)"/.exec(m[0])?.[1];
      const href = /\bhref="([^"]+)"/.exec(m[0])?.[1];
      if (id && href) manifest.set(id, dir + decodeURIComponent(href));
    }
    chapters = [...opf.matchAll(/<itemref\b[^>]*\bidref="([^"]+)"/g)]
      .map((m) => manifest.get(m[1]!))
      .filter((p): p is string => Boolean(p));
  }
  // Without a readable package file, take every XHTML file in name order.
  if (chapters.length === 0)
    chapters = Object.keys(zip.files)
      .filter((n) => /\.x?html?$/i.test(n))
      .sort();
  const out: string[] = [];
  for (const path of chapters) {
    const html = await zip.file(path)?.async('string');
    if (html) out.push(htmlToText(html));
  }
  return out.join('\n\n');
}

/** One blank line at most, no trailing spaces, no control characters. */
export function tidy(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- stripping control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .replace(/[ \t\u00a0]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
