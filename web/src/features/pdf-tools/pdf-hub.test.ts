import { describe, expect, it } from 'vitest';
import { OCR_TOOL, PDF_OPERATION_TOOLS, toolByPath } from '@wanxiang/contract';
import { pdfHubSections } from './pdf-hub';

describe('/PdfTools hub sections', () => {
  it('lists every PDF operation once, pages first, then conversions, then 文字识别', () => {
    const sections = pdfHubSections();
    expect(sections.map((s) => s.title)).toEqual(['页面处理', '格式转换', '文字识别']);
    expect(sections[0]!.tools.map((t) => t.id)).toEqual(['pdfMerge', 'pdfSplit', 'pdfExtract']);
    expect(sections[1]!.tools.map((t) => t.id)).toEqual(['pdfToImages', 'imagesToPdf', 'pdfToWord', 'wordToPdf']);
    expect(sections[2]!.tools).toEqual([OCR_TOOL]);
    const listed = sections.flatMap((s) => s.tools.map((t) => t.id));
    expect(new Set(listed).size).toBe(PDF_OPERATION_TOOLS.length + 1);
  });

  it('links each card to a route the registry serves with a task tool', () => {
    for (const tool of pdfHubSections().flatMap((s) => s.tools)) expect(toolByPath(tool.paths[0]!)?.kind).toBe('task');
  });
});
