/**
 * Setting our own words on a design as SVG text (rendered by sharp's librsvg with the CJK fonts of
 * the machine: fonts-noto-cjk, docs/deploy.md). librsvg cannot measure text before drawing,
 * so widths are estimated per character (a CJK character is one em wide, Latin narrower) and every
 * layout fits its text into its box with room to spare.
 */

export const SANS = "'Noto Sans CJK SC', 'Noto Sans CJK', 'Source Han Sans SC', sans-serif";
export const SERIF = "'Noto Serif CJK SC', 'Noto Serif CJK', 'Source Han Serif SC', serif";

export const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** Estimated advance of one character in em (Noto CJK: ideographs and full-width forms 1em). */
export function charEm(ch: string): number {
  const c = ch.codePointAt(0)!;
  if (c >= 0x2e80 || (c >= 0xff00 && c <= 0xffef)) return 1;
  if (ch === ' ') return 0.3;
  if (/[A-Z0-9@#%&MW]/.test(ch)) return 0.66;
  if (/[ilj.,:;'!|]/.test(ch)) return 0.3;
  return 0.55;
}

export function textEm(text: string): number {
  let w = 0;
  for (const ch of text) w += charEm(ch);
  return w;
}

/** The font size (px) that fits `text` into `width`, at most `max`. */
export function fitSize(text: string, width: number, max: number): number {
  const em = Math.max(0.5, textEm(text));
  return Math.max(8, Math.floor(Math.min(max, width / em)));
}

/**
 * Lines of `text` at most `width` px wide at `size` px: breaks at spaces between Latin words,
 * anywhere between CJK characters; at most `maxLines` (the last gets an ellipsis when cut).
 */
export function wrapText(text: string, width: number, size: number, maxLines: number): string[] {
  const limit = width / size;
  const tokens = text.match(/[A-Za-z0-9'’\-.]+|\s+|./gu) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    const next = line + token;
    if (textEm(next) <= limit || !line.trim()) {
      line = next;
      continue;
    }
    lines.push(line.trim());
    line = token.trimStart();
  }
  if (line.trim()) lines.push(line.trim());
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last.length > 1 && textEm(`${last}…`) > limit) last = [...last].slice(0, -1).join('');
  kept[maxLines - 1] = `${last}…`;
  return kept;
}

/**
 * The glyph of an icon: CJK text keeps its first two characters (one when given more than two),
 * several Latin words become their initials (Wan Xiang -> WX), one short word stays as written.
 */
export function iconGlyph(text: string): string {
  const t = text.trim();
  const words = t.split(/\s+/).filter(Boolean);
  if (/^[\x20-\x7e]+$/.test(t)) {
    if (words.length > 1) return words.map((w) => w[0]!.toUpperCase()).join('').slice(0, 3);
    return t.length <= 3 ? t : t.slice(0, 1).toUpperCase();
  }
  const chars = [...t.replace(/\s+/g, '')];
  return chars.length <= 2 ? chars.join('') : chars[0]!;
}

/** wrapText with the lines evened out: as many lines as needed, each about as long (三天两晚 / 杭州攻略, not 三天两晚杭州 / 攻略). */
export function wrapEven(text: string, width: number, size: number, maxLines: number): string[] {
  const lines = wrapText(text, width, size, maxLines);
  if (lines.length < 2 || lines.at(-1)!.endsWith('…')) return lines;
  const even = wrapText(text, Math.min(width, (textEm(text) / lines.length + 0.6) * size), size, maxLines);
  return even.length === lines.length && !even.at(-1)!.endsWith('…') ? even : lines;
}
