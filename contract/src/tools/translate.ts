import { z } from 'zod';
import { TRANSLATE_MSG } from '../msg/translate';
import { options, promptTool, select } from './form';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from './images-styles';
import { page } from './page-entry';
import type { ToolField, ToolSpec } from './spec';

/**
 * The text and image translation tools of issue 14 (docs/product/creation.md "AI翻译"):
 * - 通用翻译 translateCommon is the one language-pair translator: its generic page
 *   (/AITranslate/translateCommon), the two-pane translator page /AITranslate/index
 *   (web/src/features/translate) and POST /api/v1/translate/text all run it, so every text
 *   translation is one kind of run, metered by translate_text and kept in the same history.
 * - 英语/中文/文言文/文章翻译 are prompt tools with their own forms.
 * - 图片翻译 is a task tool: a vision model reads the picture's text and translates it.
 * - 翻译记录 lists the user's runs and tasks of every tool in the group 'translate'.
 * Language names are the select values (the server puts them in the prompt as written); the API
 * call also takes codes (TRANSLATE_LANGUAGE_CODES).
 */

export const TRANSLATE_AUTO = '自动检测';

/** Target languages, in the order the selectors show them. */
export const TRANSLATE_LANGUAGES = [
  '中文',
  '英语',
  '日语',
  '韩语',
  '法语',
  '德语',
  '西班牙语',
  '俄语',
  '葡萄牙语',
  '意大利语',
  '阿拉伯语',
  '泰语',
  '越南语',
  '繁体中文',
] as const;
export type TranslateLanguage = (typeof TRANSLATE_LANGUAGES)[number];

/** ISO-style codes the API call accepts besides the Chinese names ('auto' for 自动检测). */
export const TRANSLATE_LANGUAGE_CODES: Readonly<Record<string, TranslateLanguage | typeof TRANSLATE_AUTO>> = {
  auto: TRANSLATE_AUTO,
  zh: '中文',
  'zh-cn': '中文',
  'zh-hans': '中文',
  en: '英语',
  ja: '日语',
  ko: '韩语',
  fr: '法语',
  de: '德语',
  es: '西班牙语',
  ru: '俄语',
  pt: '葡萄牙语',
  it: '意大利语',
  ar: '阿拉伯语',
  th: '泰语',
  vi: '越南语',
  'zh-tw': '繁体中文',
  'zh-hant': '繁体中文',
  cht: '繁体中文',
};

/** Longest text one translateCommon run takes (the API call's limit too); longer texts are documents. */
export const TRANSLATE_TEXT_MAX = 5_000;
export const TRANSLATE_ARTICLE_MAX = 6_000;
export const TRANSLATE_GLOSSARY_MAX_CHARS = 2_000;
export const TRANSLATE_GLOSSARY_MAX_TERMS = 50;

const isLanguage = (x: string): x is TranslateLanguage => (TRANSLATE_LANGUAGES as readonly string[]).includes(x);

/** A language name or code (any case) as the Chinese name the tools use; undefined when unknown. */
export function translateLanguageOf(given: string): TranslateLanguage | typeof TRANSLATE_AUTO | undefined {
  const trimmed = given.trim();
  if (trimmed === TRANSLATE_AUTO || isLanguage(trimmed)) return trimmed;
  return TRANSLATE_LANGUAGE_CODES[trimmed.toLowerCase()];
}

// Words common in one Latin-script language and rare in the others, to tell them apart.
const LATIN_WORDS: readonly [TranslateLanguage, RegExp][] = [
  ['德语', /\b(der|die|das|und|ist|nicht|ich|mit|sie|ein|eine|auf|für|wir)\b/g],
  ['法语', /\b(le|la|les|et|est|une|des|pas|je|vous|nous|avec|pour|dans|qui)\b/g],
  ['西班牙语', /\b(el|los|las|y|es|una|por|para|con|que|del|muy|está|pero)\b/g],
  ['葡萄牙语', /\b(o|os|as|é|não|uma|com|para|que|do|da|em|muito|você)\b/g],
  ['意大利语', /\b(il|gli|è|non|una|che|per|con|del|della|sono|questo|molto)\b/g],
  ['英语', /\b(the|and|is|are|of|to|in|that|it|you|with|for|this|was|not)\b/g],
];

/**
 * The language a text is written in, guessed from its scripts (and, for Latin script, from
 * common words): shared by the translator page (检测到：…) and the server (the prompt's 源语言),
 * so both name the same language. Undefined for a text without letters.
 */
export function detectLanguage(text: string): TranslateLanguage | undefined {
  const sample = text.slice(0, 2_000);
  const count = (re: RegExp) => sample.match(re)?.length ?? 0;
  const kana = count(/[\u3040-\u30ff]/g);
  const hangul = count(/[\uac00-\ud7af\u1100-\u11ff]/g);
  const han = count(/[\u4e00-\u9fff]/g);
  const cyrillic = count(/[\u0400-\u04ff]/g);
  const arabic = count(/[\u0600-\u06ff]/g);
  const thai = count(/[\u0e00-\u0e7f]/g);
  const latin = count(/[A-Za-z\u00c0-\u024f\u1ea0-\u1ef9]/g);
  const scripts: [number, TranslateLanguage][] = [
    [hangul, '韩语'],
    // Japanese mixes kanji with kana: a few kana decide it.
    [kana > 0 && kana * 5 >= han ? kana + han : 0, '日语'],
    [han, '中文'],
    [cyrillic, '俄语'],
    [arabic, '阿拉伯语'],
    [thai, '泰语'],
  ];
  const [top, lang] = scripts.reduce((a, b) => (b[0] > a[0] ? b : a));
  // Latin letters are counted one by one (about five a word), the others are one character per
  // syllable or word: a Chinese sentence with a few English words in it is still Chinese.
  if (top > 0 && top * 4 >= latin) return lang;
  if (latin === 0) return undefined;
  if (/[ơưđạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i.test(sample)) return '越南语';
  const lower = sample.toLowerCase();
  let best: TranslateLanguage = '英语';
  let bestHits = 0;
  for (const [name, re] of LATIN_WORDS) {
    const hits = lower.match(re)?.length ?? 0;
    if (hits > bestHits) [best, bestHits] = [name, hits];
  }
  return best;
}

/**
 * The pair a run translates: an explicit source is kept (the same as the target is refused); an
 * automatic source is detected, and when the text is already in the target language the target
 * becomes the other of 中文/英语 (as the big translators do), said in `switched`.
 */
export function resolveTranslatePair(
  text: string,
  from: string,
  to: TranslateLanguage,
): { ok: true; from: TranslateLanguage; to: TranslateLanguage; detected: boolean; switched: boolean } | { ok: false; msg: string } {
  if (from !== TRANSLATE_AUTO) {
    if (!isLanguage(from)) return { ok: false, msg: TRANSLATE_MSG.translateBadLanguage('源语言') };
    if (from === to) return { ok: false, msg: TRANSLATE_MSG.translateSameLanguage };
    return { ok: true, from, to, detected: false, switched: false };
  }
  const detected = detectLanguage(text) ?? '英语';
  if (detected !== to) return { ok: true, from: detected, to, detected: true, switched: false };
  return { ok: true, from: detected, to: detected === '中文' ? '英语' : '中文', detected: true, switched: true };
}

export interface GlossaryTerm {
  term: string;
  translation: string;
}

/** 术语表 lines "术语=译文" (full-width ＝ too; blank lines skipped) as pairs, or the line that is wrong. */
export function parseGlossary(text: string): { ok: true; terms: GlossaryTerm[] } | { ok: false; msg: string } {
  const terms: GlossaryTerm[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    const at = line.search(/[=＝]/);
    const term = at > 0 ? line.slice(0, at).trim() : '';
    const translation = at > 0 ? line.slice(at + 1).trim() : '';
    if (!term || !translation) return { ok: false, msg: TRANSLATE_MSG.translateGlossaryBadLine(i + 1) };
    terms.push({ term, translation });
  }
  if (terms.length > TRANSLATE_GLOSSARY_MAX_TERMS)
    return { ok: false, msg: TRANSLATE_MSG.translateGlossaryTooMany(TRANSLATE_GLOSSARY_MAX_TERMS) };
  return { ok: true, terms };
}

const TRANSLATE: Pick<ToolSpec, 'group' | 'quotaKey' | 'modelSwitch' | 'scenarios'> = {
  group: 'translate',
  quotaKey: 'translate_text',
  modelSwitch: true,
  scenarios: ['office', 'study'],
};

const source = (label: string, max: number): ToolField => ({
  name: 'text',
  type: 'textarea',
  label,
  placeholder: TRANSLATE_MSG.translatePlaceholder,
  max,
  required: true,
});
const fromField: ToolField = {
  name: 'from',
  type: 'select',
  label: '源语言',
  options: options(TRANSLATE_AUTO, ...TRANSLATE_LANGUAGES),
  default: TRANSLATE_AUTO,
};
const toField = (fallback: TranslateLanguage): ToolField => ({
  name: 'to',
  type: 'select',
  label: '目标语言',
  options: options(...TRANSLATE_LANGUAGES),
  default: fallback,
});
const styleField = select('style', '译文风格', ['准确通顺', '正式书面', '口语自然', '学术专业']);
const glossaryField: ToolField = {
  name: 'glossary',
  type: 'textarea',
  label: '术语表',
  max: TRANSLATE_GLOSSARY_MAX_CHARS,
  placeholder: '每行一条：术语=译文（可不填）',
  help: TRANSLATE_MSG.translateGlossaryHelp,
};

export const TRANSLATE_COMMON_ID = 'translateCommon';
export const TRANSLATE_IMAGE_ID = 'translateImage';

export const TRANSLATE_TOOLS: readonly ToolSpec[] = [
  page({
    id: 'aiTranslate',
    paths: ['/AITranslate/index'],
    title: 'AI翻译',
    description: '支持十余种语言互译，自动检测语种，可加术语表，译文实时显示。',
    group: 'translate',
    icon: '🌐',
    scenarios: ['office', 'study'],
    keywords: ['翻译', '中译英', '英译中', '在线翻译', 'translate'],
  }),
  promptTool({
    ...TRANSLATE,
    id: TRANSLATE_COMMON_ID,
    path: '/AITranslate/translateCommon',
    title: '通用翻译',
    description: '任意两种语言互译，可指定术语的译法和译文风格。',
    icon: '🔤',
    fields: [source('原文', TRANSLATE_TEXT_MAX), fromField, toField('英语'), glossaryField, styleField],
    examples: [
      {
        label: '产品介绍译英文',
        inputs: { text: '万象 AI 是一站式智能创作平台，支持对话、写作、翻译和绘画。', to: '英语', glossary: '万象=Wanxiang' },
      },
      {
        label: '英文邮件译中文',
        inputs: { text: 'Thank you for your prompt reply. We will ship the samples next Monday.', to: '中文', style: '正式书面' },
      },
    ],
    keywords: ['翻译', '多语种', '术语'],
  }),
  promptTool({
    ...TRANSLATE,
    id: 'translateEnglish',
    path: '/AITranslate/translateEnglish',
    title: '英语翻译',
    description: '中英互译，地道自然，并解释难点词句。',
    icon: '🇬🇧',
    fields: [
      source('原文', TRANSLATE_TEXT_MAX),
      select('direction', '翻译方向', ['自动（中英互译）', '中译英', '英译中']),
      select('style', '译文风格', ['地道自然', '正式书面', '口语表达', '学术论文']),
    ],
    examples: [
      { label: '中译英', inputs: { text: '这次合作让我们学到了很多，期待下次再见。', direction: '中译英' } },
      { label: '英译中', inputs: { text: 'The early bird catches the worm, but the second mouse gets the cheese.', direction: '英译中' } },
    ],
    keywords: ['英语', '中译英', '英译中', '英文翻译'],
  }),
  {
    ...promptTool({
      ...TRANSLATE,
      id: 'translateChinese',
      path: '/AITranslate/translateChinese',
      title: '中文翻译',
      description: '把任何语言的文字翻译成通顺的中文。',
      icon: '🀄',
      fields: [
        source('原文', TRANSLATE_TEXT_MAX),
        fromField,
        select('style', '译文风格', ['准确通顺', '正式书面', '口语自然', '繁体中文']),
      ],
      examples: [
        { label: '日语', inputs: { text: 'お忙しいところ恐れ入りますが、ご確認をお願いいたします。' } },
        { label: '法语', inputs: { text: 'Merci beaucoup pour votre aide, à bientôt !' } },
      ],
      keywords: ['翻译成中文', '外语翻译', '中文'],
    }),
    // The document family's 中文翻译 (/doc/chineseTranslate) is the same tool.
    paths: ['/AITranslate/translateChinese', '/doc/chineseTranslate'],
  },
  promptTool({
    ...TRANSLATE,
    id: 'translateClassical',
    path: '/AITranslate/translateClassical',
    title: '文言文翻译',
    description: '文言文与白话文互译，逐句对照，附重点字词注释。',
    icon: '📜',
    scenarios: ['study'],
    fields: [
      { name: 'text', type: 'textarea', label: '原文', placeholder: '例如：学而时习之，不亦说乎', max: 3_000, required: true },
      select('direction', '翻译方向', ['文言文译白话文', '白话文译文言文']),
      select('mode', '输出方式', ['逐句对照并注释', '只要译文']),
    ],
    examples: [
      { label: '论语', inputs: { text: '学而时习之，不亦说乎？有朋自远方来，不亦乐乎？', direction: '文言文译白话文' } },
      {
        label: '白话译文言',
        inputs: { text: '春天来了，湖边的柳树都发了新芽，我和朋友一起去散步。', direction: '白话文译文言文', mode: '只要译文' },
      },
    ],
    keywords: ['文言文', '古文', '白话文', '古诗文'],
  }),
  promptTool({
    ...TRANSLATE,
    id: 'translateArticle',
    path: '/AITranslate/translateArticle',
    title: '文章翻译',
    description: '整篇文章翻译，保留标题、段落和列表格式，可选段落对照。',
    icon: '📰',
    fields: [source('文章', TRANSLATE_ARTICLE_MAX), toField('中文'), select('layout', '排版', ['只要译文', '段落对照']), glossaryField],
    examples: [
      {
        label: '英文短文',
        inputs: {
          text: '# Remote work\n\nRemote work has changed how teams communicate.\n\n- Fewer meetings\n- More written updates',
          to: '中文',
          layout: '段落对照',
        },
      },
    ],
    keywords: ['文章翻译', '长文翻译', '双语对照'],
  }),
  {
    id: TRANSLATE_IMAGE_ID,
    paths: ['/AITranslate/translateImage'],
    title: '图片翻译',
    description: '上传带文字的图片，AI 识别其中的文字并翻译成你要的语言。',
    group: 'translate',
    icon: '🖼️',
    kind: 'task',
    output: 'file',
    fields: [
      {
        name: 'image',
        type: 'image',
        label: '图片',
        required: true,
        accept: IMAGE_ACCEPT,
        maxBytes: IMAGE_MAX_BYTES,
        help: '支持 JPG、PNG、WEBP，最大 10MB；菜单、路牌、说明书、截图都可以',
      },
      toField('中文'),
    ],
    quotaKey: 'translate_text',
    points: 5,
    scenarios: ['office', 'study', 'life'],
    keywords: ['图片翻译', '拍照翻译', '截图翻译', 'OCR'],
  },
  page({
    id: 'translateRecord',
    paths: ['/AITranslate/translateRecord'],
    title: '翻译记录',
    description: '我的文字、图片和文档翻译：查看、复制、下载或删除。',
    group: 'translate',
    icon: '🗂️',
    // Not a login route in the spec's table: a visitor sees 登录后查看你的翻译记录 on the page itself.
    keywords: ['翻译记录', '翻译历史'],
  }),
];

/**
 * POST /api/v1/translate/text {text, from?, to, glossary?, model?}: one translateCommon run
 * answered whole as JSON. Languages are names or codes (auto, zh, en…); the glossary is the
 * "术语=译文" lines or an object {术语: 译文}. Length and emptiness are checked by the service
 * (Chinese 400s naming the limit), not here.
 */
export const TranslateTextSchema = z.object({
  text: z.string({ error: TRANSLATE_MSG.translateTextRequired }),
  from: z
    .string({ error: TRANSLATE_MSG.translateBadLanguage('源语言') })
    .max(16, { error: TRANSLATE_MSG.translateBadLanguage('源语言') })
    .optional(),
  to: z
    .string({ error: TRANSLATE_MSG.translateBadLanguage('目标语言') })
    .max(16, { error: TRANSLATE_MSG.translateBadLanguage('目标语言') }),
  glossary: z.union([z.string(), z.record(z.string(), z.string())], { error: TRANSLATE_MSG.translateGlossaryBadLine(1) }).optional(),
  model: z.string().max(64).optional(),
});
export type TranslateTextReq = z.infer<typeof TranslateTextSchema>;

export interface TranslateTextRes {
  /** The translation (the whole answer). */
  translation: string;
  /** The pair translated: an automatic source is the detected language; `to` may be switched (resolveTranslatePair). */
  from: TranslateLanguage;
  to: TranslateLanguage;
  detected: boolean;
  /** The run's id in the user's history (翻译记录, GET /api/v1/tools/runs?group=translate). */
  runId: string;
  model: string;
  /** Answered by the demo upstream (no vendor key): not a real translation. */
  demo: boolean;
}
