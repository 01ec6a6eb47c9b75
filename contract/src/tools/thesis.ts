import { z } from 'zod';
import { mainText, options, promptTool, select } from './form';
import { page } from './page-entry';
import type { ToolField, ToolSpec } from './spec';

/**
 * Long documents and text checking of issue 14 (docs/product/creation.md "AI论文与长文写作"):
 * - AI论文 / 万字长文 / AI写作 (/doc/thesis, /aiThesis, /newAiThesis/index, /doc/AiLongThesis,
 *   /doc/AiWriting): one bespoke page (web/src/features/thesis) whose paths differ only in the
 *   form's defaults. The title goes to POST /api/v1/thesis/outline (streamed, not metered); the
 *   user edits the outline; the task tool thesisDocx (quota key doc_thesis, or points) writes the
 *   chapters one by one, citing real papers found by the scholar adapter, and lays out the DOCX
 *   (and its PDF where LibreOffice is installed).
 * - 文章检测 / 文章纠错 (/doc/articleCheck, /doc/articleCorrection): one bespoke page; the model
 *   answers corrections as JSON (POST /api/v1/doc/correct, quota key tool_writing) which the user
 *   accepts or rejects one by one.
 * - 日报周报 (/doc/dailyModel): a prompt tool.
 */

export const THESIS_TASK_TOOL_ID = 'thesisDocx';
export const THESIS_TITLE_MAX = 100;
export const THESIS_FIELD_MAX = 40;
/** The outline as markdown (# title, ## chapter, ### section): a few dozen chapters at most. */
export const THESIS_OUTLINE_MAX = 6_000;
export const THESIS_CHAPTERS_MAX = 12;
export const THESIS_SECTIONS_MAX = 8;
export const THESIS_POINTS = 30;

export const THESIS_TYPES = ['本科毕业论文', '硕士论文', '课程论文', '期刊论文', '文献综述', '研究报告', '通用文章'] as const;
export const THESIS_LENGTHS = [
  { value: '3000', label: '约3000字' },
  { value: '5000', label: '约5000字' },
  { value: '8000', label: '约8000字' },
  { value: '10000', label: '约1万字' },
  { value: '20000', label: '约2万字' },
] as const;
export const THESIS_LANGUAGES = ['中文', 'English'] as const;

/** What each path preselects (the flow is the same). */
export interface ThesisDefaults {
  type: (typeof THESIS_TYPES)[number];
  length: (typeof THESIS_LENGTHS)[number]['value'];
  heading: string;
}
export const THESIS_PAGE_DEFAULTS: Readonly<Record<'thesis' | 'AiLongThesis' | 'AiWriting', ThesisDefaults>> = {
  thesis: { type: '本科毕业论文', length: '8000', heading: 'AI论文' },
  AiLongThesis: { type: '研究报告', length: '10000', heading: '万字长文' },
  AiWriting: { type: '通用文章', length: '3000', heading: 'AI写作' },
};

/** A document's outline: chapters with their sections (the page edits it as this structure). */
export interface ThesisOutline {
  title: string;
  chapters: { title: string; sections: string[] }[];
}

const REFERENCES_HEADING = /^(第[一二三四五六七八九十\d]+章\s*)?(参考文献|references|bibliography)$/i;

const cleanLine = (s: string) => s.replace(/\s+/g, ' ').replace(/^[*_\s]+|[*_\s]+$/g, '').trim();

/**
 * Markdown (# title / ## chapter / ### or - section) to an outline: what the model streams and
 * what the task's `outline` input carries. Lines of other shapes are ignored; empty chapters stay
 * (the user may still fill them); limits cut, never refuse.
 */
export function parseThesisOutline(markdown: string): ThesisOutline {
  const out: ThesisOutline = { title: '', chapters: [] };
  let skipping = false;
  for (const raw of markdown.split(/\r?\n/)) {
    const m = /^\s*(#{1,4}|[-*+]|\d+[.、)])\s+(.*)$/.exec(raw);
    if (!m) continue;
    const text = cleanLine(m[2]!).slice(0, THESIS_TITLE_MAX);
    if (!text) continue;
    const mark = m[1]!;
    if (mark === '#') {
      if (!out.title) out.title = text;
    } else if (mark === '##') {
      // The references are added from real papers: a model's own 参考文献 chapter is dropped (and its items with
      // it), as are chapters past the limit.
      skipping = REFERENCES_HEADING.test(text) || out.chapters.length >= THESIS_CHAPTERS_MAX;
      if (!skipping) out.chapters.push({ title: text, sections: [] });
    } else if (!skipping) {
      const chapter = out.chapters.at(-1);
      if (chapter && chapter.sections.length < THESIS_SECTIONS_MAX) chapter.sections.push(text);
    }
  }
  return out;
}

export function thesisOutlineMarkdown(outline: ThesisOutline): string {
  const lines = [`# ${outline.title.trim()}`];
  for (const c of outline.chapters) {
    lines.push(`## ${c.title.trim()}`);
    for (const s of c.sections) if (s.trim()) lines.push(`### ${s.trim()}`);
  }
  return lines.join('\n');
}

/** Chapters that have a title (the ones written). */
export function outlineChapters(outline: ThesisOutline): ThesisOutline['chapters'] {
  return outline.chapters.filter((c) => c.title.trim());
}

export const THESIS_MSG = {
  titleRequired: '请输入论文题目',
  titleTooLong: `题目不能超过${THESIS_TITLE_MAX}个字`,
  fieldTooLong: `学科领域不能超过${THESIS_FIELD_MAX}个字`,
  badOption: (label: string) => `请选择有效的${label}`,
  outlineRequired: '请先生成或填写大纲（至少一个章节）',
  outlineTooLong: '大纲过长，请精简章节后再试',
  failed: '生成失败,请检查生成内容后再试！',
  noModel: '写作模型暂时不可用，请稍后再试',
  stageReferences: '检索参考文献',
  stageChapter: (n: number, total: number, title: string) => `撰写第 ${n}/${total} 章：${title}`,
  stageAbstract: '撰写摘要',
  stageDocx: '排版 Word 文档',
  stagePdf: '转换 PDF',
  done: (chapters: number, refs: number) => `已完成 ${chapters} 章，引用 ${refs} 篇真实文献，生成 Word（DOCX）和 PDF 两个文件。`,
  doneDocxOnly: (chapters: number, refs: number) =>
    `已完成 ${chapters} 章，引用 ${refs} 篇真实文献，生成 Word（DOCX）文件。服务器未安装 LibreOffice（或转换失败），本次没有生成 PDF。`,
  noReferences: '未检索到与题目相关的文献，本文未附参考文献；请核对题目或补充文献后再引用。',
  cover: { author: '作者：', date: '日期：', field: '学科领域：', type: '文稿类型：' },
  toc: '目  录',
  tocHint: '（打开文档后如目录为空，请右键目录选择“更新域”）',
  abstract: '摘  要',
  keywords: '关键词：',
  references: '参考文献',
  pageTitle: 'AI论文',
  formTitle: '题目',
  formTitlePlaceholder: '例如：人工智能在基础教育中的应用研究',
  formField: '学科领域',
  formFieldPlaceholder: '例如：教育技术学（可不填）',
  formType: '文稿类型',
  formLength: '篇幅',
  formLanguage: '语言',
  makeOutline: '生成大纲',
  remakeOutline: '重新生成大纲',
  outlining: '大纲生成中…',
  outlineHead: '大纲（可编辑）',
  outlineHint: '可以修改标题、增删章节和小节、上下移动顺序；确认后点击「生成全文」。',
  addChapter: '添加章节',
  addSection: '添加小节',
  remove: '删除',
  moveUp: '上移',
  moveDown: '下移',
  chapterPlaceholder: '章节标题',
  sectionPlaceholder: '小节标题',
  build: '生成全文',
  building: '正在生成…',
  download: '下载',
  emptyHint: '输入题目，选择类型与篇幅，点击「生成大纲」；大纲可编辑，确认后生成带封面、目录、页码和参考文献的 Word 文档。',
  referencesNote: '参考文献来自 OpenAlex / arXiv 检索到的真实论文（附 DOI 链接），正文按编号引用；请在使用前核对。',
  history: '最近的文稿',
  // article check and correction
  checkTitle: '文章检测',
  correctionTitle: '文章纠错',
  checkText: '要检查的文章',
  checkPlaceholder: '粘贴要检查的文字（错别字、语病、标点、用词风格）',
  checkRun: '开始检查',
  checkRunning: '检查中…',
  checkEmpty: '请输入要检查的文字',
  checkTooLong: (max: number) => `文字不能超过${max}个字`,
  checkNone: '没有发现需要修改的地方。',
  checkFound: (n: number) => `发现 ${n} 处可修改的地方，逐条接受或忽略；下方是修改后的文字。`,
  checkBadAnswer: '模型返回的修改建议格式不正确，请重试（本次次数已退回）',
  accept: '接受',
  reject: '忽略',
  accepted: '已接受',
  rejected: '已忽略',
  acceptAll: '全部接受',
  copy: '复制结果',
  copied: '已复制',
  downloadText: '下载 TXT',
  resultHead: '修改后的文字',
  changesHead: '修改建议',
  reason: '原因',
} as const;

/** POST /api/v1/thesis/outline: the form; the outline streams back as markdown. */
export const ThesisOutlineReqSchema = z.object({
  title: z.string({ error: THESIS_MSG.titleRequired }).trim().min(1, THESIS_MSG.titleRequired).max(THESIS_TITLE_MAX, THESIS_MSG.titleTooLong),
  field: z.string().trim().max(THESIS_FIELD_MAX, THESIS_MSG.fieldTooLong).optional(),
  type: z.enum(THESIS_TYPES, { error: THESIS_MSG.badOption('文稿类型') }).optional(),
  length: z.enum(THESIS_LENGTHS.map((l) => l.value) as [string, ...string[]], { error: THESIS_MSG.badOption('篇幅') }).optional(),
  language: z.enum(THESIS_LANGUAGES, { error: THESIS_MSG.badOption('语言') }).optional(),
});
export type ThesisOutlineReq = z.infer<typeof ThesisOutlineReqSchema>;

/** The longest text 文章检测/文章纠错 checks in one call. */
export const CORRECTION_TEXT_MAX = 5_000;
export const CORRECTION_TYPES = ['typo', 'grammar', 'punctuation', 'style'] as const;
export type CorrectionType = (typeof CORRECTION_TYPES)[number];
export const CORRECTION_TYPE_LABELS: Readonly<Record<CorrectionType, string>> = {
  typo: '错别字',
  grammar: '语病',
  punctuation: '标点',
  style: '用词风格',
};

/** POST /api/v1/doc/correct: check = typos and grammar only; correction = also style. */
export const CorrectionReqSchema = z.object({
  text: z
    .string({ error: THESIS_MSG.checkEmpty })
    .refine((s) => s.trim().length > 0, THESIS_MSG.checkEmpty)
    .refine((s) => [...s].length <= CORRECTION_TEXT_MAX, THESIS_MSG.checkTooLong(CORRECTION_TEXT_MAX)),
  mode: z.enum(['check', 'correction'], { error: THESIS_MSG.badOption('检查方式') }).optional(),
});
export type CorrectionReq = z.infer<typeof CorrectionReqSchema>;

/** One change: the span [start, end) of the text (UTF-16 offsets) and what replaces it. */
export interface Correction {
  id: number;
  start: number;
  end: number;
  original: string;
  replacement: string;
  reason: string;
  type: CorrectionType;
}

export interface CorrectionRes {
  corrections: Correction[];
  /** The answer came from the demo model (演示). */
  demo: boolean;
}

/** The text with the accepted corrections applied (spans never overlap: the server drops overlaps). */
export function applyCorrections(text: string, corrections: readonly Correction[], accepted: ReadonlySet<number>): string {
  let out = '';
  let at = 0;
  for (const c of [...corrections].sort((a, b) => a.start - b.start)) {
    if (!accepted.has(c.id) || c.start < at) continue;
    out += text.slice(at, c.start) + c.replacement;
    at = c.end;
  }
  return out + text.slice(at);
}

const thesisField = (name: string, label: string, extra: Partial<ToolField>): ToolField => ({ name, type: 'select', label, ...extra });

/** The task tool behind the thesis page (its generic page works too: the outline as markdown). */
export const THESIS_TASK_TOOL: ToolSpec = {
  id: THESIS_TASK_TOOL_ID,
  paths: ['/doc/thesisDocx'],
  title: '论文成稿',
  description: '按题目和大纲逐章撰写全文，引用真实文献，生成带封面、目录、页码和参考文献的 Word 文档与 PDF。',
  group: 'thesis',
  icon: '📑',
  kind: 'task',
  output: 'file',
  fields: [
    { name: 'title', type: 'text', label: THESIS_MSG.formTitle, required: true, max: THESIS_TITLE_MAX, placeholder: THESIS_MSG.formTitlePlaceholder },
    { name: 'field', type: 'text', label: THESIS_MSG.formField, max: THESIS_FIELD_MAX, placeholder: THESIS_MSG.formFieldPlaceholder },
    thesisField('type', THESIS_MSG.formType, { options: options(...THESIS_TYPES), default: THESIS_TYPES[0] }),
    thesisField('length', THESIS_MSG.formLength, { options: THESIS_LENGTHS, default: '8000' }),
    thesisField('language', THESIS_MSG.formLanguage, { options: options(...THESIS_LANGUAGES), default: THESIS_LANGUAGES[0] }),
    {
      name: 'outline',
      type: 'textarea',
      label: '大纲',
      required: true,
      max: THESIS_OUTLINE_MAX,
      placeholder: '# 题目\n## 第一章 绪论\n### 1.1 研究背景',
      help: '# 开头为题目，## 为章，### 为节',
    },
  ],
  quotaKey: 'doc_thesis',
  points: THESIS_POINTS,
  scenarios: ['study'],
  keywords: ['论文', '长文', 'Word', '参考文献'],
};

const THESIS_KEYWORDS = ['论文', '毕业论文', '大纲', '参考文献', '长文', '写作'];

export const THESIS_TOOLS: readonly ToolSpec[] = [
  page({
    id: 'thesis',
    paths: ['/doc/thesis', '/aiThesis', '/newAiThesis/index'],
    title: 'AI论文',
    description: '输入题目生成可编辑的大纲，逐章写成带封面、目录、页码和真实参考文献的 Word 论文。',
    group: 'thesis',
    icon: '🎓',
    scenarios: ['study'],
    keywords: THESIS_KEYWORDS,
  }),
  page({
    id: 'AiLongThesis',
    paths: ['/doc/AiLongThesis'],
    title: '万字长文',
    description: '从题目到大纲再到万字成稿，按章节生成，导出排版好的 Word 与 PDF。',
    group: 'thesis',
    icon: '📚',
    scenarios: ['study', 'office'],
    keywords: ['万字', '长文', '报告', ...THESIS_KEYWORDS],
  }),
  page({
    id: 'AiWriting',
    paths: ['/doc/AiWriting'],
    title: 'AI写作',
    description: '题目生成大纲，大纲生成全文：文章、报告、方案一键成稿。',
    group: 'writing',
    icon: '📝',
    scenarios: ['office', 'create'],
    keywords: ['写作', '文章', '成稿'],
  }),
  THESIS_TASK_TOOL,
  page({
    id: 'articleCheck',
    paths: ['/doc/articleCheck'],
    title: '文章检测',
    description: '找出错别字、语病和标点问题，逐条说明原因，接受后一键得到改好的文字。',
    group: 'doc',
    icon: '🔍',
    scenarios: ['office', 'study'],
    keywords: ['错别字', '语病', '检查', '校对'],
  }),
  page({
    id: 'articleCorrection',
    paths: ['/doc/articleCorrection'],
    title: '文章纠错',
    description: '错别字、语病、标点和用词风格一起纠正，逐条接受或忽略，复制或下载修改后的文字。',
    group: 'doc',
    icon: '✏️',
    scenarios: ['office', 'study'],
    keywords: ['纠错', '润色', '校对', '修改'],
  }),
  promptTool({
    id: 'dailyModel',
    path: '/doc/dailyModel',
    title: '日报周报',
    description: '把零散的工作记录整理成条理清楚的日报、周报或月报。',
    group: 'writing',
    icon: '🗓️',
    quotaKey: 'tool_writing',
    modelSwitch: true,
    fields: [
      mainText('工作内容', '列出今天（本周）做了什么、遇到的问题、下一步计划，随手记即可', 3000),
      select('period', '类型', ['日报', '周报', '月报']),
      { name: 'role', type: 'text', label: '岗位', max: 30, placeholder: '例如：产品经理（可不填）' },
      select('tone', '风格', ['简洁条理', '详细正式', '突出成果']),
    ],
    examples: [
      {
        label: '开发周报',
        inputs: { text: '完成登录页改版；修复3个支付bug；和设计评审新首页；下周上线灰度', period: '周报', role: '前端工程师', tone: '突出成果' },
      },
    ],
    scenarios: ['office'],
    keywords: ['日报', '周报', '月报', '工作总结', '汇报'],
  }),
];
