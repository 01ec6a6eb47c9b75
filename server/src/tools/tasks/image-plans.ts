import type { ImageOp } from '../../infra/images';

/**
 * The server half of each image tool (contract/src/tools/images.ts has the public half): which
 * image operation it runs and the words of our own it adds to the prompt. One generic handler
 * (image-tool.ts) reads this table, so a new image tool is one ToolSpec plus one row here.
 */
export type ImagePlan =
  /** A picture (or several) from the image backend: generate, edit, control, enhance, cut out. */
  | {
      kind: 'paint';
      op: ImageOp;
      /** The operation when the optional picture is not given (a style page with only a prompt). */
      withoutImage?: ImageOp;
      /** Our words for what the tool does, appended to the user's prompt. */
      words?: string;
      /** A fixed style of the tool (the style pages): its preset words are added. */
      style?: string;
    }
  /** Matting, then a generated background from the prompt, composited with sharp. */
  | { kind: 'product' }
  /** Art QR code: the plain code drawn by us, painted into a picture, checked with a QR reader. */
  | { kind: 'qrcode'; hidden: boolean }
  /** An image described as a drawing prompt by a vision model of the chat catalog. */
  | { kind: 'reverse' };

const STYLE_PAGE = (style: string): ImagePlan => ({ kind: 'paint', op: 'img2img', withoutImage: 'generate', style });

export const IMAGE_PLANS: Readonly<Record<string, ImagePlan>> = {
  text2image: { kind: 'paint', op: 'generate' },
  text_image2: { kind: 'paint', op: 'img2img' },
  image2image: { kind: 'paint', op: 'img2img' },
  drawtodraw: { kind: 'paint', op: 'img2img' },
  style2image: { kind: 'paint', op: 'img2img', words: '保持原图的内容与构图，只改变画风' },
  Image2Anime: { kind: 'paint', op: 'img2img', words: '日系动漫风格插画，赛璐璐上色，线条干净，色彩明快，保留人物特征与场景' },
  cartoonFace: { kind: 'paint', op: 'img2img', words: '卡通头像，圆润可爱，五官特征保留，干净的纯色背景' },
  aiQHand: { kind: 'paint', op: 'img2img', words: 'Q版头像，大头小身，萌系，柔和配色，保留发型与服饰特征' },
  liveAction3D: { kind: 'paint', op: 'img2img', words: '3D 卡通形象，立体建模质感，柔和光照，手办质感，保留人物特征' },
  aiBurtonStyle: STYLE_PAGE('暗黑童话'),
  aiInkandWash: STYLE_PAGE('水墨'),
  aiQHandDrawn: STYLE_PAGE('Q版手绘'),
  aiSimpleStyle: STYLE_PAGE('简约'),
  aiSimple: STYLE_PAGE('简笔画'),
  aiSelfHealing: STYLE_PAGE('治愈系'),
  aiPaintingStyle: STYLE_PAGE('油画'),
  aiYearStyle: STYLE_PAGE('年画'),
  nationalStyle: STYLE_PAGE('国潮'),
  GraffitiRawDrawings: { kind: 'paint', op: 'lineart', words: '依照涂鸦的线条与布局，画成完整精致的画面' },
  draftsCreateImage: { kind: 'paint', op: 'lineart', words: '依照线稿的线条，完整上色与细化，光影自然' },
  DraftsCreateImage2Color: { kind: 'paint', op: 'colorize', words: '为线稿上色，线条保持不变，色彩和谐，平涂与柔和阴影' },
  PostureSketch: { kind: 'paint', op: 'pose', words: '人物姿势与参考图一致' },
  DepthMaps: { kind: 'paint', op: 'depth', words: '空间结构与远近关系和参考图一致' },
  coloringoldPhotos: { kind: 'paint', op: 'colorize', words: '为黑白老照片上色，色彩自然真实，保持人物五官与细节' },
  OldImageReverved: { kind: 'paint', op: 'colorize', words: '修复老照片的划痕、折痕、污渍与噪点，五官清晰，保持原貌' },
  aiImageIntensifier: { kind: 'paint', op: 'upscale' },
  aiImageErase: { kind: 'paint', op: 'inpaint', words: '移除涂抹区域内的物体，按周围环境自然补全背景' },
  RemoveHandwriting: { kind: 'paint', op: 'inpaint', words: '去除涂抹区域内的手写字迹，还原干净的纸面，保留印刷文字' },
  AiExpandedImage: { kind: 'paint', op: 'expand', words: '自然延展画面，与原图无缝衔接' },
  Aipanorama: { kind: 'paint', op: 'expand', words: '向左右延展成宽幅全景，与原图无缝衔接' },
  AIChangeImages: { kind: 'paint', op: 'edit' },
  AIChangeImagestwo: { kind: 'paint', op: 'edit' },
  autoMatting: { kind: 'paint', op: 'matting' },
  productUpdateBackground: { kind: 'product' },
  qrcode: { kind: 'qrcode', hidden: false },
  hiddenQrcode: { kind: 'qrcode', hidden: true },
  ImageReversWord: { kind: 'reverse' },
};
