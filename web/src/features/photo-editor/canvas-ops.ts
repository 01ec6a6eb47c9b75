import { applyAdjustments, type Adjustments } from './adjust';
import { fitTo, fitWithin, lineCentres, type Rect, type Size } from './geometry';
import { fontPx, fontShorthand, textLines, TEXT_LINE_HEIGHT, type TextDraft } from './text-draft';

/**
 * The editing steps on canvases. Each returns a new canvas and leaves its input alone: the input
 * stays in the undo history.
 */

export function newCanvas(size: Size): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = size.width;
  c.height = size.height;
  return c;
}

function context(c: HTMLCanvasElement): CanvasRenderingContext2D {
  const ctx = c.getContext('2d');
  if (!ctx) throw new Error('canvas 2d unavailable');
  return ctx;
}

export function sizeOf(c: HTMLCanvasElement): Size {
  return { width: c.width, height: c.height };
}

/**
 * A copy at most `side` long (the preview and the cropper work on one), smoothed. With `enlarge`,
 * a smaller picture is blown up to `side` too, pixel by pixel, so a tiny one still fills the stage.
 */
export function scaledCopy(src: CanvasImageSource & Size, side: number, enlarge = false): HTMLCanvasElement {
  const size = enlarge ? fitTo(src, side) : fitWithin(src, side);
  const out = newCanvas(size);
  const ctx = context(out);
  ctx.imageSmoothingEnabled = size.width <= src.width;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(src, 0, 0, size.width, size.height);
  return out;
}

/** A quarter turn: 1 clockwise, -1 counter-clockwise. */
export function rotateQuarter(src: HTMLCanvasElement, direction: 1 | -1): HTMLCanvasElement {
  const out = newCanvas({ width: src.height, height: src.width });
  const ctx = context(out);
  ctx.translate(out.width / 2, out.height / 2);
  ctx.rotate((direction * Math.PI) / 2);
  ctx.drawImage(src, -src.width / 2, -src.height / 2);
  return out;
}

export function flip(src: HTMLCanvasElement, axis: 'horizontal' | 'vertical'): HTMLCanvasElement {
  const out = newCanvas(sizeOf(src));
  const ctx = context(out);
  if (axis === 'horizontal') {
    ctx.translate(src.width, 0);
    ctx.scale(-1, 1);
  } else {
    ctx.translate(0, src.height);
    ctx.scale(1, -1);
  }
  ctx.drawImage(src, 0, 0);
  return out;
}

export function crop(src: HTMLCanvasElement, rect: Rect): HTMLCanvasElement {
  const out = newCanvas(rect);
  context(out).drawImage(src, rect.x, rect.y, rect.width, rect.height, 0, 0, rect.width, rect.height);
  return out;
}

/** The colour adjustments on a copy (or `into` an existing canvas of the same size, for the live preview). */
export function adjusted(src: HTMLCanvasElement, a: Adjustments, into?: HTMLCanvasElement): HTMLCanvasElement {
  const out = into ?? newCanvas(sizeOf(src));
  const pixels = context(src).getImageData(0, 0, src.width, src.height);
  applyAdjustments(pixels.data, a);
  context(out).putImageData(pixels, 0, 0);
  return out;
}

/** The text drawn into a copy, laid out exactly as the preview overlay shows it (centred lines). */
export function withText(src: HTMLCanvasElement, draft: TextDraft): HTMLCanvasElement {
  const out = newCanvas(sizeOf(src));
  const ctx = context(out);
  ctx.drawImage(src, 0, 0);
  const lines = textLines(draft.text);
  const px = fontPx(draft, sizeOf(src));
  ctx.font = fontShorthand(draft, px);
  ctx.fillStyle = draft.color;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  // A soft shadow like the overlay's, so light text stays readable on light pictures.
  ctx.shadowColor = 'rgba(0, 0, 0, 0.35)';
  ctx.shadowBlur = px * 0.08;
  ctx.shadowOffsetY = px * 0.03;
  const centres = lineCentres(draft.y * src.height, lines.length, px * TEXT_LINE_HEIGHT);
  lines.forEach((line, i) => ctx.fillText(line, draft.x * src.width, centres[i] as number));
  return out;
}

export type ExportFormat = 'png' | 'jpeg';

/** The picture as a file's bytes; JPEG has no transparency, so transparent parts become white. */
export function toBlob(src: HTMLCanvasElement, format: ExportFormat): Promise<Blob> {
  let c = src;
  if (format === 'jpeg') {
    c = newCanvas(sizeOf(src));
    const ctx = context(c);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, c.width, c.height);
    ctx.drawImage(src, 0, 0);
  }
  return new Promise((resolve, reject) => {
    c.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))), format === 'png' ? 'image/png' : 'image/jpeg', 0.92);
  });
}
