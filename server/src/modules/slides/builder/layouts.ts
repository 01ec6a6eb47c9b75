import type PptxGenJS from 'pptxgenjs';
import type { PptSlide } from '@wanxiang/contract';
import { H, W, rect, type Pen } from './canvas';

/**
 * Text of each slide kind, placed clear of every decor family's ornaments (they keep to the
 * edges and the right third of dark slides).
 */

const two = (n: number) => String(n).padStart(2, '0');

function text(p: Pen, value: string | PptxGenJS.TextProps[], opts: PptxGenJS.TextPropsOptions): void {
  p.slide.addText(value, { margin: 0, valign: 'middle', fit: 'shrink', ...opts });
}

export function titleSlide(p: Pen, s: PptSlide, brand: string): void {
  const c = p.t.palette;
  text(p, s.title, {
    x: 1.0,
    y: 1.35,
    w: 6.0,
    h: 1.5,
    fontFace: p.t.fonts.heading,
    fontSize: 34,
    bold: true,
    color: c.onPrimary,
    valign: 'bottom',
  });
  rect(p, 1.0, 3.0, 0.9, 0.07, c.accent);
  if (s.subtitle)
    text(p, s.subtitle, { x: 1.0, y: 3.2, w: 6.0, h: 0.6, fontFace: p.t.fonts.body, fontSize: 15, color: c.onPrimary, valign: 'top' });
  text(p, brand, { x: 1.0, y: H - 0.78, w: 5, h: 0.3, fontFace: p.t.fonts.body, fontSize: 11, color: c.onPrimary, transparency: 25 });
}

export function agendaSlide(p: Pen, s: PptSlide): void {
  const c = p.t.palette;
  heading(p, s.title);
  const rows = Math.ceil(s.bullets.length / 2);
  const rowH = Math.min(0.8, 3.5 / Math.max(rows, 1));
  s.bullets.forEach((item, i) => {
    const col = s.bullets.length > 4 ? Math.floor(i / rows) : 0;
    const row = s.bullets.length > 4 ? i % rows : i;
    const x = 0.8 + col * 4.3;
    const y = 1.45 + row * rowH;
    rect(p, x, y + 0.08, 0.55, 0.5, c.accent, 0, 'roundRect', { rectRadius: 0.08 });
    text(p, two(i + 1), {
      x,
      y: y + 0.08,
      w: 0.55,
      h: 0.5,
      align: 'center',
      fontFace: p.t.fonts.heading,
      fontSize: 15,
      bold: true,
      color: 'FFFFFF',
    });
    text(p, item, { x: x + 0.7, y: y + 0.08, w: 3.4, h: 0.5, fontFace: p.t.fonts.body, fontSize: 16, color: c.text });
  });
}

export function sectionSlide(p: Pen, s: PptSlide): void {
  const c = p.t.palette;
  text(p, two(s.chapter ?? 1), {
    x: 1.0,
    y: 1.0,
    w: 3,
    h: 1.2,
    fontFace: p.t.fonts.heading,
    fontSize: 60,
    bold: true,
    color: c.accent,
    valign: 'bottom',
  });
  if (s.subtitle)
    text(p, s.subtitle, { x: 1.0, y: 2.3, w: 4, h: 0.4, fontFace: p.t.fonts.body, fontSize: 14, color: c.onPrimary, transparency: 20 });
  text(p, s.title, {
    x: 1.0,
    y: 2.75,
    w: 6.2,
    h: 1.0,
    fontFace: p.t.fonts.heading,
    fontSize: 30,
    bold: true,
    color: c.onPrimary,
    valign: 'top',
  });
}

function heading(p: Pen, title: string): void {
  const c = p.t.palette;
  text(p, title, { x: 0.65, y: 0.45, w: 7.8, h: 0.7, fontFace: p.t.fonts.heading, fontSize: 24, bold: true, color: c.heading });
  rect(p, 0.65, 1.18, 0.7, 0.06, c.accent);
}

export function contentSlide(p: Pen, s: PptSlide, page: number): void {
  const c = p.t.palette;
  heading(p, s.title);
  if (s.bullets.length > 0) {
    const runs: PptxGenJS.TextProps[] = s.bullets.map((b) => ({
      text: b,
      options: { bullet: { code: '25A0', indent: 18 }, breakLine: true, paraSpaceAfter: 10 },
    }));
    text(p, runs, {
      x: 0.8,
      y: 1.5,
      w: 7.9,
      h: 3.4,
      fontFace: p.t.fonts.body,
      fontSize: s.bullets.length > 4 ? 15 : 17,
      color: c.text,
      valign: 'top',
      lineSpacingMultiple: 1.15,
    });
  }
  text(p, two(page), {
    x: W - 1.25,
    y: H - 0.62,
    w: 0.6,
    h: 0.3,
    align: 'right',
    fontFace: p.t.fonts.body,
    fontSize: 10,
    color: c.text,
    transparency: 40,
  });
}

export function closingSlide(p: Pen, s: PptSlide): void {
  const c = p.t.palette;
  text(p, s.title, {
    x: 1.0,
    y: 1.7,
    w: W - 2,
    h: 1.2,
    align: 'center',
    fontFace: p.t.fonts.heading,
    fontSize: 44,
    bold: true,
    color: c.onPrimary,
  });
  rect(p, W / 2 - 0.5, 3.0, 1.0, 0.06, c.accent);
  if (s.subtitle)
    text(p, s.subtitle, {
      x: 1.0,
      y: 3.2,
      w: W - 2,
      h: 0.5,
      align: 'center',
      fontFace: p.t.fonts.body,
      fontSize: 15,
      color: c.onPrimary,
      transparency: 15,
    });
}
