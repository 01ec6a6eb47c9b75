import { IMAGE_COUNT_MAX, IMAGE_POINTS, IMAGE_PROMPT_MAX } from './images-styles';
import { page } from './page-entry';
import type { ToolField, ToolFieldOption, ToolSpec } from './spec';

/**
 * The design tools under /aiDesign (issue 13 part 4; docs/product/creation.md): AI图标, AI Logo,
 * AI封面, 红包封面 and AI签名 as task tools, plus the AI设计 hub and 设计课堂 pages. The picture
 * behind a design is generated (the image backend's generate operation; the demo painter in demo
 * mode), but every word on it is set by us with a CJK font at the tool's layout, never drawn by the
 * model (models misspell Chinese). Their server half is server/src/tools/tasks/design-tool.ts.
 * Quota key: draw (as 文生图).
 */

/** Our design style presets (the style field's values; the server turns each into prompt words and text colours). */
export const DESIGN_STYLES = ['简约', '渐变', '科技', '国潮', '可爱', '复古', '水墨'] as const;
export type DesignStyle = (typeof DESIGN_STYLES)[number];

const DESIGN_STYLE_OPTIONS: readonly ToolFieldOption[] = DESIGN_STYLES.map((s) => ({ value: s, label: s }));

/**
 * Cover sizes by platform. The value is the pixel size ('WxH'), so the size cards draw each
 * platform's shape and the server reads the size from the value it checks against this list.
 */
export const COVER_PLATFORMS = [
  { value: '1242x1660', label: '小红书 3:4', platform: '小红书', width: 1242, height: 1660 },
  { value: '900x383', label: '公众号 头图', platform: '公众号', width: 900, height: 383 },
  { value: '1146x717', label: 'B站 视频封面', platform: 'B站', width: 1146, height: 717 },
  { value: '1080x1920', label: '抖音 竖版', platform: '抖音', width: 1080, height: 1920 },
] as const;

/**
 * The WeChat red-packet cover (微信红包封面): 957×1278. Its lower part is covered in WeChat by the
 * 「开」 button and the sender's line, so our layout keeps words and faces in the top safe area;
 * both areas are fractions of the height (the classroom page shows them too).
 */
export const RED_COVER = { width: 957, height: 1278, safeTop: 0.06, safeBottom: 0.58, buttonTop: 0.66 } as const;

/** Signature styles: each a way of setting the name with the fonts on the server (a slanted, jittered hand). */
export const SIGN_STYLES = ['行楷', '连笔', '艺术', '商务'] as const;
export type SignStyle = (typeof SIGN_STYLES)[number];
/** 混合: each variant of one run in the next style. */
export const SIGN_STYLE_MIXED = '混合';

export const SIGN_COLORS = [
  { value: 'black', label: '墨黑' },
  { value: 'navy', label: '藏蓝' },
  { value: 'red', label: '朱红' },
] as const;

export const DESIGN_NAME_MAX = { icon: 12, brand: 16, slogan: 30, title: 30, subtitle: 40, blessing: 12, signature: 12, sign: 8 } as const;

// ---- Field builders

const words = (name: string, label: string, max: number, opts: { required?: boolean; placeholder?: string; help?: string } = {}): ToolField => ({
  name,
  type: 'text',
  label,
  max,
  ...(opts.required ? { required: true } : {}),
  ...(opts.placeholder ? { placeholder: opts.placeholder } : {}),
  ...(opts.help ? { help: opts.help } : {}),
});
const scene = (label: string, placeholder: string): ToolField => ({
  name: 'text',
  type: 'textarea',
  label,
  placeholder,
  max: IMAGE_PROMPT_MAX,
  help: '只描述画面，文字由我们按版式排好，不用写进描述',
});
const style = (fallback: DesignStyle): ToolField => ({ name: 'style', type: 'style', label: '风格', options: DESIGN_STYLE_OPTIONS, default: fallback });
const count: ToolField = { name: 'count', type: 'number', label: '生成张数', min: 1, max: IMAGE_COUNT_MAX, default: 2, help: `一次最多 ${IMAGE_COUNT_MAX} 张不同方案，每张做好就会显示` };
const seed: ToolField = { name: 'seed', type: 'number', label: '随机种子', min: 0, max: 2_147_483_647, help: '相同的种子和描述会得到相近的画面；留空则随机' };

interface DesignToolFacts {
  id: string;
  title: string;
  description: string;
  icon: string;
  fields: readonly ToolField[];
  keywords: readonly string[];
  examples?: ToolSpec['examples'];
}

function designTool(f: DesignToolFacts): ToolSpec {
  return {
    id: f.id,
    paths: [`/aiDesign/${f.id}`],
    title: f.title,
    description: f.description,
    group: 'design',
    icon: f.icon,
    kind: 'task',
    output: 'image',
    fields: f.fields,
    quotaKey: 'draw',
    points: IMAGE_POINTS.draw,
    scenarios: ['image', 'create', 'office'],
    keywords: ['AI设计', '设计', ...f.keywords],
    ...(f.examples ? { examples: f.examples } : {}),
  };
}

export const DESIGN_TASK_TOOLS: readonly ToolSpec[] = [
  designTool({
    id: 'aiicon',
    title: 'AI图标',
    description: '写下图标文字和主题，生成 1024×1024 圆角方形的应用图标，文字清晰不走样。',
    icon: '🔷',
    fields: [
      words('name', '图标文字', DESIGN_NAME_MAX.icon, { required: true, placeholder: '例如：象 或 WX', help: '放 1-2 个字；多个英文单词取首字母，如 Wan Xiang → WX' }),
      scene('图标主题', '例如：记账应用，钱包与硬币，清爽'),
      style('渐变'),
      count,
      seed,
    ],
    keywords: ['图标', 'icon', 'App图标', '头像'],
    examples: [{ label: '记账应用', inputs: { name: '记', text: '记账应用，钱包与硬币', style: '渐变' } }],
  }),
  designTool({
    id: 'ailogo',
    title: 'AI Logo',
    description: '输入品牌名和标语，生成图形标志加文字的 Logo，可选横版、竖版，支持透明背景 PNG。',
    icon: '🅰️',
    fields: [
      words('brand', '品牌名', DESIGN_NAME_MAX.brand, { required: true, placeholder: '例如：万象咖啡' }),
      words('slogan', '标语', DESIGN_NAME_MAX.slogan, { placeholder: '例如：每一杯都认真（可不填）' }),
      scene('图形描述', '例如：咖啡豆与山峰，线条简洁'),
      style('简约'),
      {
        name: 'layout',
        type: 'radio',
        label: '版式',
        options: [
          { value: 'horizontal', label: '横版（图形在左）' },
          { value: 'stacked', label: '竖版（图形在上）' },
          { value: 'mark', label: '仅图形' },
        ],
        default: 'horizontal',
      },
      { name: 'background', type: 'radio', label: '背景', options: [{ value: 'transparent', label: '透明 PNG' }, { value: 'white', label: '白色' }], default: 'transparent' },
      count,
      seed,
    ],
    keywords: ['Logo', '标志', '商标', '品牌'],
    examples: [{ label: '咖啡店', inputs: { brand: '万象咖啡', slogan: '每一杯都认真', text: '咖啡豆与山峰', style: '简约' } }],
  }),
  designTool({
    id: 'aicover',
    title: 'AI封面',
    description: '写下标题，选小红书、公众号、B站或抖音的尺寸，生成排好版的封面图。',
    icon: '📰',
    fields: [
      words('title', '标题', DESIGN_NAME_MAX.title, { required: true, placeholder: '例如：三天两晚杭州攻略' }),
      words('subtitle', '副标题', DESIGN_NAME_MAX.subtitle, { placeholder: '例如：人均 800 玩遍西湖（可不填）' }),
      scene('画面描述', '例如：西湖断桥，清晨薄雾，柳树'),
      { name: 'platform', type: 'size', label: '平台尺寸', options: COVER_PLATFORMS.map((p) => ({ value: p.value, label: p.label })), default: COVER_PLATFORMS[0].value },
      style('简约'),
      count,
      seed,
    ],
    keywords: ['封面', '小红书', '公众号', 'B站', '抖音', '头图'],
    examples: [{ label: '旅行攻略', inputs: { title: '三天两晚杭州攻略', subtitle: '人均 800 玩遍西湖', text: '西湖断桥，清晨薄雾' } }],
  }),
  designTool({
    id: 'airedcover',
    title: '红包封面',
    description: '写下祝福语，生成 957×1278 的微信红包封面，文字避开「开」按钮的区域。',
    icon: '🧧',
    fields: [
      words('title', '祝福语', DESIGN_NAME_MAX.blessing, { required: true, placeholder: '例如：新年快乐' }),
      words('signature', '落款', DESIGN_NAME_MAX.signature, { placeholder: '例如：万象团队 敬贺（可不填）' }),
      scene('画面描述', '例如：舞狮，灯笼，祥云'),
      style('国潮'),
      count,
      seed,
    ],
    keywords: ['红包', '红包封面', '微信', '新年', '春节'],
    examples: [{ label: '新春', inputs: { title: '新年快乐', text: '舞狮，灯笼，祥云', style: '国潮' } }],
  }),
  designTool({
    id: 'aisign',
    title: 'AI签名',
    description: '输入姓名，生成几种手写风格的艺术签名，透明背景 PNG，可直接叠在文档或图片上。',
    icon: '✒️',
    fields: [
      words('name', '姓名', DESIGN_NAME_MAX.sign, { required: true, placeholder: '例如：张三丰' }),
      {
        name: 'style',
        type: 'style',
        label: '签名风格',
        options: [{ value: SIGN_STYLE_MIXED, label: '每张一种' }, ...SIGN_STYLES.map((s) => ({ value: s, label: s }))],
        default: SIGN_STYLE_MIXED,
      },
      { name: 'color', type: 'radio', label: '颜色', options: SIGN_COLORS, default: 'black' },
      { ...count, default: 4 },
    ],
    keywords: ['签名', '艺术签名', '手写', '个性签名'],
    examples: [{ label: '三个字的名字', inputs: { name: '张三丰' } }],
  }),
];

/** The hub and the classroom: pages (web/src/features/registry). */
export const DESIGN_PAGES: readonly ToolSpec[] = [
  page({
    id: 'aiDesignHub',
    paths: ['/aiDesign/index'],
    title: 'AI设计',
    description: '图标、Logo、封面、红包封面与签名设计，以及设计课堂。',
    group: 'design',
    icon: '🖌️',
    keywords: ['设计', 'AI设计'],
  }),
  page({
    id: 'designClassRoom',
    paths: ['/aiDesign/classRoom'],
    title: '设计课堂',
    description: '几分钟学会用 AI 设计：怎么写画面描述，各平台封面尺寸，图标、Logo、红包封面与签名的要点。',
    group: 'design',
    icon: '🎓',
    scenarios: ['study', 'create'],
    keywords: ['设计课堂', '教程', '尺寸'],
  }),
];

export const DESIGN_TOOLS: readonly ToolSpec[] = [...DESIGN_TASK_TOOLS, ...DESIGN_PAGES];
