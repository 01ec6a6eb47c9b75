import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  HeadingLevel,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { MSG } from '@wanxiang/contract';
import { aigcDocxProperties } from '../../tools/aigc-label';

/**
 * A saved run as a file to download (docs/api.md "Tools"): markdown, or a Word document with the
 * markdown rendered (headings, paragraphs, lists, bold/italic/code, code blocks, tables, quotes).
 * Both end with the visible AI-content line (MSG.aiDisclaimer); the docx also carries the
 * implicit label in its custom properties under the key AIGC (producer, content id = run id),
 * the same fields as the images' label (China's labelling rules, docs/product/creation.md).
 */
export interface ExportedRun {
  id: string;
  title: string;
  content: string;
  createdAt: Date;
}

/** The local time shown in exports (China). */
function shownTime(d: Date): string {
  return new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

export function runMarkdown(run: ExportedRun): string {
  return `# ${run.title}\n\n${run.content.trim()}\n\n---\n\n${MSG.aiDisclaimer}\n`;
}

/** A file name safe for Content-Disposition: the title and the date, nothing a path could use. */
export function exportFileName(run: ExportedRun, ext: 'md' | 'docx' | 'pdf'): string {
  // eslint-disable-next-line no-control-regex -- control characters never belong in a file name
  const base = run.title.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '').slice(0, 40) || MSG.toolExportTitleFallback;
  return `${base}-${run.createdAt.toISOString().slice(0, 10)}.${ext}`;
}

const MONO = 'Consolas';

/** Inline markdown (**bold**, *italic*, `code`) as runs; everything else as plain text. */
export function inlineRuns(text: string, base: { bold?: boolean; italics?: boolean } = {}): TextRun[] {
  const runs: TextRun[] = [];
  const pattern = /(\*\*([^*]+)\*\*|__([^_]+)__|`([^`]+)`|\*([^*\s][^*]*)\*)/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) runs.push(new TextRun({ text: text.slice(last, m.index), ...base }));
    if (m[2] ?? m[3]) runs.push(new TextRun({ text: (m[2] ?? m[3])!, ...base, bold: true }));
    else if (m[4]) runs.push(new TextRun({ text: m[4], ...base, font: MONO, shading: { type: ShadingType.CLEAR, fill: 'F2F2F2', color: 'auto' } }));
    else if (m[5]) runs.push(new TextRun({ text: m[5], ...base, italics: true }));
    last = m.index + m[0].length;
  }
  if (last < text.length) runs.push(new TextRun({ text: text.slice(last), ...base }));
  return runs;
}

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6];
const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

function table(rows: string[][]): Table {
  const width = Math.max(...rows.map((r) => r.length));
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: rows.map(
      (r, i) =>
        new TableRow({
          tableHeader: i === 0,
          children: Array.from({ length: width }, (_, j) => new TableCell({ children: [new Paragraph({ children: inlineRuns(r[j] ?? '', { bold: i === 0 }) })] })),
        }),
    ),
  });
}

/** Markdown blocks as docx paragraphs and tables. */
export function markdownBlocks(markdown: string): (Paragraph | Table)[] {
  const out: (Paragraph | Table)[] = [];
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^\s*(```|~~~)/.exec(line);
    if (fence) {
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.trim().startsWith(fence[1]!); i++) code.push(lines[i]!);
      for (const c of code.length ? code : ['']) {
        out.push(new Paragraph({ shading: { type: ShadingType.CLEAR, fill: 'F2F2F2', color: 'auto' }, children: [new TextRun({ text: c || ' ', font: MONO, size: 20 })] }));
      }
      continue;
    }
    if (/^\s*\|.*\|\s*$/.test(line)) {
      const rows: string[][] = [];
      for (; i < lines.length && /^\s*\|.*\|\s*$/.test(lines[i]!); i++) {
        if (!/^\s*\|?\s*:?-{2,}/.test(lines[i]!)) rows.push(cells(lines[i]!));
      }
      i--;
      if (rows.length) out.push(table(rows));
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^(\s*)[-*+]\s+(.*)$/.exec(line);
    const ordered = /^(\s*)(\d+[.、)])\s*(.*)$/.exec(line);
    const quote = /^\s*>\s?(.*)$/.exec(line);
    if (heading) out.push(new Paragraph({ heading: HEADINGS[heading[1]!.length - 1], children: inlineRuns(heading[2]!) }));
    else if (/^\s*(-{3,}|\*{3,}|_{3,})\s*$/.test(line)) out.push(new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'BFBFBF', space: 1 } }, children: [] }));
    else if (bullet) out.push(new Paragraph({ bullet: { level: Math.min(Math.floor(bullet[1]!.length / 2), 8) }, children: inlineRuns(bullet[2]!) }));
    else if (ordered) out.push(new Paragraph({ indent: { left: 360 + 360 * Math.min(Math.floor(ordered[1]!.length / 2), 8) }, children: inlineRuns(`${ordered[2]} ${ordered[3]}`) }));
    else if (quote) out.push(new Paragraph({ indent: { left: 480 }, children: inlineRuns(quote[1]!, { italics: true }) }));
    else if (line.trim()) out.push(new Paragraph({ children: inlineRuns(line.trim()) }));
  }
  return out;
}

export async function runDocx(run: ExportedRun): Promise<Buffer> {
  const footerLine = () => new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: MSG.aiDisclaimer, size: 18, color: '808080' })] });
  const doc = new Document({
    ...aigcDocxProperties(run.title, run.id, MSG.aiDisclaimer),
    sections: [
      {
        footers: { default: new Footer({ children: [footerLine()] }) },
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(run.title)] }),
          new Paragraph({ children: [new TextRun({ text: shownTime(run.createdAt), color: '808080', size: 18 })] }),
          ...markdownBlocks(run.content),
          new Paragraph({ border: { top: { style: BorderStyle.SINGLE, size: 6, color: 'BFBFBF', space: 1 } }, children: [] }),
          footerLine(),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
