import {
  AlignmentType,
  Document,
  ExternalHyperlink,
  Footer,
  HeadingLevel,
  Packer,
  PageBreak,
  PageNumber,
  Paragraph,
  TableOfContents,
  TextRun,
} from 'docx';
import { estimatePageNumbers } from 'docx/layout';
import { MSG, THESIS_MSG } from '@wanxiang/contract';
import { aigcDocxProperties } from '../aigc-label';
import type { ThesisReference } from '../../modules/thesis/references';
import { referenceLine } from '../../modules/thesis/references';

/**
 * The long document as Word: a cover page (no page number), the table of contents (a real TOC
 * field over the headings, pre-filled so it is not empty before Word updates it), the abstract,
 * each chapter as Heading 1 with its sections as Heading 2 and body paragraphs with a first-line
 * indent, the references with their DOI links, page numbers (a PAGE field) and the visible
 * AI-content line in the footer, and the implicit label in the custom property AIGC.
 */

export interface ThesisDocument {
  title: string;
  field: string;
  type: string;
  date: string;
  abstract: string;
  /** 关键词 (may be empty). */
  keywords: string;
  chapters: { title: string; body: string }[];
  references: readonly ThesisReference[];
  english: boolean;
}

const FONT = { ascii: 'Times New Roman', hAnsi: 'Times New Roman', eastAsia: 'SimSun' };
const HEADING_FONT = { ascii: 'Times New Roman', hAnsi: 'Times New Roman', eastAsia: 'SimHei' };

/** The document's own words in its language (the page and the hint under the TOC stay Chinese: the reader is). */
const LABELS = {
  zh: { ...THESIS_MSG.cover, toc: THESIS_MSG.toc, abstract: THESIS_MSG.abstract, keywords: THESIS_MSG.keywords, references: THESIS_MSG.references },
  en: { author: 'Author: ', date: 'Date: ', field: 'Field: ', type: 'Type: ', toc: 'Contents', abstract: 'Abstract', keywords: 'Keywords: ', references: 'References' },
};
const labelsOf = (doc: ThesisDocument) => (doc.english ? LABELS.en : LABELS.zh);

const bodyParagraph = (text: string) =>
  new Paragraph({ indent: { firstLine: 480 }, spacing: { after: 120 }, children: [new TextRun({ text })] });

/** A chapter's markdown body: "### x" lines become Heading 2, other blocks paragraphs (markdown marks dropped). */
function chapterBlocks(body: string): Paragraph[] {
  const out: Paragraph[] = [];
  for (const raw of body.split(/\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const heading = /^#{2,6}\s+(.*)$/.exec(line);
    if (heading) {
      out.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun({ text: heading[1]!.replace(/[*_`]/g, '') })] }));
      continue;
    }
    // A markdown table (models write them now and then): its separator row dropped, each row's cells in one line.
    if (/^\|.*\|$/.test(line)) {
      if (!/^\|[\s:|-]+\|$/.test(line)) out.push(new Paragraph({ spacing: { after: 60 }, children: [new TextRun({ text: line.slice(1, -1).split('|').map((c) => c.trim()).join('　'), size: 21 })] }));
      continue;
    }
    out.push(bodyParagraph(line.replace(/^[-*+]\s+/, '').replace(/\*\*|__|`/g, '')));
  }
  return out;
}

function cover(doc: ThesisDocument): Paragraph[] {
  const info = (label: string, value: string) =>
    new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 160 }, children: [new TextRun({ text: `${label}${value}`, size: 28 })] });
  return [
    new Paragraph({ spacing: { before: 2400 } }),
    new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 1200 }, children: [new TextRun({ text: doc.title, bold: true, size: 40, font: HEADING_FONT })] }),
    ...(doc.field ? [info(labelsOf(doc).field, doc.field)] : []),
    info(labelsOf(doc).type, doc.type),
    info(labelsOf(doc).date, doc.date),
    new Paragraph({ spacing: { before: 2400 }, alignment: AlignmentType.CENTER, children: [new TextRun({ text: MSG.aiDisclaimer, size: 18, color: '808080' })] }),
  ];
}

function references(refs: readonly ThesisReference[], title: string): Paragraph[] {
  const head = new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, children: [new TextRun(title)] });
  if (!refs.length) return [head, bodyParagraph(THESIS_MSG.noReferences)];
  return [
    head,
    ...refs.map(
      (r) =>
        new Paragraph({
          spacing: { after: 80 },
          indent: { hanging: 420, left: 420 },
          children: [
            new TextRun({ text: `${referenceLine(r)} DOI: ` }),
            new ExternalHyperlink({ link: r.doi, children: [new TextRun({ text: r.doi, style: 'Hyperlink' })] }),
          ],
        }),
    ),
  ];
}

export async function thesisDocx(doc: ThesisDocument, contentId: string): Promise<Buffer> {
  const footer = new Footer({
    children: [
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [new TextRun({ children: doc.english ? ['Page ', PageNumber.CURRENT] : ['第 ', PageNumber.CURRENT, ' 页'], size: 18 })],
      }),
      new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: MSG.aiDisclaimer, size: 16, color: '808080' })] }),
    ],
  });
  const body: (Paragraph | TableOfContents)[] = [
    new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 240 }, children: [new TextRun({ text: labelsOf(doc).toc, bold: true, size: 32, font: HEADING_FONT })] }),
    new TableOfContents(labelsOf(doc).toc, { hyperlink: true, headingStyleRange: '1-2' }),
    new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: THESIS_MSG.tocHint, size: 16, color: '808080' })] }),
    new Paragraph({ children: [new PageBreak()] }),
    new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 240 }, children: [new TextRun({ text: labelsOf(doc).abstract, bold: true, size: 32, font: HEADING_FONT })] }),
    ...doc.abstract.split(/\n+/).filter(Boolean).map(bodyParagraph),
    ...(doc.keywords
      ? [new Paragraph({ spacing: { before: 240 }, children: [new TextRun({ text: labelsOf(doc).keywords, bold: true }), new TextRun(doc.keywords)] })]
      : []),
  ];
  doc.chapters.forEach((c) => {
    body.push(new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, children: [new TextRun(c.title)] }), ...chapterBlocks(c.body));
  });
  body.push(...references(doc.references, labelsOf(doc).references));

  const file = new Document({
    ...aigcDocxProperties(doc.title, contentId, MSG.aiDisclaimer),
    features: { updateFields: true },
    // The table of contents is written with its page numbers (estimated from the layout), so it reads right in
    // LibreOffice's PDF and in viewers that never update fields; Word still updates it on open.
    pageNumbers: estimatePageNumbers,
    styles: {
      default: {
        document: { run: { font: FONT, size: 24 }, paragraph: { spacing: { line: 360 } } },
        heading1: { run: { font: HEADING_FONT, size: 32, bold: true, color: '000000' }, paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 240, after: 240 } } },
        heading2: { run: { font: HEADING_FONT, size: 28, bold: true, color: '000000' }, paragraph: { spacing: { before: 200, after: 120 } } },
      },
    },
    sections: [
      // The cover: its own section, so it carries no page number.
      { properties: { page: { margin: { top: 1440, bottom: 1440, left: 1800, right: 1800 } } }, children: cover(doc) },
      {
        properties: { page: { margin: { top: 1440, bottom: 1440, left: 1800, right: 1800 }, pageNumbers: { start: 1 } } },
        footers: { default: footer },
        children: body,
      },
    ],
  });
  return Packer.toBuffer(file);
}
