import { COVER_PLATFORMS, DESIGN_NAME_MAX, RED_COVER, SIGN_STYLES } from '@wanxiang/contract';

/**
 * The lessons of 设计课堂 (/aiDesign/classRoom): our own short texts on using the design tools,
 * as data. Sizes come from the registry (contract/src/tools/design.ts), so a lesson never states
 * a size the tools do not make.
 */
export interface LessonLink {
  path: string;
  label: string;
}

export interface Lesson {
  id: string;
  title: string;
  /** One line under the title. */
  summary: string;
  tips: readonly string[];
  /** A table of facts (header row first), when the lesson has one. */
  table?: readonly (readonly string[])[];
  links: readonly LessonLink[];
}

const pct = (f: number) => `${Math.round(f * 100)}%`;

/** Ratios people name sizes by. */
const COMMON_RATIOS: readonly [number, number][] = [[1, 1], [3, 4], [4, 3], [9, 16], [16, 9], [16, 10], [2, 3], [3, 2]];

/** A size as the common ratio it is within 1% of (1242×1660 -> 3:4), else its width to height (900×383 -> 2.35:1). */
export function ratioOf(w: number, h: number): string {
  const near = COMMON_RATIOS.find(([a, b]) => Math.abs(w / h / (a / b) - 1) < 0.01);
  if (near) return `${near[0]}:${near[1]}`;
  return w >= h ? `${(w / h).toFixed(2)}:1` : `1:${(h / w).toFixed(2)}`;
}

export const DESIGN_LESSONS: readonly Lesson[] = [
  {
    id: 'prompt',
    title: '第 1 课：把画面描述写具体',
    summary: '描述只写画面，文字交给版式：AI 负责背景和图形，标题、品牌名由我们排版。',
    tips: [
      '按「主体 + 场景 + 氛围 + 色彩」来写，例如：咖啡豆与山峰，清晨，安静，棕色和米色。',
      '不要把标题、品牌名写进画面描述，模型画出的汉字容易错字；这些文字请填在各自的输入框里。',
      '想要留白放字，可以写「左侧留白」「上方干净」；风格选项会自动补上配色和质感的描述。',
      '不满意就多生成几张：一次最多 4 张，每张方案的画面都不同；记下喜欢的随机种子，可以稳定复现。',
    ],
    links: [
      { path: '/aiDesign/aicover', label: '去做封面' },
      { path: '/draw/text2image', label: '文生图' },
    ],
  },
  {
    id: 'sizes',
    title: '第 2 课：各平台的封面尺寸',
    summary: '选对尺寸，平台就不会裁掉你的标题。AI封面按下表的像素直接出图。',
    tips: [
      '竖版封面（小红书、抖音）标题放在上方三分之一，手机信息流里最先被看到。',
      '横版封面（公众号、B站）标题靠左，右侧留给画面主体；公众号头图很窄，标题尽量短于 12 个字。',
      `标题最多 ${DESIGN_NAME_MAX.title} 个字，副标题最多 ${DESIGN_NAME_MAX.subtitle} 个字；字多时会自动换行并缩小字号。`,
    ],
    table: [['平台', '尺寸（像素）', '比例'], ...COVER_PLATFORMS.map((p) => [p.platform, `${p.width} × ${p.height}`, ratioOf(p.width, p.height)])],
    links: [{ path: '/aiDesign/aicover', label: '去做封面' }],
  },
  {
    id: 'icon-logo',
    title: '第 3 课：图标和 Logo 的要点',
    summary: '小尺寸下也要认得出：字少、图形简单、颜色对比强。',
    tips: [
      '图标文字放 1-2 个字或英文缩写；多个英文单词会取首字母（Wan Xiang → WX）。',
      'AI图标输出 1024 × 1024 的圆角方形 PNG，四角透明，可直接用作应用图标或头像。',
      'Logo 先选「横版」用在网站页眉，「竖版」用在海报和名片，「仅图形」用作头像和角标。',
      '需要叠在别的底色上时选「透明 PNG」，打印或发给别人预览时选「白色」背景。',
    ],
    links: [
      { path: '/aiDesign/aiicon', label: '做图标' },
      { path: '/aiDesign/ailogo', label: '做 Logo' },
    ],
  },
  {
    id: 'red-cover',
    title: '第 4 课：红包封面的安全区',
    summary: `微信红包封面是 ${RED_COVER.width} × ${RED_COVER.height} 像素，下半部分会被「开」按钮和发送人信息盖住。`,
    tips: [
      `祝福语和落款排在画面高度的 ${pct(RED_COVER.safeTop)}-${pct(RED_COVER.safeBottom)} 之间，这里不会被遮挡。`,
      `画面高度 ${pct(RED_COVER.buttonTop)} 以下是「开」按钮和发送人一行，重要的人物和图案不要放在这里。`,
      `祝福语最多 ${DESIGN_NAME_MAX.blessing} 个字，四个字最醒目，例如：新年快乐、万事如意。`,
      '上传到微信红包封面开放平台前，请确认画面不含他人的肖像、商标等需要授权的内容。',
    ],
    links: [{ path: '/aiDesign/airedcover', label: '做红包封面' }],
  },
  {
    id: 'signature',
    title: '第 5 课：选一个好看的签名',
    summary: `AI签名把姓名写成手写风格（${SIGN_STYLES.join('、')}），输出透明背景的 PNG。`,
    tips: [
      '一次生成 4 张、风格选「每张一种」，可以一眼比较四种写法。',
      '签名是透明 PNG，可以直接叠在电子文档、海报或照片上；签名不能代替具有法律效力的电子签章。',
      `姓名最多 ${DESIGN_NAME_MAX.sign} 个字；颜色可选墨黑、藏蓝、朱红。`,
    ],
    links: [{ path: '/aiDesign/aisign', label: '做签名' }],
  },
];
