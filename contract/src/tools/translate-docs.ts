import type { ToolField, ToolFieldOption, ToolSpec } from './spec';

/**
 * Document translation (issue 14 part 3; docs/product/creation.md "Document translation"): task
 * tools of the group 'translate' (the translation history lists them by that group).
 *   文档翻译 (docTranslate): DOCX, PPTX and XLSX translated in place (the text of each paragraph
 *     replaced inside its runs, so layout, images and tables stay), a PDF's text layer page by page.
 *   PDF翻译 (pdfTranslate): a PDF's text layer page by page into a bilingual DOCX and a PDF, or, when
 *     the operator runs one, a layout-preserving engine (BabelDOC / PDFMathTranslate HTTP service).
 * The server half: server/src/tools/tasks/doc-translate*.ts; the spec's calls: server/src/modules/doc-translate.
 */

export const DOC_TRANSLATE_QUOTA_KEY = 'doc_translate';
/** Points one document translation costs when paid with points (a 10-draw scale: a long job). */
export const DOC_TRANSLATE_POINTS = 20;
export const DOC_TRANSLATE_TOOL = 'docTranslate';
export const PDF_TRANSLATE_TOOL = 'pdfTranslate';
export const DOC_TRANSLATE_TOOLS: readonly string[] = [DOC_TRANSLATE_TOOL, PDF_TRANSLATE_TOOL];

export const DOC_TRANSLATE_ACCEPT = ['docx', 'pptx', 'xlsx', 'pdf'] as const;
export const DOC_TRANSLATE_MAX_BYTES = 20 * 1024 * 1024;
/** Most characters one task translates (a 300-page book is about 300,000). */
export const DOC_TRANSLATE_MAX_CHARS = 400_000;
/** Most pages of a PDF (built-in and layout engines alike). */
export const DOC_TRANSLATE_PDF_MAX_PAGES = 500;
export const DOC_TRANSLATE_GLOSSARY_MAX = 2000;

/** Languages a document can be translated between ('auto' only as the source). */
export const DOC_TRANSLATE_LANGUAGES: readonly ToolFieldOption[] = [
  { value: 'zh', label: '中文（简体）' },
  { value: 'en', label: '英语' },
  { value: 'ja', label: '日语' },
  { value: 'ko', label: '韩语' },
  { value: 'fr', label: '法语' },
  { value: 'de', label: '德语' },
  { value: 'es', label: '西班牙语' },
  { value: 'ru', label: '俄语' },
  { value: 'zh-TW', label: '中文（繁体）' },
];
export const DOC_TRANSLATE_SOURCE_LANGUAGES: readonly ToolFieldOption[] = [{ value: 'auto', label: '自动识别' }, ...DOC_TRANSLATE_LANGUAGES];

export const languageLabel = (code: string): string => DOC_TRANSLATE_SOURCE_LANGUAGES.find((l) => l.value === code)?.label ?? code;

export const DOC_TRANSLATE_MODES: readonly ToolFieldOption[] = [
  { value: 'bilingual', label: '双语对照' },
  { value: 'target', label: '仅译文' },
];
export const PDF_TRANSLATE_ENGINES: readonly ToolFieldOption[] = [
  { value: 'builtin', label: '标准' },
  { value: 'layout', label: '版式保留' },
];

const fileField = (accept: readonly string[], help: string): ToolField => ({
  name: 'file',
  type: 'file',
  label: '文档',
  required: true,
  accept,
  maxBytes: DOC_TRANSLATE_MAX_BYTES,
  help,
});
const source: ToolField = { name: 'source', type: 'select', label: '源语言', options: DOC_TRANSLATE_SOURCE_LANGUAGES, default: 'auto' };
const target: ToolField = { name: 'target', type: 'select', label: '目标语言', options: DOC_TRANSLATE_LANGUAGES, default: 'zh', required: true };
const mode: ToolField = { name: 'mode', type: 'radio', label: '译文形式', options: DOC_TRANSLATE_MODES, default: 'bilingual', help: '双语对照：原文下方附译文；仅译文：原文被替换' };
const glossary: ToolField = {
  name: 'glossary',
  type: 'textarea',
  label: '术语表（可选）',
  placeholder: '每行一条，写成 原文=译文，例如：\nLarge Language Model=大语言模型\nWanxiang=万象',
  max: DOC_TRANSLATE_GLOSSARY_MAX,
  help: '术语会按你给的译法统一翻译',
};

const common = {
  group: 'translate',
  kind: 'task',
  output: 'file',
  quotaKey: DOC_TRANSLATE_QUOTA_KEY,
  points: DOC_TRANSLATE_POINTS,
  scenarios: ['office', 'study'],
} as const satisfies Partial<ToolSpec>;

export const DOC_TRANSLATE_TOOL_SPECS: readonly ToolSpec[] = [
  {
    ...common,
    id: DOC_TRANSLATE_TOOL,
    paths: ['/AITranslate/TranslateDoc', '/AITranslate/TranslateDoc2', '/AiFile/translate', '/doc/bigAiTranslate'],
    title: '文档翻译',
    description: '上传 Word、PPT、Excel 或 PDF，整篇翻译：排版、图片和表格保持原样，长文档分批翻译并显示进度。',
    icon: '📄',
    fields: [fileField(DOC_TRANSLATE_ACCEPT, `支持 DOCX、PPTX、XLSX、PDF，不超过 20 MB，最多 ${DOC_TRANSLATE_MAX_CHARS / 10_000} 万字`), source, target, mode, glossary],
    keywords: ['翻译', '文档翻译', 'Word翻译', 'PPT翻译', 'Excel翻译', '长文翻译', '双语对照'],
  },
  {
    ...common,
    id: PDF_TRANSLATE_TOOL,
    paths: ['/AITranslate/translatePdf', '/AiFile/PDFtranslate'],
    title: 'PDF翻译',
    description: '上传 PDF，逐页翻译成双语对照的 Word 和 PDF；运营方开启版式保留引擎后，可保留原版式与公式。',
    icon: '📑',
    fields: [
      fileField(['pdf'], `支持有文字层的 PDF，不超过 20 MB、${DOC_TRANSLATE_PDF_MAX_PAGES} 页；扫描件请先用「文字识别」`),
      source,
      target,
      mode,
      {
        name: 'engine',
        type: 'radio',
        label: '翻译引擎',
        options: PDF_TRANSLATE_ENGINES,
        default: 'builtin',
        help: '标准：逐页提取文字，生成双语 Word 与 PDF；版式保留：保留原版式与公式，需运营方开启',
      },
      glossary,
    ],
    keywords: ['翻译', 'PDF翻译', '论文翻译', '双语对照', '版式保留'],
  },
];
