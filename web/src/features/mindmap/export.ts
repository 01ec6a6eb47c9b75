import { saveText } from '../../api/save-file';
import { drawAiMark, labelMarkdown, labelPng } from './ai-label';

/**
 * Exports of the mind-map panel (2.8): the markdown as a .md file and the drawn SVG as a PNG
 * (SVG → data URL → image → canvas). Both reject on failure; the caller shows 下载失败.
 */

/** A file name without characters that file systems refuse. */
export function fileNameOf(title: string, ext: 'md' | 'png'): string {
  const base = title.replace(/[\\/:*?"<>|\s]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 40) || '思维导图';
  return `${base}.${ext}`;
}

/** The first heading (or line) of an outline, for file names. */
export function titleOf(markdown: string): string {
  const line = markdown.split('\n').find((l) => l.trim());
  return (line ?? '').replace(/^#+\s*/, '').trim();
}

/** The outline as a .md file, with the AI-content label at its end (ai-label.ts). */
export function downloadMarkdown(markdown: string): void {
  saveText(labelMarkdown(markdown), fileNameOf(titleOf(markdown), 'md'), 'text/markdown;charset=utf-8');
}

/**
 * Stand-alone SVG markup of what is drawn: explicit size and namespace, a white background (a
 * transparent PNG is unreadable in dark viewers).
 */
export function svgMarkup(svg: SVGSVGElement, width: number, height: number): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.setAttribute('viewBox', `0 0 ${width} ${height}`);
  clone.removeAttribute('class');
  clone.removeAttribute('style');
  const bg = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  bg.setAttribute('width', '100%');
  bg.setAttribute('height', '100%');
  bg.setAttribute('fill', '#ffffff');
  clone.insertBefore(bg, clone.firstChild);
  return new XMLSerializer().serializeToString(clone);
}

/**
 * Draw the SVG on a canvas at `scale` and answer the PNG; with `markdown` (the map's outline) it carries the
 * AI-content label: the corner mark and the AIGC text chunk (ai-label.ts).
 */
export async function svgToPng(svg: SVGSVGElement, scale = 2, markdown?: string): Promise<Blob> {
  const rect = svg.getBoundingClientRect();
  const width = Math.max(1, Math.round(rect.width));
  const height = Math.max(1, Math.round(rect.height));
  const markup = svgMarkup(svg, width, height);
  const img = new Image();
  img.decoding = 'sync';
  const loaded = new Promise<void>((resolve, reject) => {
    img.onload = () => resolve();
    img.onerror = () => reject(new Error('svg image failed to load'));
  });
  // A data URL (not a blob URL): the canvas stays readable with the foreignObject nodes.
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
  await loaded;
  const canvas = document.createElement('canvas');
  canvas.width = width * scale;
  canvas.height = height * scale;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('no canvas');
  g.scale(scale, scale);
  g.drawImage(img, 0, 0, width, height);
  if (markdown !== undefined) drawAiMark(g, width, height);
  const png = await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('empty png'))), 'image/png'));
  if (markdown === undefined) return png;
  const labelled = labelPng(new Uint8Array(await png.arrayBuffer()), markdown);
  return new Blob([labelled.buffer as ArrayBuffer], { type: 'image/png' });
}
