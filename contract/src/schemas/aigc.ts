import { z } from 'zod';
import { pageField } from './common';

/**
 * AIGC检测 / 降AI率 / 论文查重 (/aigc/drapAigc, /aigc/articlePlagiarismChecking; server/src/modules/aigc,
 * docs/api.md "AIGC detection"). A text (pasted, or one of the user's AIGC library files) is split
 * into paragraphs; each gets an estimated probability of being machine-written (a detector adapter:
 * the chat model as a judge by default, an operator's Fast-DetectGPT-style service when configured),
 * or, for the similarity check, the share of it that overlaps web search results and the user's own
 * library. Both run as tasks of the task engine; a 降AI率 rewrite of one paragraph is a task too.
 * The messages live here with the shapes they belong to, so the area's wording stays in one file.
 */

export const AIGC_MSG = {
  textOrFile: '请粘贴要检测的文本，或选择一个已上传的文件',
  textTooLong: (max: number) => `文本不能超过 ${max} 字，请分段检测`,
  textTooShort: (min: number) => `文本太短，至少需要 ${min} 个字才能检测`,
  titleTooLong: '标题不能超过 60 个字',
  modeInvalid: '检测类型只能是 aigc（AIGC检测）或 similarity（相似度检测）',
  taskIdInvalid: '任务编号无效',
  fileIdInvalid: '文件编号无效',
  fileNotFound: '文件不存在或已被删除',
  taskNotFound: '检测记录不存在或已被删除',
  taskNotReady: '检测尚未完成，请稍后再试',
  taskNotCheck: '只能改写 AIGC 检测结果中的段落',
  taskLive: '检测进行中，请等它结束后再删除',
  paragraphInvalid: '请选择要改写的段落',
  paragraphTooShort: '这一段太短，无需改写',
  rewriteNotFound: '改写记录不存在或已被删除',
  fileType: (types: string) => `文件格式仅支持 ${types}`,
  fileEmpty: '文件是空的，未识别到文字',
  fileTooLarge: (mb: number) => `文件不能超过 ${mb} MB`,
  fileTooManyChars: (max: number) => `文件文字超过 ${max} 字，请拆分后再检测`,
  fileUnreadable: '无法读取这个文件，请确认文件完好后重试',
  pdfTooManyPages: (max: number) => `PDF 不能超过 ${max} 页，请拆分后再检测`,
  libraryFull: (max: number) => `最多保存 ${max} 个文件，请先删除不用的文件`,
  noModel: '暂无可用的模型，请稍后再试',
  judgeFailed: 'AIGC 检测失败，请稍后再试',
  detectorFailed: 'AIGC 检测服务暂时不可用，请稍后再试',
  rewriteFailed: '改写失败，请稍后再试',
  stageSplitting: '正在分段',
  stageScoring: (done: number, total: number) => `正在检测第 ${done}/${total} 段`,
  stageSearching: (done: number, total: number) => `正在比对第 ${done}/${total} 段`,
  stageLibrary: '正在比对我的文档',
  stageReport: '正在生成报告',
  stageRewriting: '正在改写',
  stageRescoring: '正在重新检测',
  reportDocxOnly: '本机未安装 LibreOffice，报告以 Word 文档提供',
  estimateNotice: '检测结果为模型估计值，仅供参考；不同检测系统的算法和比对库不同，结果会有差异。',
  deleted: '已删除',
  emptied: '已清空',
} as const;

/** Longest text one check takes (pasted or read from a file). */
export const AIGC_TEXT_MAX = 20_000;
/** Shortest text worth a check. */
export const AIGC_TEXT_MIN = 50;
/** A paragraph shorter than this (a heading, a caption) is shown but not scored. */
export const AIGC_PARAGRAPH_MIN = 20;
/** A paragraph longer than this is cut at sentence ends into pieces of about this size. */
export const AIGC_PARAGRAPH_MAX = 1_200;
/** Files one user keeps in the AIGC library. */
export const AIGC_LIBRARY_MAX = 50;
/** Largest file accepted (bytes). */
export const AIGC_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** Most pages of a PDF: counted before its text is read (a 2,000-page book is refused at once). */
export const AIGC_PDF_MAX_PAGES = 300;
/** Types accepted: documents whose text the upload parsers read. */
export const AIGC_FILE_TYPES = ['pdf', 'docx', 'txt', 'md'] as const;
export const AIGC_TITLE_MAX = 60;
export const AIGC_PAGE_SIZE = 20;

/**
 * Band thresholds on a probability (0..1): 高 at or above `high`, 中 at or above `medium`, else 低.
 * The same thresholds band a paragraph's score and the overall rate (as a fraction).
 */
export const AIGC_BAND_THRESHOLDS = { high: 0.7, medium: 0.4 } as const;
export type AigcBand = 'high' | 'medium' | 'low';
export const AIGC_BAND_LABELS: Record<AigcBand, string> = { high: '高', medium: '中', low: '低' };

/** The band of a probability (0..1). */
export function aigcBand(p: number): AigcBand {
  if (p >= AIGC_BAND_THRESHOLDS.high) return 'high';
  if (p >= AIGC_BAND_THRESHOLDS.medium) return 'medium';
  return 'low';
}

/**
 * The overall rate of scored paragraphs: their probabilities averaged with each paragraph's length
 * as its weight (a long machine-written paragraph weighs more than a short one), as a percentage
 * with one decimal. Unscored paragraphs (score null) do not count; none scored answers 0.
 */
export function aigcOverallRate(paragraphs: readonly { text: string; score: number | null }[]): number {
  let weight = 0;
  let sum = 0;
  for (const p of paragraphs) {
    if (p.score === null) continue;
    const w = [...p.text].length;
    weight += w;
    sum += w * p.score;
  }
  return weight === 0 ? 0 : Math.round((sum / weight) * 1000) / 10;
}

export type AigcMode = 'aigc' | 'similarity';
export const AIGC_MODES = ['aigc', 'similarity'] as const;

/** One paragraph of an AIGC report: its score (0..1) and band, or null when too short to score. */
export interface AigcParagraph {
  index: number;
  text: string;
  score: number | null;
  band: AigcBand | null;
}

/** The result of an AIGC check (a check task's `result.text`, as JSON). */
export interface AigcReport {
  mode: 'aigc';
  title: string;
  /** Which detector scored it: the chat model as a judge, or the operator's detector service. */
  detector: 'llm' | 'service';
  /** Scored by the demo upstream (no vendor key): figures are examples, marked 演示. */
  demo: boolean;
  /** Overall AI rate, percent with one decimal. */
  rate: number;
  band: AigcBand;
  chars: number;
  counts: Record<AigcBand, number>;
  paragraphs: AigcParagraph[];
}

/** Where an overlapping passage was found. */
export interface AigcSource {
  kind: 'web' | 'library';
  title: string;
  /** A web page's address (web results only). */
  href?: string;
  /** The AIGC library file (library matches only). */
  fileId?: string;
}

/** A sentence of the text that overlaps a source, with the source's passage beside it. */
export interface AigcMatch {
  index: number;
  passage: string;
  source: AigcSource;
  sourceText: string;
  /** Share of the sentence's character 5-grams found in the source passage (0..1). */
  overlap: number;
}

export interface AigcSimilarityParagraph {
  index: number;
  text: string;
  /** Share of the paragraph's characters in overlapping sentences (0..1), null when too short. */
  similarity: number | null;
  band: AigcBand | null;
}

/** The result of a similarity check (a similarity task's `result.text`, as JSON). */
export interface AigcSimilarityReport {
  mode: 'similarity';
  title: string;
  demo: boolean;
  /** Whether web search was available (else only the user's own library was compared). */
  web: boolean;
  /** Library files compared. */
  libraryFiles: number;
  /** Overall similarity, percent with one decimal. */
  rate: number;
  band: AigcBand;
  chars: number;
  paragraphs: AigcSimilarityParagraph[];
  matches: AigcMatch[];
}

/** A 降AI率 rewrite of one paragraph (a rewrite task's `result.text`, as JSON, once it succeeded). */
export interface AigcRewriteResult {
  index: number;
  before: string;
  after: string;
  beforeScore: number | null;
  afterScore: number;
  band: AigcBand;
  demo: boolean;
}

/** An AIGC library file. */
export interface AigcFile {
  file_id: string;
  name: string;
  chars: number;
  createdAt: string;
}

/** A check as listed and detailed (GET task/list, task/details). */
export interface AigcTask {
  task_id: string;
  mode: AigcMode;
  title: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';
  progress: number;
  stage: string;
  error?: string;
  createdAt: string;
  /** The report (details of a succeeded task only). */
  report?: AigcReport | AigcSimilarityReport;
  /** The report file (PDF, or DOCX without LibreOffice): GET /api/v1/files/{id}. */
  reportFile?: { id: string; name: string; url: string; contentType: string };
}

/** A rewrite as listed (GET task/rewriteList). */
export interface AigcRewrite {
  rewrite_id: string;
  task_id: string;
  index: number;
  status: AigcTask['status'];
  progress: number;
  error?: string;
  createdAt: string;
  result?: AigcRewriteResult;
}

const taskId = z.string({ error: AIGC_MSG.taskIdInvalid }).regex(/^t[A-Za-z0-9_-]{10,40}$/, { error: AIGC_MSG.taskIdInvalid });
const fileId = z.string({ error: AIGC_MSG.fileIdInvalid }).regex(/^[0-9a-f]{32}$/, { error: AIGC_MSG.fileIdInvalid });

/** POST /api/v1/aigc/task/check: a pasted text or a library file, checked for AIGC or for similarity. */
export const AigcCheckSchema = z.object({
  mode: z.enum(AIGC_MODES, { error: AIGC_MSG.modeInvalid }).optional().default('aigc'),
  text: z
    .string({ error: AIGC_MSG.textOrFile })
    .max(AIGC_TEXT_MAX, { error: AIGC_MSG.textTooLong(AIGC_TEXT_MAX) })
    .optional(),
  file_id: fileId.optional(),
  title: z.string().trim().max(AIGC_TITLE_MAX, { error: AIGC_MSG.titleTooLong }).optional(),
  /** 开启积分抵扣: pay with points instead of a count. */
  usePoints: z.boolean().optional(),
});
export type AigcCheckReq = z.infer<typeof AigcCheckSchema>;

export const AigcTaskIdSchema = z.object({ task_id: taskId });
export const AigcFileIdSchema = z.object({ file_id: fileId });
export const AigcRewriteIdSchema = z.object({ rewrite_id: taskId });
export const AigcListSchema = z.object({ mode: z.enum(AIGC_MODES, { error: AIGC_MSG.modeInvalid }).optional(), page: pageField });

/** POST /api/v1/aigc/task/rewrite: one paragraph of a succeeded AIGC check. */
export const AigcRewriteSchema = z.object({
  task_id: taskId,
  index: z.coerce
    .number({ error: AIGC_MSG.paragraphInvalid })
    .int({ error: AIGC_MSG.paragraphInvalid })
    .min(0, { error: AIGC_MSG.paragraphInvalid })
    .max(10_000, { error: AIGC_MSG.paragraphInvalid }),
  usePoints: z.boolean().optional(),
});

/** Points a run costs when paid with points (开启积分抵扣), on the image tools' scale (IMAGE_POINTS). */
export const AIGC_POINTS = { check: 10, rewrite: 5 } as const;
/** The daily counts: a check (AIGC or similarity) holds aigc_check, a rewrite aigc_rewrite. */
export const AIGC_QUOTA_KEYS = { check: 'aigc_check', rewrite: 'aigc_rewrite' } as const;
