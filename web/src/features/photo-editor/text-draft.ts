import type { Size } from './geometry';

/**
 * The text being placed on the picture. Its size is a share of the picture's shorter side, so the
 * text shown over the (smaller) preview and the text drawn into the full picture look the same.
 */
export interface TextDraft {
  text: string;
  fontId: string;
  /** Font size in percent of the picture's shorter side. */
  sizePct: number;
  color: string;
  bold: boolean;
  /** The text's centre, as a share of the picture's width and height (0..1). */
  x: number;
  y: number;
}

/**
 * Chinese faces the browser can use without downloading anything: each is a list of the usual
 * system fonts of that style on macOS/iOS, Windows, Android and Linux, ending in a generic family,
 * so a missing face falls back to the nearest one the device has.
 */
export const TEXT_FONTS: readonly { id: string; label: string; family: string }[] = [
  { id: 'hei', label: '黑体', family: '"PingFang SC", "Microsoft YaHei", "Heiti SC", "Noto Sans CJK SC", "Noto Sans SC", "WenQuanYi Micro Hei", sans-serif' },
  { id: 'song', label: '宋体', family: '"Songti SC", "STSong", "SimSun", "Noto Serif CJK SC", "Noto Serif SC", serif' },
  { id: 'kai', label: '楷体', family: '"Kaiti SC", "STKaiti", "KaiTi", "AR PL UKai CN", "Noto Serif CJK SC", serif' },
  { id: 'fangsong', label: '仿宋', family: '"STFangsong", "FangSong", "Noto Serif CJK SC", serif' },
  { id: 'round', label: '圆体', family: '"Yuanti SC", "YouYuan", "Noto Sans CJK SC", sans-serif' },
];

export const TEXT_SIZE_RANGE = { min: 2, max: 30 } as const;
export const TEXT_COLORS = ['#ffffff', '#111111', '#ff4d4f', '#fadb14', '#52c41a', '#1677ff', '#722ed1'] as const;
/** Line height as a multiple of the font size, the same for the preview and the drawing. */
export const TEXT_LINE_HEIGHT = 1.25;

export const DEFAULT_TEXT: TextDraft = { text: '', fontId: 'hei', sizePct: 8, color: '#ffffff', bold: true, x: 0.5, y: 0.5 };

export function fontFamily(fontId: string): string {
  return (TEXT_FONTS.find((f) => f.id === fontId) ?? TEXT_FONTS[0])!.family;
}

/** The font size in pixels on a picture of this size (at least 6 px). */
export function fontPx(draft: Pick<TextDraft, 'sizePct'>, picture: Size): number {
  return Math.max(6, Math.round((Math.min(picture.width, picture.height) * draft.sizePct) / 100));
}

/** The CSS / canvas font shorthand. */
export function fontShorthand(draft: Pick<TextDraft, 'bold' | 'fontId'>, px: number): string {
  return `${draft.bold ? 'bold ' : ''}${px}px ${fontFamily(draft.fontId)}`;
}

/** The text's lines (trailing spaces kept: they are the user's), empty when there is nothing to draw. */
export function textLines(text: string): string[] {
  return text.trim() ? text.replace(/\r\n?/g, '\n').split('\n') : [];
}
