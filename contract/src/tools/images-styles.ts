import type { ToolFieldOption } from './spec';

/**
 * The image tools' choices as data (docs/product/creation.md): our own style presets, the aspect
 * ratios of the size field (the server turns a ratio into pixels), and the limits of an uploaded
 * picture. Values are what the server reads: a style's value is its Chinese name.
 */

/** Our style presets, in the order the style cards show them; 无 = no preset. */
export const IMAGE_STYLES = ['水墨', '国潮', '油画', '年画', 'Q版', '暗黑童话', '治愈系', '简笔画'] as const;
export type ImageStyle = (typeof IMAGE_STYLES)[number];
export const IMAGE_STYLE_NONE = '无';

export const IMAGE_STYLE_OPTIONS: readonly ToolFieldOption[] = [
  { value: IMAGE_STYLE_NONE, label: '无风格' },
  ...IMAGE_STYLES.map((s) => ({ value: s, label: s })),
];

/** Aspect ratios of the size field; pixel sizes are the server's (IMAGE_SIZE_PIXELS there). */
export const IMAGE_SIZES = ['1:1', '3:4', '4:3', '9:16', '16:9'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

export const IMAGE_SIZE_OPTIONS: readonly ToolFieldOption[] = [
  { value: '1:1', label: '1:1 方图' },
  { value: '3:4', label: '3:4 竖图' },
  { value: '4:3', label: '4:3 横图' },
  { value: '9:16', label: '9:16 手机壁纸' },
  { value: '16:9', label: '16:9 电脑壁纸' },
];

/** Accepted picture uploads of every image tool. */
export const IMAGE_ACCEPT = ['jpg', 'jpeg', 'png', 'webp'] as const;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Longest prompt (the main `text` field) and negative prompt. */
export const IMAGE_PROMPT_MAX = 1000;
export const IMAGE_NEGATIVE_MAX = 500;
/** Longest text an art QR code carries (a URL or a short text; longer codes have modules too small to survive a picture). */
export const QR_TEXT_MAX = 300;

/** Pictures one text-to-image submit makes (each its own slot on the page). */
export const IMAGE_COUNT_MAX = 4;

/**
 * Points one run of an image tool costs when the user pays with points (开启积分抵扣) instead of
 * a count of its quota key: by key, since the key says how heavy the work is (a face or art-QR
 * run calls a premium model; an upscale or a cut-out is light). One run, whatever its count.
 */
export const IMAGE_POINTS = { draw: 10, draw_enhance: 5, draw_matting: 5, draw_qrcode: 10, draw_face: 20 } as const;
export type ImageQuotaKey = keyof typeof IMAGE_POINTS;
