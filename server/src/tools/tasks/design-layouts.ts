import sharp from 'sharp';
import { RED_COVER } from '@wanxiang/contract';
import type { DesignLook } from './design-styles';
import { fitSize, SERIF, textEm, wrapEven, wrapText, xmlText } from './design-text';

/**
 * The layouts of the design tools: a generated picture (any size) in, the finished design out as
 * PNG at the tool's exact size, with our words set in the places the layout keeps for them.
 * Empty words leave their place empty (the tests compare a design with and without its words).
 */

export const ICON_SIZE = 1024;
/** Corner radius of the icon's rounded square (the app-store shape, about 22% of the side). */
const ICON_RADIUS = Math.round(ICON_SIZE * 0.2237);

const svg = (w: number, h: number, body: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`);

/** One line of text; `anchor` start/middle, y is the baseline. */
function line(text: string, x: number, y: number, size: number, look: Pick<DesignLook, 'font'>, fill: string, extra = '', anchor: 'start' | 'middle' = 'middle', weight: 'bold' | 'normal' = 'bold'): string {
  return `<text x="${x}" y="${y}" font-family="${look.font}" font-weight="${weight}" font-size="${size}" text-anchor="${anchor}" fill="${fill}" ${extra}>${xmlText(text)}</text>`;
}

/** A text outline drawn under the fill (paint-order keeps the letters' own shapes crisp). */
const outlined = (colour: string, size: number) => `stroke="${colour}" stroke-width="${Math.max(2, Math.round(size / 14))}" stroke-linejoin="round" paint-order="stroke"`;

async function cover(picture: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(picture).resize(width, height, { fit: 'cover', position: 'attention' }).removeAlpha().png().toBuffer();
}

/** AI图标: the picture in a 1024² rounded square (transparent corners), the glyph on a soft plate in the middle. */
export async function iconDesign(picture: Buffer, glyph: string, look: DesignLook): Promise<Buffer> {
  const S = ICON_SIZE;
  const base = await cover(picture, S, S);
  const chars = [...glyph];
  const plate = glyph ? `<circle cx="${S / 2}" cy="${S / 2}" r="${S * 0.34}" fill="${look.accent}" fill-opacity="0.82"/>` : '';
  const size = glyph ? fitSize(glyph, S * 0.5, chars.length === 1 ? S * 0.42 : S * 0.3) : 0;
  const text = glyph ? line(glyph, S / 2, S / 2 + size * 0.36, size, look, '#ffffff', outlined('rgba(0,0,0,0.35)', size)) : '';
  const rounded = svg(S, S, `<rect width="${S}" height="${S}" rx="${ICON_RADIUS}" ry="${ICON_RADIUS}" fill="#fff"/>`);
  const withText = await sharp(base).composite([{ input: svg(S, S, plate + text) }]).png().toBuffer();
  return sharp(withText).ensureAlpha().composite([{ input: rounded, blend: 'dest-in' }]).png().toBuffer();
}

export type LogoLayout = 'horizontal' | 'stacked' | 'mark';

/** A circle of the picture (the logo's mark), transparent around it. */
async function mark(picture: Buffer, side: number): Promise<Buffer> {
  const base = await cover(picture, side, side);
  const circle = svg(side, side, `<circle cx="${side / 2}" cy="${side / 2}" r="${side / 2}" fill="#fff"/>`);
  return sharp(base).ensureAlpha().composite([{ input: circle, blend: 'dest-in' }]).png().toBuffer();
}

/** The wordmark's ink: the mark's dominant colour, darkened until it reads on white. */
export async function inkOf(picture: Buffer, fallback: string): Promise<string> {
  try {
    const { dominant } = await sharp(picture).stats();
    let { r, g, b } = dominant;
    const lum = (x: number, y: number, z: number) => (0.2126 * x + 0.7152 * y + 0.0722 * z) / 255;
    for (let i = 0; i < 8 && lum(r, g, b) > 0.42; i++) [r, g, b] = [r * 0.8, g * 0.8, b * 0.8];
    if (lum(r, g, b) < 0.04) return fallback;
    return `rgb(${Math.round(r)},${Math.round(g)},${Math.round(b)})`;
  } catch {
    return fallback;
  }
}

/**
 * AI Logo: the mark (a circle of the picture) and the wordmark (brand, slogan under it), side by
 * side (1600×560) or stacked (1024×1200), or the mark alone (1024²); transparent around, or white.
 */
export async function logoDesign(picture: Buffer, brand: string, slogan: string, layout: LogoLayout, look: DesignLook, white: boolean): Promise<Buffer> {
  const ink = await inkOf(picture, look.onWhite);
  let width: number;
  let height: number;
  let layers: sharp.OverlayOptions[];
  if (layout === 'mark') {
    width = height = 1024;
    layers = [{ input: await mark(picture, 960), left: 32, top: 32 }];
  } else if (layout === 'horizontal') {
    width = 1600;
    height = 560;
    const side = 440;
    const left = 60 + side + 70;
    const room = width - left - 60;
    const bSize = fitSize(brand, room, 190);
    const sSize = slogan ? fitSize(slogan, room, Math.round(bSize * 0.36)) : 0;
    const block = bSize + (slogan ? sSize * 1.6 : 0);
    const top = (height - block) / 2;
    const words =
      line(brand, left, top + bSize * 0.88, bSize, look, ink, '', 'start') +
      (slogan ? line(slogan, left + 4, top + bSize + sSize * 1.3, sSize, look, '#6b7280', '', 'start', 'normal') : '');
    layers = [{ input: await mark(picture, side), left: 60, top: (height - side) / 2 }, { input: svg(width, height, words) }];
  } else {
    width = 1024;
    height = 1200;
    const side = 600;
    const bSize = fitSize(brand, width - 120, 170);
    const sSize = slogan ? fitSize(slogan, width - 160, Math.round(bSize * 0.4)) : 0;
    const base = 60 + side + 60 + bSize * 0.88;
    const words = line(brand, width / 2, base, bSize, look, ink) + (slogan ? line(slogan, width / 2, base + sSize * 1.7, sSize, look, '#6b7280', '', 'middle', 'normal') : '');
    layers = [{ input: await mark(picture, side), left: (width - side) / 2, top: 60 }, { input: svg(width, height, words) }];
  }
  const background = white ? { r: 255, g: 255, b: 255, alpha: 1 } : { r: 0, g: 0, b: 0, alpha: 0 };
  return sharp({ create: { width, height, channels: 4, background } }).composite(layers).png().toBuffer();
}

/**
 * AI封面 at a platform's size: tall covers (小红书, 抖音) put the title in the top third over a
 * darkened band; wide ones (公众号, B站) put it on the left over a darkened side. Up to 3 lines of
 * title, the subtitle on a pill under it.
 */
export async function coverDesign(picture: Buffer, width: number, height: number, title: string, subtitle: string, look: DesignLook): Promise<Buffer> {
  const base = await cover(picture, width, height);
  const tall = height > width;
  const box = tall ? { x: width * 0.08, y: height * 0.1, w: width * 0.84 } : { x: width * 0.06, y: height * 0.14, w: width * 0.52 };
  const titleMax = tall ? width / 7.5 : Math.min(height / 4.2, width / 10);
  let size = titleMax;
  let lines = wrapEven(title, box.w, size, 3);
  // Shrink until the title fits in 3 lines without cutting.
  while (size > 14 && lines.some((l) => l.endsWith('…')) && lines.join('') !== title) {
    size = Math.floor(size * 0.9);
    lines = wrapEven(title, box.w, size, 3);
  }
  const lead = size * 1.22;
  const sub = subtitle ? Math.round(size * 0.42) : 0;
  const subLines = subtitle ? wrapText(subtitle, box.w - sub, sub, 1) : [];
  const blockH = lines.length * lead + (subtitle ? sub * 2.4 : 0);
  const top = tall ? box.y : Math.max(box.y * 0.6, (height - blockH) / 2);
  const scrim = tall
    ? `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.55"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient></defs><rect width="${width}" height="${Math.min(height, top + blockH + height * 0.12)}" fill="url(#s)"/>`
    : `<defs><linearGradient id="s" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.6"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient></defs><rect width="${width * 0.7}" height="${height}" fill="url(#s)"/>`;
  const ink = look.ink === '#111111' ? '#ffffff' : look.ink;
  const anchorX = tall ? width / 2 : box.x;
  const anchor = tall ? 'middle' : 'start';
  const titleSvg = lines.map((l, i) => line(l, anchorX, top + size * 0.9 + i * lead, size, look, ink, outlined('rgba(0,0,0,0.45)', size), anchor)).join('');
  let subSvg = '';
  if (subLines[0]) {
    const y = top + lines.length * lead + sub * 0.6;
    const pillW = textEm(subLines[0]) * sub + sub * 1.2;
    const pillX = tall ? (width - pillW) / 2 : box.x;
    subSvg =
      `<rect x="${pillX}" y="${y}" width="${pillW}" height="${sub * 1.6}" rx="${sub * 0.8}" fill="${look.accent}" fill-opacity="0.92"/>` +
      line(subLines[0], pillX + pillW / 2, y + sub * 1.15, sub, look, '#ffffff', '', 'middle', 'normal');
  }
  const words = title || subtitle ? scrim + titleSvg + subSvg : '';
  return sharp(base).composite([{ input: svg(width, height, words) }]).png().toBuffer();
}

/**
 * 红包封面 (957×1278): the blessing large in the top safe area (gold on a red glow), the
 * signature under it; nothing set below RED_COVER.safeBottom, where WeChat draws 「开」 and the
 * sender's line.
 */
export async function redCoverDesign(picture: Buffer, title: string, signature: string, look: DesignLook): Promise<Buffer> {
  const { width: W, height: H } = RED_COVER;
  const base = await cover(picture, W, H);
  const areaTop = H * RED_COVER.safeTop;
  const areaH = H * (RED_COVER.safeBottom - RED_COVER.safeTop);
  let size = fitSize(title, W * 0.8, 190);
  let lines = [title];
  if (textEm(title) * size > W * 0.8 || size < 120) {
    size = Math.min(170, fitSize(title.slice(0, Math.ceil(title.length / 2)), W * 0.8, 170));
    lines = wrapEven(title, W * 0.82, size, 2);
  }
  const lead = size * 1.2;
  const sig = signature ? fitSize(signature, W * 0.6, Math.round(size * 0.3)) : 0;
  const blockH = lines.length * lead + (signature ? sig * 2 : 0);
  const top = areaTop + Math.max(0, (areaH * 0.7 - blockH) / 2);
  const gold = look.ink === '#111111' ? '#ffe7a3' : look.ink;
  const glow = `<defs><radialGradient id="g" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#7f1d1d" stop-opacity="0.6"/><stop offset="1" stop-color="#7f1d1d" stop-opacity="0"/></radialGradient></defs><ellipse cx="${W / 2}" cy="${top + blockH / 2}" rx="${W * 0.55}" ry="${blockH * 0.85}" fill="url(#g)"/>`;
  const blessing = lines.map((l, i) => line(l, W / 2, top + size * 0.9 + i * lead, size, { font: SERIF }, gold, outlined('#7f1d1d', size))).join('');
  const sign = signature ? line(signature, W / 2, top + lines.length * lead + sig * 1.3, sig, { font: SERIF }, gold, outlined('#7f1d1d', sig)) : '';
  const words = title || signature ? glow + blessing + sign : '';
  return sharp(base).composite([{ input: svg(W, H, words) }]).png().toBuffer();
}
