import { OCR_TOOL, PDF_OPERATION_TOOLS, PDF_TOOL_MAX_PAGES, type ToolSpec } from '@wanxiang/contract';

/**
 * What /PdfTools (PDF工具) shows: the PDF operations of the registry grouped as a person looks for
 * them (pages, then conversions), and 文字识别 for scans. Pure data from the registry, so a new
 * operation appears here by its ToolSpec alone (an id no group names goes to 格式转换).
 */
export interface PdfHubSection {
  key: string;
  title: string;
  lead: string;
  tools: ToolSpec[];
}

const PAGE_OPS = new Set(['pdfMerge', 'pdfSplit', 'pdfExtract']);

export function pdfHubSections(tools: readonly ToolSpec[] = PDF_OPERATION_TOOLS, ocr: ToolSpec = OCR_TOOL): PdfHubSection[] {
  return [
    { key: 'pages', title: '页面处理', lead: '合并多个文件，拆分或挑出需要的页面。', tools: tools.filter((t) => PAGE_OPS.has(t.id)) },
    { key: 'convert', title: '格式转换', lead: 'PDF 与图片、Word 互相转换。', tools: tools.filter((t) => !PAGE_OPS.has(t.id)) },
    { key: 'ocr', title: '文字识别', lead: '扫描件、截图和照片里的文字，用 AI 识别出来。', tools: [ocr] },
  ];
}

export const PDF_HUB_LEAD = `合并、拆分、提取页面，PDF 与图片、Word 互转，扫描件文字识别。单个 PDF 最多 ${PDF_TOOL_MAX_PAGES} 页、20 MB；上传的文件只有你自己能看到，到期自动删除。`;
