import type PptxGenJS from 'pptxgenjs';
import type { PptTemplate } from '@wanxiang/contract';

/** Slide geometry (inches, 16:9) and small drawing helpers shared by the decor families and layouts. */
export const W = 10;
export const H = 5.625;

export type Slide = PptxGenJS.Slide;
export type ShapeName = PptxGenJS.SHAPE_NAME;

/** Whether a slide sits on the template's primary colour (title, section, closing) or its page colour. */
export type Ground = 'primary' | 'page';

export interface Pen {
  slide: Slide;
  t: PptTemplate;
}

export function rect(
  p: Pen,
  x: number,
  y: number,
  w: number,
  h: number,
  color: string,
  transparency = 0,
  shape: ShapeName = 'rect',
  extra: PptxGenJS.ShapeProps = {},
): void {
  p.slide.addShape(shape, { x, y, w, h, fill: { color, transparency }, line: { color, transparency, width: 0 }, ...extra });
}

export function outline(
  p: Pen,
  x: number,
  y: number,
  w: number,
  h: number,
  color: string,
  width = 1,
  shape: ShapeName = 'rect',
  transparency = 0,
): void {
  p.slide.addShape(shape, { x, y, w, h, fill: { type: 'none' } as PptxGenJS.ShapeFillProps, line: { color, width, transparency } });
}

export function line(p: Pen, x: number, y: number, w: number, h: number, color: string, width = 1, transparency = 0): void {
  p.slide.addShape('line', { x, y, w, h, line: { color, width, transparency } });
}
