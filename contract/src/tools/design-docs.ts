import { IMAGE_POINTS, IMAGE_PROMPT_MAX, IMAGE_STYLE_NONE, IMAGE_STYLE_OPTIONS } from './images-styles';
import { page } from './page-entry';
import type { ToolField, ToolSpec } from './spec';

/**
 * The design documents of issue 13 (docs/product/creation.md "AI海报" and "AI简历"):
 * - AI海报 (/aiDesign/aIPosterCreate): a bespoke page (web/src/features/poster). Its background
 *   picture is the task tool posterBackground (quota key draw, the image backend's generate
 *   operation); the text layers are edited and composed on a canvas in the browser.
 * - AI简历 (/aiDesign/aiResume, /aiDesign/aiResumeTwo): a task tool (quota key tool_writing) that
 *   turns a form or an old resume into a polished resume written by the chat model as JSON, then a
 *   templated DOCX and, where LibreOffice is installed, its PDF. The two paths are the same tool
 *   with the other template preselected.
 */

/** Poster formats: the exported PNG's size in pixels, and the ratio the background is asked for. */
export const POSTER_FORMATS = [
  { value: 'a4', label: 'A4 竖版', width: 1240, height: 1754 },
  { value: '3:4', label: '3:4 竖版', width: 1080, height: 1440 },
  { value: '9:16', label: '9:16 手机', width: 1080, height: 1920 },
  { value: '16:9', label: '16:9 横版', width: 1920, height: 1080 },
] as const;
export type PosterFormat = (typeof POSTER_FORMATS)[number]['value'];

export function posterFormat(value: unknown): (typeof POSTER_FORMATS)[number] {
  return POSTER_FORMATS.find((f) => f.value === value) ?? POSTER_FORMATS[1];
}

/** The poster's suggested copy, by layer: written by the model beside the background, shown as 标签：文字 lines. */
export interface PosterCopyText {
  title: string;
  subtitle: string;
  body: string;
  info: string;
}

export const POSTER_COPY_LABELS: Readonly<Record<keyof PosterCopyText, string>> = {
  title: '标题',
  subtitle: '副标题',
  body: '正文',
  info: '时间地点',
};

/** The copy as the task's text result: one 标签：文字 line per layer (readable on the generic task page too). */
export function posterCopyText(copy: PosterCopyText): string {
  return (Object.keys(POSTER_COPY_LABELS) as (keyof PosterCopyText)[]).map((k) => `${POSTER_COPY_LABELS[k]}：${copy[k]}`).join('\n');
}

/** 标签：文字 lines back into the copy (a label missing answers ''); null when no line has a label. */
export function parsePosterCopy(text: string | undefined): PosterCopyText | null {
  if (!text) return null;
  const copy: PosterCopyText = { title: '', subtitle: '', body: '', info: '' };
  let found = false;
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*[*#\-\s]*([^：:]{1,6})\s*[：:]\s*(.*)$/.exec(line);
    const key = m && (Object.keys(POSTER_COPY_LABELS) as (keyof PosterCopyText)[]).find((k) => POSTER_COPY_LABELS[k] === m[1]!.replace(/\*/g, '').trim());
    if (key && m) {
      copy[key] = [...m[2]!.replace(/\*+/g, '').trim()].slice(0, key === 'body' ? 120 : 40).join('');
      found = true;
    }
  }
  return found ? copy : null;
}

/** Resume templates: the DOCX layouts of server/src/tools/tasks/resume-docx.ts. */
export const RESUME_TEMPLATES = [
  { value: 'classic', label: '经典' },
  { value: 'simple', label: '简约' },
] as const;
export type ResumeTemplate = (typeof RESUME_TEMPLATES)[number]['value'];

/** Old resume uploads: the document parsers of chat uploads read them. */
export const RESUME_UPLOAD_ACCEPT = ['pdf', 'docx', 'txt'] as const;
export const RESUME_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** The Chinese sentences of these tools (their own block: pages and handlers read them here). */
export const DESIGN_DOCS_MSG = {
  resumeNeedsInput: '请填写姓名和至少一项经历（教育、工作或技能），或上传一份旧简历',
  resumeOldUnreadable: '旧简历无法读取：请上传文字版的 PDF、DOCX 或 TXT 文件',
  resumeNoModel: '写作模型暂时不可用，请稍后再试',
  resumeWriteFailed: '简历撰写失败，请稍后重试（本次次数已退回）',
  resumeBadAnswer: '模型返回的简历格式不正确，请重试（本次次数已退回）',
  resumeStageReading: '读取旧简历',
  resumeStageWriting: 'AI 正在撰写简历',
  resumeStageDocx: '生成 Word 文档',
  resumeStagePdf: '转换 PDF',
  resumeDone: (template: string) => `已按「${template}」模板生成 Word（DOCX）和 PDF 两个文件。`,
  resumeDocxOnly: (template: string) =>
    `已按「${template}」模板生成 Word（DOCX）文件。服务器未安装 LibreOffice（或转换失败），本次没有生成 PDF；可在 Word 或 WPS 中打开后另存为 PDF。`,
  posterStageBackground: '绘制海报背景',
  posterStageSaving: '保存背景图',
  posterStageCopy: '撰写海报文案',
  posterPageTitle: 'AI海报',
  posterDescribe: '海报描述',
  posterDescribePlaceholder: '例如：秋季音乐节，夜晚草地舞台，暖色灯串，人群剪影',
  posterSize: '海报尺寸',
  posterGenerate: '生成背景',
  posterGenerating: '背景生成中…',
  posterEmpty: '写下海报的主题，选择尺寸，点击「生成背景」；背景生成后可在画布上编辑文字。',
  posterLayers: '文字图层',
  posterAddLayer: '添加文字',
  posterRemoveLayer: '删除图层',
  posterFontSize: '字号',
  posterColor: '颜色',
  posterBold: '加粗',
  posterAlign: '对齐',
  posterAlignLeft: '左对齐',
  posterAlignCenter: '居中',
  posterAlignRight: '右对齐',
  posterLayerText: '文字内容',
  posterExport: '导出 PNG',
  posterExported: '海报已导出',
  posterExportFailed: '导出失败：背景图未能读取，请重新生成',
  posterDragHint: '在画布上拖动文字可移动位置；点选文字后在右侧修改字号、颜色与对齐。',
  posterFailed: '背景生成失败',
  posterHistory: '最近的背景',
  posterAigcNote: '背景图由 AI 生成，导出的海报右下角保留「AI生成」标识。',
  posterNewLayerText: '双击或在右侧修改文字',
} as const;

const resumeText = (name: string, label: string, max: number, placeholder: string, type: 'text' | 'textarea' = 'textarea'): ToolField => ({
  name,
  type,
  label,
  max,
  placeholder,
});

/** The resume form; the two paths differ only in the template they preselect. */
function resumeFields(template: ResumeTemplate): ToolField[] {
  return [
    { name: 'template', type: 'radio', label: '简历模板', options: RESUME_TEMPLATES, default: template },
    resumeText('name', '姓名', 20, '例如：李明', 'text'),
    resumeText('targetJob', '求职意向', 40, '例如：前端开发工程师', 'text'),
    resumeText('contact', '联系方式', 120, '例如：138 0000 0000 · liming@example.com · 上海', 'text'),
    resumeText('education', '教育经历', 1500, '例如：2019-2023 华东大学 计算机科学与技术 本科，GPA 3.7/4'),
    resumeText('experience', '工作与项目经历', 4000, '每段写时间、单位、职位和做过的事，越具体越好'),
    resumeText('skills', '技能与证书', 1000, '例如：React、TypeScript、Node.js；英语六级'),
    {
      name: 'oldResume',
      type: 'file',
      label: '上传旧简历（可选）',
      accept: RESUME_UPLOAD_ACCEPT,
      maxBytes: RESUME_UPLOAD_MAX_BYTES,
      help: '支持 PDF、DOCX、TXT，不超过 10 MB；上传后表单可以少填，AI 会据此重写',
    },
  ];
}

function resumeTool(id: string, path: string, template: ResumeTemplate): ToolSpec {
  return {
    id,
    paths: [path],
    title: 'AI简历',
    description: '填写经历或上传旧简历，AI 润色重写，生成经典或简约模板的 Word 简历与 PDF。',
    group: 'design',
    icon: '📄',
    kind: 'task',
    output: 'file',
    fields: resumeFields(template),
    quotaKey: 'tool_writing',
    points: 0,
    scenarios: ['office'],
    keywords: ['简历', '求职', '履历', 'CV', 'Word'],
  };
}

export const POSTER_BACKGROUND_TOOL: ToolSpec = {
  id: 'posterBackground',
  paths: ['/aiDesign/posterBackground'],
  title: '海报背景',
  description: '按描述和海报尺寸生成一张海报背景图；在 AI海报 页面可以加文字并导出。',
  group: 'design',
  icon: '🖼️',
  kind: 'task',
  output: 'image',
  fields: [
    {
      name: 'text',
      type: 'textarea',
      label: DESIGN_DOCS_MSG.posterDescribe,
      placeholder: DESIGN_DOCS_MSG.posterDescribePlaceholder,
      max: IMAGE_PROMPT_MAX,
      required: true,
    },
    {
      name: 'size',
      type: 'select',
      label: DESIGN_DOCS_MSG.posterSize,
      options: POSTER_FORMATS.map(({ value, label }) => ({ value, label })),
      default: '3:4',
    },
    { name: 'style', type: 'style', label: '风格', options: IMAGE_STYLE_OPTIONS, default: IMAGE_STYLE_NONE },
  ],
  quotaKey: 'draw',
  points: IMAGE_POINTS.draw,
  keywords: ['海报', '背景'],
};

export const DESIGN_DOC_TOOLS: readonly ToolSpec[] = [
  page({
    id: 'aIPosterCreate',
    paths: ['/aiDesign/aIPosterCreate'],
    title: 'AI海报',
    description: '描述主题生成海报背景，在画布上编辑标题、正文与时间地点，导出高清 PNG。',
    group: 'design',
    icon: '🪧',
    scenarios: ['image', 'create', 'office'],
    keywords: ['海报', '宣传', '设计', 'poster'],
  }),
  POSTER_BACKGROUND_TOOL,
  resumeTool('aiResume', '/aiDesign/aiResume', 'classic'),
  resumeTool('aiResumeTwo', '/aiDesign/aiResumeTwo', 'simple'),
];
