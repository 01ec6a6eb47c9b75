// Loaded by the worker thread under Node's own type stripping: erasable TypeScript only, explicit extensions.
import { cellText, DocParseError, inflationOf, tidy } from './parsers.ts';
import { decodeText, htmlToText, xmlText } from './text.ts';

/**
 * A document read as its parts, for the document library's retrieval: each part keeps where it
 * came from, so an answer can cite "第 12 页" or "2.3 实验结果". PDF: one part per page; DOCX: one
 * per heading (mammoth's HTML, h1-h3); PPTX: one per slide (its number as the page); XLSX: one per
 * sheet; EPUB: one per spine chapter; Markdown: one per # heading; TXT: the whole text. The same
 * inflation guards run first as for chat attachments (a zip or PDF bomb is refused unread).
 */

export interface DocSection {
  /** 1-based page (PDF) or slide (PPTX); absent where the format has no pages. */
  page?: number;
  /** Heading, slide title, sheet name or chapter title ('' = none). */
  title: string;
  text: string;
}

/** A library document is larger than a chat attachment: a 300-page book is about 600,000 characters. */
export const SECTIONS_HARD_CAP = 3_000_000;

export const SECTION_FORMATS = ['pdf', 'docx', 'pptx', 'xlsx', 'epub', 'txt', 'md'] as const;

export async function parseSections(ext: string, data: Uint8Array): Promise<DocSection[]> {
  const inflation = await inflationOf(ext, data);
  if (inflation === 'too-large') throw new DocParseError('too-large', `${ext}: inflates past the cap`);
  if (inflation === 'unreadable') throw new DocParseError('unreadable', `${ext}: archive refused`);
  let parts: DocSection[];
  try {
    parts = await sectionsByType(ext, data);
  } catch (err) {
    if (err instanceof DocParseError) throw err;
    throw new DocParseError('unreadable', `${ext} parse failed: ${(err as Error).message}`);
  }
  const out: DocSection[] = [];
  let total = 0;
  for (const p of parts) {
    const text = tidy(p.text);
    if (!text) continue;
    total += text.length;
    if (total > SECTIONS_HARD_CAP) throw new DocParseError('too-large', `${ext}: more than ${SECTIONS_HARD_CAP} characters`);
    out.push({ ...p, title: p.title.replace(/\s+/g, ' ').trim().slice(0, 200), text });
  }
  if (out.length === 0) throw new DocParseError('empty', `${ext}: no text`);
  return out;
}

async function sectionsByType(ext: string, data: Uint8Array): Promise<DocSection[]> {
  switch (ext) {
    case 'pdf':
      return pdfPages(data);
    case 'docx':
      return docxHeadings(data);
    case 'pptx':
      return pptxSlides(data);
    case 'xlsx':
      return xlsxSheets(data);
    case 'epub':
      return epubChapters(data);
    case 'md':
      return markdownHeadings(decodeText(data));
    case 'txt':
      return [{ title: '', text: decodeText(data) }];
    default:
      throw new DocParseError('unreadable', `unsupported type ${ext}`);
  }
}

async function pdfPages(data: Uint8Array): Promise<DocSection[]> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(data));
  try {
    const { text } = await extractText(pdf, { mergePages: false });
    return (text as string[]).map((t, i) => ({ page: i + 1, title: '', text: t }));
  } finally {
    await pdf.destroy();
  }
}

/** Blocks of HTML cut at each h1-h3: the heading names the part that follows it. */
export function htmlByHeadings(html: string, fallbackTitle = ''): DocSection[] {
  const out: DocSection[] = [];
  let title = fallbackTitle;
  let last = 0;
  for (const m of html.matchAll(/<h([1-3])\b[^>]*>([\s\S]*?)<\/h\1>/gi)) {
    out.push({ title, text: htmlToText(html.slice(last, m.index)) });
    title = htmlToText(m[2]!).replace(/\n/g, ' ');
    last = m.index + m[0].length;
  }
  out.push({ title, text: htmlToText(html.slice(last)) });
  // A heading with no text under it still counts as text of its part (a title page).
  return out.map((p) => (p.text || !p.title ? p : { ...p, text: p.title }));
}

async function docxHeadings(data: Uint8Array): Promise<DocSection[]> {
  const mammoth = (await import('mammoth')).default;
  const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(data) });
  return htmlByHeadings(value);
}

async function openZip(data: Uint8Array) {
  const JSZip = (await import('jszip')).default;
  return JSZip.loadAsync(data);
}

async function pptxSlides(data: Uint8Array): Promise<DocSection[]> {
  const zip = await openZip(data);
  const slides = Object.keys(zip.files)
    .map((name) => ({ name, n: Number(/^ppt\/slides\/slide(\d+)\.xml$/.exec(name)?.[1]) }))
    .filter((s) => Number.isFinite(s.n) && s.n > 0)
    .sort((a, b) => a.n - b.n);
  const out: DocSection[] = [];
  for (const s of slides) {
    const xml = await zip.file(s.name)!.async('string');
    const lines = xml
      .split(/<\/a:p>/)
      .map((p) => [...p.matchAll(/<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>/g)].map((m) => xmlText(m[1]!)).join(''))
      .filter((l) => l.trim());
    out.push({ page: s.n, title: lines[0] ?? '', text: lines.join('\n') });
  }
  return out;
}

async function xlsxSheets(data: Uint8Array): Promise<DocSection[]> {
  const ExcelJS = (await import('exceljs')).default;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(data) as unknown as ArrayBuffer);
  const out: DocSection[] = [];
  book.eachSheet((sheet) => {
    const rows: string[] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      rows.push((row.values as unknown[]).slice(1).map(cellText).join('\t').replace(/\t+$/, ''));
    });
    out.push({ title: sheet.name, text: rows.join('\n') });
  });
  return out;
}

async function epubChapters(data: Uint8Array): Promise<DocSection[]> {
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
  if (chapters.length === 0)
    chapters = Object.keys(zip.files)
      .filter((n) => /\.x?html?$/i.test(n))
      .sort();
  const out: DocSection[] = [];
  for (const [i, path] of chapters.entries()) {
    const html = await zip.file(path)?.async('string');
    if (!html) continue;
    const heading = /<h[1-3]\b[^>]*>([\s\S]*?)<\/h[1-3]>/i.exec(html)?.[1] ?? /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1];
    out.push({ title: heading ? htmlToText(heading).replace(/\n/g, ' ') : `第${i + 1}章`, text: htmlToText(html) });
  }
  return out;
}

/** Markdown cut at each heading line (#, ##, ###); text before the first heading has no title. */
export function markdownHeadings(text: string): DocSection[] {
  const out: DocSection[] = [];
  let title = '';
  let lines: string[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const h = /^#{1,3}\s+(.+?)\s*#*\s*$/.exec(line);
    if (h) {
      out.push({ title, text: lines.join('\n') });
      title = h[1]!;
      lines = [];
    } else lines.push(line);
  }
  out.push({ title, text: lines.join('\n') });
  return out.map((p) => (p.text.trim() || !p.title ? p : { ...p, text: p.title }));
}
