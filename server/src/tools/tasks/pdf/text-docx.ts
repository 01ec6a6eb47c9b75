import { Document, Packer, PageBreak, Paragraph, TextRun } from 'docx';

/**
 * A PDF's text layer as an editable Word document (PDF转Word, "可编辑文字"): one section, each
 * PDF page starting on a new Word page, lines joined back into paragraphs. pdftotext breaks a
 * paragraph at every visual line; a line is taken to end its paragraph when it ends a sentence
 * (。！？.!?：:；), when a blank line follows, or when it is clearly shorter than the page's usual
 * line (the last line of a paragraph). Chinese lines join without a space, Latin ones with one.
 * Not AI content: a plain conversion carries no AI label.
 */

const SENTENCE_END = /[。！？.!?：:；;」』”"）)]$/;
const CJK_EDGE = /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/;

/** Paragraphs of one page's text. */
export function pageParagraphs(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n').map((l) => l.replace(/\s+$/, ''));
  const widths = lines.filter((l) => l.trim()).map((l) => [...l.trim()].length).sort((a, b) => a - b);
  // The usual full line: the 80th percentile of line lengths on the page.
  const full = widths.length ? widths[Math.floor(widths.length * 0.8)]! : 0;
  const out: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim()) out.push(current.trim());
    current = '';
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    if (current) {
      const cjk = CJK_EDGE.test(current.slice(-1)) || CJK_EDGE.test(line[0]!);
      current += cjk ? line : ` ${line}`;
    } else {
      current = line;
    }
    if (SENTENCE_END.test(line) || [...line].length < full * 0.6) flush();
  }
  flush();
  return out;
}

export async function textPagesDocx(pages: readonly string[], title: string): Promise<Buffer> {
  const children: Paragraph[] = [];
  pages.forEach((text, i) => {
    const paras = pageParagraphs(text);
    const blocks = paras.length ? paras : [''];
    blocks.forEach((p, j) => {
      const runs: (TextRun | PageBreak)[] = [];
      if (i > 0 && j === 0) runs.push(new PageBreak());
      runs.push(new TextRun(p));
      children.push(new Paragraph({ children: runs, spacing: { after: 120 } }));
    });
  });
  const doc = new Document({ title, sections: [{ children }] });
  return Packer.toBuffer(doc);
}
