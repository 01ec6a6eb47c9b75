import {
  IMAGE_ACCEPT,
  IMAGE_COUNT_MAX,
  IMAGE_MAX_BYTES,
  IMAGE_NEGATIVE_MAX,
  IMAGE_POINTS,
  IMAGE_PROMPT_MAX,
  IMAGE_SIZE_OPTIONS,
  IMAGE_STYLE_NONE,
  IMAGE_STYLE_OPTIONS,
  QR_TEXT_MAX,
  type ImageQuotaKey,
} from './images-styles';
import type { ToolField, ToolSpec } from './spec';

/**
 * The image tools (issue 13; docs/product/creation.md): every /draw route, /draw/matting and
 * /photo as a task tool whose result is pictures (or, for 反推提示词, a text). Their server half is
 * one generic handler (server/src/tools/tasks/image-tool.ts) that reads each tool's operation and
 * preset words from its own table; the face tools (换脸, 换装, 穿搭, 毕业照, 写真) need a vendor that
 * licenses faces commercially and say plainly that the operator has not enabled one.
 *
 * Quota keys (server/catalog/tiers.json): draw (generation and edits), draw_enhance (upscale,
 * colourise, old-photo repair), draw_matting (cut-out, product background), draw_qrcode (art QR
 * codes), draw_face (the face tools).
 */

const IMAGE_HELP = '支持 jpg、png、webp，不超过 10 MB';

// ---- Field builders (each tool's form reads as its data)

const prompt = (label: string, placeholder: string, required = true): ToolField => ({
  name: 'text',
  type: 'textarea',
  label,
  placeholder,
  max: IMAGE_PROMPT_MAX,
  required,
});
const negative: ToolField = { name: 'negativePrompt', type: 'textarea', label: '不希望出现的内容', placeholder: '例如：模糊、变形、多余的手指、文字水印', max: IMAGE_NEGATIVE_MAX };
const style = (fallback: string = IMAGE_STYLE_NONE): ToolField => ({ name: 'style', type: 'style', label: '风格', options: IMAGE_STYLE_OPTIONS, default: fallback });
const size: ToolField = { name: 'size', type: 'size', label: '尺寸比例', options: IMAGE_SIZE_OPTIONS, default: '1:1' };
const count: ToolField = { name: 'count', type: 'number', label: '生成张数', min: 1, max: IMAGE_COUNT_MAX, default: 1, help: `一次最多 ${IMAGE_COUNT_MAX} 张，每张画好就会显示` };
const seed: ToolField = { name: 'seed', type: 'number', label: '随机种子', min: 0, max: 2_147_483_647, help: '相同的种子和描述会画出相近的图片；留空则随机' };
const strength = (fallback = 60): ToolField => ({ name: 'strength', type: 'number', label: '重绘幅度', min: 10, max: 90, default: fallback, help: '10-90，数值越大，与原图差别越大' });

function picture(label: string, opts: { name?: string; required?: boolean; help?: string } = {}): ToolField {
  return {
    name: opts.name ?? 'image',
    type: 'image',
    label,
    required: opts.required ?? true,
    accept: IMAGE_ACCEPT,
    maxBytes: IMAGE_MAX_BYTES,
    help: opts.help ?? IMAGE_HELP,
  };
}

const mask = (help: string): ToolField => ({ name: 'mask', type: 'mask', of: 'image', label: '涂抹区域', required: true, help });

/** The consent line of the face tools: the user must tick it. */
export const FACE_CONSENT_LINE = '我确认照片中的人物是本人或已获得其授权，并同意仅将结果用于合法用途';
const consent: ToolField = { name: 'consent', type: 'consent', label: FACE_CONSENT_LINE, required: true };

interface ImageToolFacts {
  id: string;
  title: string;
  description: string;
  icon: string;
  fields: readonly ToolField[];
  quotaKey: ImageQuotaKey;
  /** Default: /draw/<id>. */
  paths?: readonly string[];
  group?: 'draw' | 'photo';
  output?: 'image' | 'file';
  keywords?: readonly string[];
  examples?: ToolSpec['examples'];
}

function imageTool(f: ImageToolFacts): ToolSpec {
  return {
    id: f.id,
    paths: f.paths ?? [`/draw/${f.id}`],
    title: f.title,
    description: f.description,
    group: f.group ?? 'draw',
    icon: f.icon,
    kind: 'task',
    output: f.output ?? 'image',
    fields: f.fields,
    quotaKey: f.quotaKey,
    points: IMAGE_POINTS[f.quotaKey],
    scenarios: ['image', 'create'],
    keywords: ['AI绘画', '图片', ...(f.keywords ?? [])],
    ...(f.examples ? { examples: f.examples } : {}),
  };
}

/** A style page: a photo turned into the style, or (no photo) a picture of the prompt in it. */
function stylePage(id: string, title: string, icon: string, styleName: string): ToolSpec {
  return imageTool({
    id,
    title,
    icon,
    description: `上传一张照片转成${styleName}风格，或者只写画面描述，直接画一张${styleName}风格的图。`,
    fields: [
      picture('原图（可选）', { required: false, help: `不上传则按描述直接画一张${styleName}风格的图；${IMAGE_HELP}` }),
      prompt('画面描述', '例如：江南小镇，烟雨朦胧，小船穿过石桥', false),
      { ...size, help: '只在不上传原图时使用；上传原图时保持原图比例' },
      strength(65),
      seed,
    ],
    quotaKey: 'draw',
    keywords: [styleName, '风格'],
  });
}

/** A photo turned into a look (anime, cartoon avatar, 3D...). */
function photoLook(id: string, title: string, icon: string, description: string, keywords: string[]): ToolSpec {
  return imageTool({
    id,
    title,
    icon,
    description,
    fields: [picture('照片'), prompt('补充描述', '例如：微笑，蓝色背景（可不填）', false), strength(65), seed],
    quotaKey: 'draw',
    keywords,
  });
}

const GENERATE: readonly ToolSpec[] = [
  imageTool({
    id: 'text2image',
    paths: ['/draw/text2image', '/draw', '/draw/home', '/newdraw', '/draw/aiPaintCreation', '/draw/vincenHandlerImage'],
    title: '文生图',
    description: '写一句画面描述，选风格和比例，一次生成 1-4 张图，每张画好就先显示。',
    icon: '🖌️',
    fields: [prompt('画面描述', '例如：黄昏的海边，一只橘猫坐在礁石上看日落，电影感光影'), negative, style(), size, count, seed],
    quotaKey: 'draw',
    keywords: ['文生图', 'AI画画', '绘画', '生成图片'],
    examples: [
      { label: '海边橘猫', inputs: { text: '黄昏的海边，一只橘猫坐在礁石上看日落，电影感光影', size: '4:3' } },
      { label: '水墨山水', inputs: { text: '远山近水，一叶扁舟，留白', style: '水墨', size: '16:9' } },
      { label: '国潮海报', inputs: { text: '舞狮少年，祥云，红金配色', style: '国潮', size: '3:4' } },
    ],
  }),
  imageTool({
    id: 'text_image2',
    title: '图文生图',
    description: '上传一张参考图并写下想要的画面，参考图的构图和配色会保留在新图里。',
    icon: '🖼️',
    fields: [picture('参考图'), prompt('画面描述', '例如：改成雪后的清晨，屋顶积雪'), negative, style(), strength(), seed],
    quotaKey: 'draw',
    keywords: ['图文生图', '参考图'],
  }),
  imageTool({
    id: 'image2image',
    title: '图生图',
    description: '以一张图为底稿重新绘制，可以补充描述和风格，控制与原图的差别。',
    icon: '🔁',
    fields: [picture('原图'), prompt('补充描述', '例如：赛博朋克夜景，霓虹灯（可不填）', false), negative, style(), strength(), seed],
    quotaKey: 'draw',
    keywords: ['图生图', '重绘'],
  }),
  imageTool({
    id: 'drawtodraw',
    title: '以图绘图',
    description: '照着一张图的构图再画一张，画风和内容按你的描述来。',
    icon: '🎨',
    fields: [picture('参考图'), prompt('画面描述', '例如：同样的构图，改成春天的樱花林'), style(), strength(70), seed],
    quotaKey: 'draw',
    keywords: ['以图绘图', '参考图'],
  }),
  imageTool({
    id: 'style2image',
    title: '风格转换',
    description: '把照片转成水墨、国潮、油画、年画、Q版等风格，内容和构图保持不变。',
    icon: '🪄',
    fields: [picture('原图'), style('油画'), prompt('补充描述', '可不填', false), strength(55), seed],
    quotaKey: 'draw',
    keywords: ['风格转换', '风格迁移', '滤镜'],
  }),
  photoLook('Image2Anime', '照片转动漫', '🌸', '上传一张照片，转成日系动漫风格的插画，人物和场景都保留。', ['动漫', '二次元']),
  photoLook('cartoonFace', '卡通头像', '🙂', '上传一张人像照片，生成可爱的卡通头像。', ['头像', '卡通']),
  photoLook('aiQHand', 'Q版头像', '🧸', '上传一张人像照片，生成大头小身的 Q 版头像。', ['Q版', '头像']),
  photoLook('liveAction3D', '真人转3D', '🧊', '上传一张人像照片，转成 3D 卡通形象。', ['3D', '手办']),
  stylePage('aiBurtonStyle', '暗黑童话风', '🦇', '暗黑童话'),
  stylePage('aiInkandWash', '水墨风格', '🖋️', '水墨'),
  stylePage('aiQHandDrawn', 'Q版手绘', '✏️', 'Q版手绘'),
  stylePage('aiSimpleStyle', '简约风格', '◻️', '简约'),
  stylePage('aiSimple', '简笔画', '🖍️', '简笔画'),
  stylePage('aiSelfHealing', '治愈系插画', '🌿', '治愈系'),
  stylePage('aiPaintingStyle', '油画风格', '🖼️', '油画'),
  stylePage('aiYearStyle', '年画风格', '🧧', '年画'),
  stylePage('nationalStyle', '国潮风格', '🏮', '国潮'),
];

const CONTROL: readonly ToolSpec[] = [
  imageTool({
    id: 'GraffitiRawDrawings',
    title: '涂鸦生图',
    description: '随手涂鸦几笔，AI 按你的线条和描述画成完整的图。',
    icon: '🖍️',
    fields: [picture('涂鸦图'), prompt('画面描述', '例如：一座城堡，夕阳，童话风格'), style(), strength(70), seed],
    quotaKey: 'draw',
    keywords: ['涂鸦', '草图'],
  }),
  imageTool({
    id: 'draftsCreateImage',
    title: '线稿生图',
    description: '上传线稿，按线条和描述生成完整上色的画面。',
    icon: '📐',
    fields: [picture('线稿'), prompt('画面描述', '例如：少女，长发，校服，樱花背景'), negative, style(), strength(70), seed],
    quotaKey: 'draw',
    keywords: ['线稿', '草图', '生图'],
  }),
  imageTool({
    id: 'DraftsCreateImage2Color',
    title: '线稿上色',
    description: '上传黑白线稿，自动上色，线条保持不变。',
    icon: '🎨',
    fields: [picture('线稿'), prompt('配色要求', '例如：粉色头发，蓝色衣服（可不填）', false), style(), seed],
    quotaKey: 'draw',
    keywords: ['线稿', '上色'],
  }),
  imageTool({
    id: 'PostureSketch',
    title: '姿势控制',
    description: '上传一张姿势参考照片，新画的人物会摆出同样的姿势。',
    icon: '🕺',
    fields: [picture('姿势参考图'), prompt('画面描述', '例如：穿汉服的女孩，庭院里'), negative, style(), strength(70), seed],
    quotaKey: 'draw',
    keywords: ['姿势', '动作', '骨骼'],
  }),
  imageTool({
    id: 'DepthMaps',
    title: '深度图生图',
    description: '按参考图的空间深度和结构生成新画面，远近关系保持一致。',
    icon: '🏔️',
    fields: [picture('参考图'), prompt('画面描述', '例如：同样的房间，改成北欧风装修'), negative, style(), strength(70), seed],
    quotaKey: 'draw',
    keywords: ['深度图', '结构'],
  }),
];

const EDIT: readonly ToolSpec[] = [
  imageTool({
    id: 'coloringoldPhotos',
    title: '老照片上色',
    description: '给黑白老照片自动上色，色彩自然。',
    icon: '🌈',
    fields: [picture('老照片')],
    quotaKey: 'draw_enhance',
    keywords: ['老照片', '上色', '黑白'],
  }),
  imageTool({
    id: 'OldImageReverved',
    title: '老照片修复',
    description: '修复老照片的划痕、折痕与噪点，让模糊的面孔重新清晰。',
    icon: '🩹',
    fields: [picture('老照片')],
    quotaKey: 'draw_enhance',
    keywords: ['老照片', '修复', '划痕'],
  }),
  imageTool({
    id: 'aiImageIntensifier',
    title: '图片高清放大',
    description: '把图片无损放大 2 倍或 4 倍，细节更清晰。',
    icon: '🔍',
    fields: [
      picture('原图'),
      { name: 'scale', type: 'radio', label: '放大倍数', options: [{ value: '2', label: '2 倍' }, { value: '4', label: '4 倍' }], default: '2' },
    ],
    quotaKey: 'draw_enhance',
    keywords: ['高清', '放大', '超分'],
  }),
  imageTool({
    id: 'aiImageErase',
    title: 'AI消除',
    description: '涂抹图片里不想要的路人、杂物或文字，AI 自动补全背景。',
    icon: '🧽',
    fields: [picture('原图'), mask('在图片上涂抹需要消除的部分')],
    quotaKey: 'draw',
    keywords: ['消除', '去路人', '去水印'],
  }),
  imageTool({
    id: 'RemoveHandwriting',
    title: '去除手写字',
    description: '涂抹试卷、文档上的手写字迹，还原干净的纸面。',
    icon: '📝',
    fields: [picture('文档照片'), mask('在图片上涂抹手写字的位置')],
    quotaKey: 'draw',
    keywords: ['手写', '试卷', '擦除'],
  }),
  imageTool({
    id: 'AiExpandedImage',
    title: 'AI扩图',
    description: '向四周、左右或上下扩展画面，AI 补全画外的内容。',
    icon: '↔️',
    fields: [
      picture('原图'),
      {
        name: 'direction',
        type: 'radio',
        label: '扩展方向',
        options: [
          { value: 'all', label: '四周' },
          { value: 'horizontal', label: '左右' },
          { value: 'vertical', label: '上下' },
        ],
        default: 'all',
      },
      { name: 'times', type: 'radio', label: '扩展倍数', options: [{ value: '1.5', label: '1.5 倍' }, { value: '2', label: '2 倍' }], default: '1.5' },
      prompt('扩展部分的描述', '可不填，例如：延伸出海面和天空', false),
    ],
    quotaKey: 'draw',
    keywords: ['扩图', '外扩'],
  }),
  imageTool({
    id: 'Aipanorama',
    title: 'AI全景图',
    description: '把一张照片向左右延展成宽幅全景图。',
    icon: '🌄',
    fields: [
      picture('原图'),
      { name: 'ratio', type: 'radio', label: '全景比例', options: [{ value: '2:1', label: '2:1' }, { value: '3:1', label: '3:1' }], default: '2:1' },
      prompt('延展部分的描述', '可不填，例如：连绵的雪山', false),
    ],
    quotaKey: 'draw',
    keywords: ['全景', '宽幅'],
  }),
  ...(['AIChangeImages', 'AIChangeImagestwo'] as const).map((id) =>
    imageTool({
      id,
      title: 'AI改图',
      description: '上传图片，用一句话说出要怎么改：换颜色、加元素、改背景、换天气。',
      icon: '✂️',
      fields: [picture('原图'), prompt('修改要求', '例如：把天空改成晚霞，给小狗戴上红色围巾'), seed],
      quotaKey: 'draw',
      keywords: ['改图', '修图', '编辑'],
    }),
  ),
  imageTool({
    id: 'productUpdateBackground',
    title: '商品换背景',
    description: '上传商品图，自动抠出商品，再按描述生成新背景合成，适合电商主图。',
    icon: '🛍️',
    fields: [picture('商品图'), prompt('新背景描述', '例如：大理石台面，柔和自然光，简约高级'), seed],
    quotaKey: 'draw_matting',
    keywords: ['商品图', '换背景', '电商'],
  }),
  imageTool({
    id: 'autoMatting',
    paths: ['/draw/matting'],
    title: '智能抠图',
    description: '一键抠出人物或商品，得到透明背景的 PNG。',
    icon: '✂️',
    fields: [picture('原图')],
    quotaKey: 'draw_matting',
    keywords: ['抠图', '去背景', '透明'],
  }),
];

const qrFields = (hidden: boolean): ToolField[] => [
  { name: 'content', type: 'text', label: '二维码内容', placeholder: '网址或一段文字，例如 https://example.com', max: QR_TEXT_MAX, required: true, help: '内容越短，二维码越容易识别' },
  prompt('画面描述', hidden ? '例如：雪山湖泊，晨雾，写实风景' : '例如：春天的花园，蝴蝶，明亮色彩'),
  style(),
  seed,
];

const QR: readonly ToolSpec[] = [
  imageTool({
    id: 'qrcode',
    title: '艺术二维码',
    description: '把网址或文字做成一幅画，手机扫一扫仍能识别；生成后会自动检查能否扫出。',
    icon: '🔳',
    fields: qrFields(false),
    quotaKey: 'draw_qrcode',
    keywords: ['二维码', '艺术码'],
    examples: [{ label: '花园二维码', inputs: { content: 'https://example.com', text: '春天的花园，蝴蝶，明亮色彩' } }],
  }),
  imageTool({
    id: 'hiddenQrcode',
    title: '隐藏图二维码',
    description: '二维码藏在一幅完整的画里，远看是画，扫一扫是码；生成后会自动检查能否扫出。',
    icon: '🫥',
    fields: qrFields(true),
    quotaKey: 'draw_qrcode',
    keywords: ['二维码', '隐藏'],
  }),
];

const REVERSE: ToolSpec = imageTool({
  id: 'ImageReversWord',
  title: '图片反推提示词',
  description: '上传一张图片，AI 看图写出可直接用于 AI 绘画的提示词。',
  icon: '🔎',
  output: 'file',
  fields: [
    picture('图片'),
    { name: 'language', type: 'radio', label: '提示词语言', options: [{ value: 'zh', label: '中文' }, { value: 'en', label: '英文' }], default: 'zh' },
  ],
  quotaKey: 'draw',
  keywords: ['提示词', '反推', 'prompt'],
});

/** The face tools: they run only through a vendor that licenses faces commercially (none is integrated yet). */
const FACE: readonly ToolSpec[] = [
  imageTool({
    id: 'aiChangeFace',
    title: 'AI换脸',
    description: '把一张人脸换到另一张照片上（需要运营方接入商用授权的人脸服务）。',
    icon: '🎭',
    group: 'photo',
    fields: [picture('原图（被换脸的照片）'), picture('人脸照片', { name: 'face' }), consent],
    quotaKey: 'draw_face',
    keywords: ['换脸'],
  }),
  imageTool({
    id: 'aiClothChange',
    title: 'AI换装',
    description: '上传人物照和服装图，看看穿上的效果（需要运营方接入商用授权的人脸服务）。',
    icon: '👗',
    group: 'photo',
    fields: [picture('人物照片'), picture('服装图片', { name: 'cloth' }), consent],
    quotaKey: 'draw_face',
    keywords: ['换装', '试衣'],
  }),
  imageTool({
    id: 'aidress',
    title: 'AI穿搭',
    description: '上传人物照，描述想要的穿搭风格，生成穿搭效果图（需要运营方接入商用授权的人脸服务）。',
    icon: '🧥',
    group: 'photo',
    fields: [picture('人物照片'), prompt('穿搭描述', '例如：秋季通勤风，米色风衣配牛仔裤'), consent],
    quotaKey: 'draw_face',
    keywords: ['穿搭', '试衣'],
  }),
  imageTool({
    id: 'graduation',
    title: 'AI毕业照',
    description: '上传一张正脸照，生成穿学位服的毕业照（需要运营方接入商用授权的人脸服务）。',
    icon: '🎓',
    group: 'photo',
    fields: [
      picture('正脸照片'),
      { name: 'gown', type: 'select', label: '学位服', options: ['学士服', '硕士服', '博士服'].map((v) => ({ value: v, label: v })), default: '学士服' },
      consent,
    ],
    quotaKey: 'draw_face',
    keywords: ['毕业照', '学位服'],
  }),
  ...(
    [
      ['faceswapByPhotography', ['/draw/faceswapByPhotography'], '写真换脸'],
      ['photo', ['/photo'], 'AI写真'],
    ] as const
  ).map(([id, paths, title]) =>
    imageTool({
      id,
      paths,
      title,
      description: '上传一张正脸照，生成古风、职场、校园等主题写真（需要运营方接入商用授权的人脸服务）。',
      icon: '📸',
      group: 'photo',
      fields: [
        picture('正脸照片'),
        { name: 'theme', type: 'select', label: '写真主题', options: ['古风', '职场', '校园', '婚纱', '旅拍'].map((v) => ({ value: v, label: v })), default: '古风' },
        consent,
      ],
      quotaKey: 'draw_face',
      keywords: ['写真', '换脸'],
    }),
  ),
];

export const IMAGE_TOOLS: readonly ToolSpec[] = [...GENERATE, ...CONTROL, ...EDIT, ...QR, REVERSE, ...FACE];

/** Ids of the face tools (they need a commercially licensed face vendor). */
export const FACE_TOOL_IDS: readonly string[] = FACE.map((t) => t.id);
