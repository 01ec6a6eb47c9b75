import { page } from './page-entry';
import { PAGE_LIST_MAX_CHARS } from './pdf-pages';
import type { ToolField, ToolSpec } from './spec';

/**
 * PDF工具 and 文字识别 (issue 14 part 4; docs/product/creation.md "PDF工具与文字识别"): /PdfTools is a
 * hub page of cards, one per operation; each operation is a task tool of its own route
 * (/PdfTools/<op>) rendered by the generic task page, so history, retry, quota and points come
 * from the engine. Their server half: server/src/tools/tasks/pdf-tools.ts (pdf-lib, poppler-utils,
 * LibreOffice) and server/src/tools/tasks/doc-ocr.ts (a vision model).
 *
 * Several files (merge, images to PDF) are several file fields, the first ones required: the
 * form already uploads one file per field, and the order of the fields is the order of the pages.
 */

/** Largest upload (the document family's limit of the files API). */
export const PDF_TOOL_MAX_BYTES = 20 * 1024 * 1024;
/** Most pages of one input PDF (a 2,000-page file is refused at submit). */
export const PDF_TOOL_MAX_PAGES = 500;
/** Most PDFs one merge takes. */
export const PDF_MERGE_MAX_FILES = 5;
/** Most pictures one images-to-PDF run takes. */
export const IMAGES_TO_PDF_MAX = 8;
/** Most pages rendered to pictures in one run. */
export const PDF_IMAGES_MAX_PAGES = 50;
/** Most ranges of one split. */
export const PDF_SPLIT_MAX_PARTS = 50;
/** Most pages 文字识别 reads from one PDF in one run. */
export const OCR_MAX_PAGES = 10;
/** Points one run costs when paid with points (开启积分抵扣). */
export const PDF_TOOL_POINTS = { pdf_tools: 2, doc_ocr: 5 } as const;

export const OCR_ACCEPT = ['png', 'jpg', 'jpeg', 'webp', 'pdf'] as const;
const PDF_HELP = `PDF 文件，不超过 20 MB、${PDF_TOOL_MAX_PAGES} 页`;

const pdfFile = (name: string, label: string, required = true): ToolField => ({
  name,
  type: 'file',
  label,
  required,
  accept: ['pdf'],
  maxBytes: PDF_TOOL_MAX_BYTES,
  help: required ? PDF_HELP : '可不选',
});

const pageList = (label: string, placeholder: string, required: boolean, help: string): ToolField => ({
  name: 'pages',
  type: 'text',
  label,
  placeholder,
  max: PAGE_LIST_MAX_CHARS,
  required,
  help,
});

interface PdfToolFacts {
  id: string;
  slug: string;
  title: string;
  description: string;
  icon: string;
  fields: readonly ToolField[];
  keywords: readonly string[];
}

function pdfTool(f: PdfToolFacts): ToolSpec {
  return {
    id: f.id,
    paths: [`/PdfTools/${f.slug}`],
    title: f.title,
    description: f.description,
    group: 'doc',
    icon: f.icon,
    kind: 'task',
    output: 'file',
    fields: f.fields,
    quotaKey: 'pdf_tools',
    points: PDF_TOOL_POINTS.pdf_tools,
    scenarios: ['office', 'study'],
    keywords: ['PDF', 'PDF工具', ...f.keywords],
  };
}

/** The operations of /PdfTools, in the order of the hub's cards. */
export const PDF_OPERATION_TOOLS: readonly ToolSpec[] = [
  pdfTool({
    id: 'pdfMerge',
    slug: 'merge',
    title: 'PDF合并',
    description: `把 2-${PDF_MERGE_MAX_FILES} 个 PDF 按选择的顺序合并成一个文件。`,
    icon: '🧷',
    fields: Array.from({ length: PDF_MERGE_MAX_FILES }, (_, i) => pdfFile(`file${i + 1}`, `PDF 文件 ${i + 1}`, i < 2)),
    keywords: ['合并', '拼接'],
  }),
  pdfTool({
    id: 'pdfSplit',
    slug: 'split',
    title: 'PDF拆分',
    description: '把一个 PDF 拆成每页一个文件，或按页码范围拆成几份，打包下载。',
    icon: '✂️',
    fields: [
      pdfFile('file', 'PDF 文件'),
      {
        name: 'mode',
        type: 'radio',
        label: '拆分方式',
        options: [
          { value: 'every', label: '每页一个文件' },
          { value: 'ranges', label: '按页码范围' },
        ],
        default: 'every',
      },
      pageList('页码范围', '例如：1-3, 4-6, 7', false, `按页码范围拆分时填写，每段一个文件，最多 ${PDF_SPLIT_MAX_PARTS} 段`),
    ],
    keywords: ['拆分', '分割'],
  }),
  pdfTool({
    id: 'pdfExtract',
    slug: 'extract',
    title: 'PDF提取页面',
    description: '按页码挑出需要的页面，按填写的顺序组成一个新 PDF。',
    icon: '📑',
    fields: [pdfFile('file', 'PDF 文件'), pageList('要提取的页码', '例如：1, 3, 5-8', true, '用逗号分隔，连续的页用短横线，例如 1,3,5-8')],
    keywords: ['提取', '抽取', '删除页面'],
  }),
  pdfTool({
    id: 'pdfToImages',
    slug: 'pdf2image',
    title: 'PDF转图片',
    description: `把 PDF 的每一页转成 PNG 图片，多页时打包成 zip，一次最多 ${PDF_IMAGES_MAX_PAGES} 页。`,
    icon: '🖼️',
    fields: [
      pdfFile('file', 'PDF 文件'),
      {
        name: 'dpi',
        type: 'radio',
        label: '清晰度',
        options: [
          { value: '72', label: '普通（72 DPI）' },
          { value: '150', label: '高清（150 DPI）' },
          { value: '300', label: '打印（300 DPI）' },
        ],
        default: '150',
      },
      pageList('页码', '例如：1-5（不填则全部）', false, `不填则转换全部页面，最多 ${PDF_IMAGES_MAX_PAGES} 页`),
    ],
    keywords: ['转图片', 'PNG', '截图'],
  }),
  pdfTool({
    id: 'imagesToPdf',
    slug: 'image2pdf',
    title: '图片转PDF',
    description: `把 1-${IMAGES_TO_PDF_MAX} 张图片按顺序合成一个 PDF，每张一页。`,
    icon: '📄',
    fields: [
      ...Array.from(
        { length: IMAGES_TO_PDF_MAX },
        (_, i): ToolField => ({
          name: `image${i + 1}`,
          type: 'image',
          label: `图片 ${i + 1}`,
          required: i === 0,
          accept: ['png', 'jpg', 'jpeg', 'webp'],
          maxBytes: 10 * 1024 * 1024,
          help: i === 0 ? '支持 jpg、png、webp，不超过 10 MB' : '可不选',
        }),
      ),
      {
        name: 'pageSize',
        type: 'radio',
        label: '页面大小',
        options: [
          { value: 'a4', label: 'A4（图片居中）' },
          { value: 'fit', label: '与图片一样大' },
        ],
        default: 'a4',
      },
    ],
    keywords: ['图片转PDF', 'JPG转PDF', '扫描件'],
  }),
  pdfTool({
    id: 'pdfToWord',
    slug: 'pdf2word',
    title: 'PDF转Word',
    description: '把 PDF 转成可编辑的 Word 文档：按文字重排便于修改，或按原版式保留每段文字的位置。',
    icon: '📝',
    fields: [
      pdfFile('file', 'PDF 文件'),
      {
        name: 'mode',
        type: 'radio',
        label: '转换方式',
        options: [
          { value: 'text', label: '可编辑文字（按段落重排）' },
          { value: 'layout', label: '保留版式（文字放在文本框里）' },
        ],
        default: 'text',
        help: '扫描件没有文字层，请使用“文字识别”',
      },
    ],
    keywords: ['PDF转Word', 'PDF转DOCX', '转换'],
  }),
  pdfTool({
    id: 'wordToPdf',
    slug: 'word2pdf',
    title: 'Word转PDF',
    description: '把 Word（.docx）文档转成 PDF，排版、图片和表格保持不变。',
    icon: '📘',
    fields: [{ name: 'file', type: 'file', label: 'Word 文件', required: true, accept: ['docx'], maxBytes: PDF_TOOL_MAX_BYTES, help: '.docx 文件，不超过 20 MB' }],
    keywords: ['Word转PDF', 'DOCX转PDF', '转换'],
  }),
];

/** Tools whose results are plain conversions, not AI content: no AI label, and the page says none. */
export const PLAIN_CONVERSION_TOOL_IDS: ReadonlySet<string> = new Set(PDF_OPERATION_TOOLS.map((t) => t.id));

/** 文字识别: a picture or a scanned PDF read by a vision model. */
export const OCR_TOOL: ToolSpec = {
  id: 'AiORCModel',
  paths: ['/doc/AiORCModel'],
  title: '文字识别',
  description: `上传图片或扫描版 PDF，AI 识别其中的文字，表格整理成表格，可复制或导出 Word；PDF 一次最多 ${OCR_MAX_PAGES} 页。`,
  group: 'doc',
  icon: '🔤',
  kind: 'task',
  // The recognised text is markdown (tables as tables) shown rendered on the task card; the DOCX is its file.
  output: 'markdown',
  fields: [
    { name: 'file', type: 'file', label: '图片或 PDF', required: true, accept: OCR_ACCEPT, maxBytes: PDF_TOOL_MAX_BYTES, help: '支持 jpg、png、webp 图片（10 MB 内）或 PDF（20 MB 内）' },
    pageList('PDF 页码', '例如：1-3（不填则从第 1 页起）', false, `只对 PDF 有效；不填则识别前 ${OCR_MAX_PAGES} 页`),
  ],
  quotaKey: 'doc_ocr',
  points: PDF_TOOL_POINTS.doc_ocr,
  scenarios: ['office', 'study'],
  keywords: ['OCR', '文字识别', '图片转文字', '扫描件', '表格识别'],
};

/** The hub page: one card per operation. */
export const PDF_HUB_PAGE: ToolSpec = page({
  id: 'pdfTools',
  paths: ['/PdfTools'],
  title: 'PDF工具',
  description: '合并、拆分、提取页面，PDF 与图片、Word 互转，扫描件文字识别。',
  group: 'doc',
  icon: '🧰',
  scenarios: ['office', 'study'],
  keywords: ['PDF', '合并', '拆分', '转换', 'PDF转Word', 'Word转PDF'],
});

export const PDF_TOOLS: readonly ToolSpec[] = [PDF_HUB_PAGE, ...PDF_OPERATION_TOOLS, OCR_TOOL];
