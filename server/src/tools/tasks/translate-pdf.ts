import { AlignmentType, Document, Footer, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { MSG } from '@wanxiang/contract';
import { startTsWorker } from '../../infra/worker/ts-worker';
import { aigcDocxProperties } from '../aigc-label';
import type { PdfPagesReply, PdfPagesRequest } from './translate-pdf-worker';
import type { TranslateMode } from './translate-ooxml';

/**
 * The built-in PDF translation (PDF翻译 标准): the PDF's text layer read page by page (unpdf,
 * pdf.js, in a worker thread), each page's lines joined into paragraphs, and the translations laid out as a DOCX
 * (a heading per original page; bilingual: each paragraph in grey with its translation under it)
 * that LibreOffice turns into the PDF (office-pdf.ts). Scans without a text layer are refused at
 * submit. The layout of the original is not kept: that is the layout engine's job (translate-layout.ts).
 */

const WORKER_URL = new URL('./translate-pdf-worker.ts', import.meta.url);
/** A PDF's reading may take this long (500 pages of text on a busy core: a few seconds). */
export const PDF_READ_TIMEOUT_MS = 60_000;

/** Ask a fresh worker thread (translate-pdf-worker.ts); rejects on a failure, a timeout or an exhausted heap. */
function readInWorker(data: Buffer, countOnly: boolean): Promise<{ pages: number; texts?: string[] }> {
  return new Promise((resolve, reject) => {
    const worker = startTsWorker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: 512 } });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new Error('PDF read timed out'))), PDF_READ_TIMEOUT_MS);
    worker.on('message', (reply: PdfPagesReply) => settle(() => ('failed' in reply ? reject(new Error('PDF unreadable')) : resolve(reply))));
    worker.on('error', (err) => settle(() => reject(err)));
    worker.on('exit', () => settle(() => reject(new Error('PDF reader exited'))));
    const copy = new Uint8Array(data);
    worker.postMessage({ data: copy, countOnly } satisfies PdfPagesRequest, [copy.buffer]);
  });
}

/** The text of each page (the inflation guard ran before, at submit and at run). */
export async function readPdfPages(data: Buffer): Promise<string[]> {
  return (await readInWorker(data, false)).texts ?? [];
}

export async function pdfPageCount(data: Buffer): Promise<number> {
  return (await readInWorker(data, true)).pages;
}

/** A paragraph longer than this is split at a sentence end (a page without line structure). */
const PARAGRAPH_MAX = 1_200;
const SENTENCE_END = /[.!?。！？:：;；"”」』)）]$/;
const CJK = /[\u3000-\u9fff\uff00-\uffef]/;

/**
 * A page's lines as paragraphs: a blank line ends one; a line ending a sentence ends one when the
 * next line starts like a new paragraph (a capital, a digit, a bullet, CJK); other breaks are the
 * PDF's line wrapping and are joined (with a space between Latin words, none between CJK).
 */
export function pageParagraphs(pageText: string): string[] {
  const out: string[] = [];
  let cur = '';
  const flush = () => {
    const t = cur.replace(/\s+/g, ' ').trim();
    if (t) out.push(...splitLong(t));
    cur = '';
  };
  for (const raw of pageText.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    if (cur && SENTENCE_END.test(cur) && /^[\p{Lu}\d•·\-–—*(（[【]|^[\u3000-\u9fff]/u.test(line)) flush();
    if (!cur) cur = line;
    else if (cur.endsWith('-') && /^\p{Ll}/u.test(line)) cur = cur.slice(0, -1) + line;
    else cur += CJK.test(cur.slice(-1)) && CJK.test(line[0]!) ? line : ` ${line}`;
  }
  flush();
  return out;
}

function splitLong(t: string): string[] {
  if (t.length <= PARAGRAPH_MAX) return [t];
  const parts: string[] = [];
  let rest = t;
  while (rest.length > PARAGRAPH_MAX) {
    const window = rest.slice(0, PARAGRAPH_MAX);
    const cut = Math.max(window.lastIndexOf('. '), window.lastIndexOf('。'), window.lastIndexOf('！'), window.lastIndexOf('？'), window.lastIndexOf('! '), window.lastIndexOf('? '));
    const at = cut > PARAGRAPH_MAX / 3 ? cut + 1 : PARAGRAPH_MAX;
    parts.push(rest.slice(0, at).trim());
    rest = rest.slice(at);
  }
  if (rest.trim()) parts.push(rest.trim());
  return parts;
}

export interface TranslatedPage {
  source: string[];
  target: string[];
}

const FONT = { ascii: 'Arial', eastAsia: 'Noto Sans CJK SC', hAnsi: 'Arial' };

/** The translated pages as a DOCX: a heading per page, bilingual or translation only; labelled. */
export async function translatedPdfDocx(title: string, pages: readonly TranslatedPage[], mode: TranslateMode, contentId: string): Promise<Buffer> {
  const children: Paragraph[] = [new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun({ text: title })] })];
  pages.forEach((p, i) => {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun({ text: `第 ${i + 1} 页` })] }));
    if (p.source.length === 0) children.push(new Paragraph({ children: [new TextRun({ text: '（本页没有文字）', color: '999999' })] }));
    p.source.forEach((src, k) => {
      if (mode === 'bilingual') children.push(new Paragraph({ spacing: { after: 60 }, children: [new TextRun({ text: src, color: '7F7F7F', size: 19 })] }));
      children.push(new Paragraph({ spacing: { after: 200 }, children: [new TextRun({ text: p.target[k] ?? src })] }));
    });
  });
  const doc = new Document({
    ...aigcDocxProperties(title, contentId, MSG.docTranslateLabel),
    styles: { default: { document: { run: { font: FONT, size: 21 } } } },
    sections: [
      {
        footers: {
          default: new Footer({ children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: MSG.docTranslateLabel, size: 16, color: '808080' })] })] }),
        },
        children,
      },
    ],
  });
  return Packer.toBuffer(doc);
}
