import { AlignmentType, Document, ExternalHyperlink, Footer, HeadingLevel, Packer, Paragraph, ShadingType, TextRun } from 'docx';
import { AIGC_BAND_LABELS, AIGC_MSG, MSG, type AigcBand, type AigcReport, type AigcSimilarityReport } from '@wanxiang/contract';
import { aigcDocxProperties } from '../../tools/aigc-label';

/**
 * The downloadable report of a check as a .docx (converted to PDF with LibreOffice where installed,
 * tools/tasks/office-pdf.ts): the summary, every paragraph highlighted in its band's colour with its
 * figure, and for a similarity check the overlapping passages with their sources. Like every file we
 * hand out it carries the AI-content label: the visible footer line and the AIGC custom property.
 */

const FONT = 'Noto Sans CJK SC';
/** Highlight fills, the same hues the page uses (web/src/features/aigc). */
export const BAND_FILL: Record<AigcBand, string> = { high: 'FAD4D4', medium: 'FCEBC2', low: 'D7F0DD' };
const GREY = 'EEEEEE';

const pct = (p: number) => `${Math.round(p * 100)}%`;
const line = (text: string, opts: { bold?: boolean; size?: number; color?: string } = {}) =>
  new Paragraph({ spacing: { after: 80 }, children: [new TextRun({ text, bold: opts.bold, size: opts.size, color: opts.color })] });

function highlighted(label: string, text: string, band: AigcBand | null): Paragraph {
  const fill = band ? BAND_FILL[band] : GREY;
  return new Paragraph({
    spacing: { after: 120 },
    children: [
      new TextRun({ text: `${label} `, bold: true, size: 18, color: '555555' }),
      new TextRun({ text, shading: { type: ShadingType.CLEAR, color: 'auto', fill } }),
    ],
  });
}

function summary(report: AigcReport | AigcSimilarityReport, now: Date): Paragraph[] {
  const head = report.mode === 'aigc' ? 'AIGC检测报告' : '相似度检测报告';
  const rateName = report.mode === 'aigc' ? '总体AI率' : '总体相似度';
  const out = [
    new Paragraph({
      heading: HeadingLevel.TITLE,
      alignment: AlignmentType.CENTER,
      children: [new TextRun({ text: report.demo ? `${head}（演示）` : head, bold: true, size: 36 })],
    }),
    line(`标题：${report.title}`),
    line(`检测时间：${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`),
    line(`${rateName}：${report.rate}%（${AIGC_BAND_LABELS[report.band]}）`, { bold: true, size: 28 }),
    line(`字数：${report.chars}\u3000段落：${report.paragraphs.length}`),
  ];
  if (report.mode === 'aigc') {
    out.push(line(`高风险段落 ${report.counts.high} 段，中风险 ${report.counts.medium} 段，低风险 ${report.counts.low} 段`));
    out.push(line(`检测方式：${report.detector === 'llm' ? '大模型判别' : '检测服务'}`));
  } else {
    out.push(line(`比对范围：${report.web ? '联网搜索结果、' : ''}我的文档（${report.libraryFiles} 个）`));
  }
  if (report.demo) out.push(line('演示模式：未连接真实模型，数值仅为示例。', { color: 'C0392B' }));
  out.push(line(AIGC_MSG.estimateNotice, { color: '777777', size: 18 }));
  out.push(line('图例：红色＝高，黄色＝中，绿色＝低，灰色＝过短未检测', { color: '777777', size: 18 }));
  return out;
}

function body(report: AigcReport | AigcSimilarityReport): Paragraph[] {
  if (report.mode === 'aigc') {
    return report.paragraphs.map((p) =>
      highlighted(
        p.score === null ? `[第${p.index + 1}段 · 未检测]` : `[第${p.index + 1}段 · ${pct(p.score)} ${AIGC_BAND_LABELS[p.band!]}]`,
        p.text,
        p.band,
      ),
    );
  }
  const out = report.paragraphs.map((p) =>
    highlighted(
      p.similarity === null ? `[第${p.index + 1}段 · 未比对]` : `[第${p.index + 1}段 · 相似 ${pct(p.similarity)}]`,
      p.text,
      p.band,
    ),
  );
  if (report.matches.length) {
    out.push(
      new Paragraph({
        heading: HeadingLevel.HEADING_2,
        spacing: { before: 240 },
        children: [new TextRun({ text: '相似片段', bold: true })],
      }),
    );
    for (const m of report.matches) {
      out.push(line(`第${m.index + 1}段：${m.passage}`));
      const source = m.source.href
        ? new ExternalHyperlink({ link: m.source.href, children: [new TextRun({ text: m.source.title, style: 'Hyperlink' })] })
        : new TextRun({ text: m.source.title });
      out.push(
        new Paragraph({
          spacing: { after: 40 },
          children: [
            new TextRun({ text: `来源（${m.source.kind === 'web' ? '网页' : '我的文档'}，重合 ${pct(m.overlap)}）：`, color: '555555' }),
            source,
          ],
        }),
      );
      out.push(
        new Paragraph({
          spacing: { after: 160 },
          indent: { left: 360 },
          children: [new TextRun({ text: m.sourceText, color: '555555', size: 18 })],
        }),
      );
    }
  }
  return out;
}

export async function reportDocx(report: AigcReport | AigcSimilarityReport, contentId: string, now = new Date()): Promise<Buffer> {
  const footer = new Footer({
    children: [
      new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: MSG.aiDisclaimer, size: 16, color: '808080' })] }),
    ],
  });
  const doc = new Document({
    ...aigcDocxProperties(report.title, contentId, MSG.aiDisclaimer),
    styles: { default: { document: { run: { font: FONT, size: 21 }, paragraph: { spacing: { line: 300 } } } } },
    sections: [
      {
        properties: { page: { margin: { top: 1000, bottom: 1000, left: 1100, right: 1100 } } },
        footers: { default: footer },
        children: [...summary(report, now), ...body(report)],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
