import { coverSource, fontOf, layoutLayer, type Measure, type PosterSize, type TextLayer } from './layers';

/**
 * Drawing the poster on a canvas: the background picture (cover-cropped), the text layers, and
 * last of all the visible 「AI生成」 mark in the bottom-right corner, so no layer can hide it. The
 * preview draws the same poster scaled to its width (plus the selection outline); the export draws
 * it at full size and answers a PNG.
 */

export const AI_MARK_TEXT = 'AI生成';

/** The mark's box for a poster (as the server's mark on the background: about 1/36 of the width). */
export function markBox(
  size: PosterSize,
  textWidth: (font: string) => number,
): { font: string; x: number; y: number; w: number; h: number; pad: number } {
  const px = Math.max(12, Math.round(size.width / 36));
  const font = `bold ${px}px "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif`;
  const pad = Math.max(4, Math.round(px / 3));
  const margin = Math.max(4, Math.round(size.width / 100));
  const w = textWidth(font) + 2 * pad;
  const h = px * 1.25 + 2 * pad;
  return { font, x: size.width - w - margin, y: size.height - h - margin, w, h, pad };
}

export function canvasMeasure(ctx: CanvasRenderingContext2D): Measure {
  return (text, font) => {
    ctx.font = font;
    return ctx.measureText(text).width;
  };
}

export interface DrawOptions {
  background: CanvasImageSource & { width: number; height: number };
  layers: readonly TextLayer[];
  size: PosterSize;
  /** Canvas pixels per poster pixel (1 for the export). */
  scale: number;
  selectedId?: string | null;
}

export function drawPoster(ctx: CanvasRenderingContext2D, o: DrawOptions): void {
  const measure = canvasMeasure(ctx);
  ctx.save();
  ctx.setTransform(o.scale, 0, 0, o.scale, 0, 0);
  ctx.imageSmoothingQuality = 'high';
  const { sx, sy, sw, sh } = coverSource(o.background.width, o.background.height, o.size);
  ctx.drawImage(o.background, sx, sy, sw, sh, 0, 0, o.size.width, o.size.height);
  ctx.textBaseline = 'top';
  for (const layer of o.layers) {
    const laid = layoutLayer(layer, o.size, measure);
    ctx.font = fontOf(layer);
    ctx.fillStyle = layer.color;
    // A soft shadow keeps light text readable on a light part of the picture.
    ctx.shadowColor = 'rgba(0,0,0,0.35)';
    ctx.shadowBlur = layer.fontSize / 8;
    ctx.shadowOffsetY = layer.fontSize / 24;
    ctx.textAlign = 'left';
    for (const line of laid.lines) ctx.fillText(line.text, line.left, line.top + layer.fontSize * 0.12);
    ctx.shadowColor = 'transparent';
    if (layer.id === o.selectedId) {
      ctx.strokeStyle = '#4f8cff';
      ctx.lineWidth = 2 / o.scale;
      ctx.setLineDash([8 / o.scale, 5 / o.scale]);
      const pad = 6 / o.scale;
      ctx.strokeRect(laid.box.left - pad, laid.box.top - pad, laid.box.width + 2 * pad, laid.box.height + 2 * pad);
      ctx.setLineDash([]);
    }
  }
  const mark = markBox(o.size, (font) => measure(AI_MARK_TEXT, font));
  ctx.fillStyle = 'rgba(0,0,0,0.45)';
  ctx.fillRect(mark.x, mark.y, mark.w, mark.h);
  ctx.font = mark.font;
  ctx.fillStyle = '#ffffff';
  ctx.fillText(AI_MARK_TEXT, mark.x + mark.pad, mark.y + mark.pad);
  ctx.restore();
}

/** The composed poster at full size as a PNG. */
export function exportPosterPng(o: Omit<DrawOptions, 'scale' | 'selectedId'>): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = o.size.width;
  canvas.height = o.size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('canvas 2d unavailable'));
  drawPoster(ctx, { ...o, scale: 1, selectedId: null });
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob failed'))), 'image/png'));
}
