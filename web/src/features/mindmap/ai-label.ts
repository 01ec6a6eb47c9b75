/**
 * The AI-content label of an exported mind map (China's labelling rules, in force since 2025-09-01): a visible mark
 * and the implicit label AIGC, with the fields the server writes on its files (server/src/tools/aigc-label.ts):
 * the PNG gets a corner mark 'AI生成' and a tEXt chunk AIGC, the Markdown a last line and an AIGC comment.
 */
export const MAP_AI_MARK = 'AI生成';
const PRODUCER = '万象 AI';
export const MAP_AI_FOOTER = `内容由AI生成（${PRODUCER}）`;

/** A map's content id: a stable hash of its Markdown, so the same map always carries the same id. */
export function mapContentId(markdown: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < markdown.length; i++) {
    h ^= markdown.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `mindmap-${(h >>> 0).toString(16).padStart(8, '0')}`;
}

export function aigcFields(contentId: string): Record<string, string> {
  return { Label: '1', ContentProducer: PRODUCER, ProduceID: contentId, ContentPropagator: PRODUCER, PropagateID: contentId };
}

/** JSON with every non-ASCII character escaped (a PNG tEXt chunk is Latin-1). */
const asciiJson = (v: unknown) => JSON.stringify(v).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The Markdown as downloaded: the outline, then a rule, the visible line and the AIGC comment. */
export function labelMarkdown(markdown: string): string {
  return `${markdown.trimEnd()}\n\n---\n\n${MAP_AI_FOOTER}\n\n<!-- AIGC ${JSON.stringify(aigcFields(mapContentId(markdown)))} -->\n`;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A PNG with a tEXt chunk `keyword` = `text` (ASCII) inserted right after its header chunk (IHDR). */
export function pngWithText(png: Uint8Array, keyword: string, text: string): Uint8Array {
  const data = new TextEncoder().encode(`${keyword}\0${text}`);
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(new TextEncoder().encode('tEXt'), 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  // Signature (8) + IHDR (4 length + 4 type + 13 data + 4 crc) = 33.
  const at = 33;
  const out = new Uint8Array(png.length + chunk.length);
  out.set(png.subarray(0, at), 0);
  out.set(chunk, at);
  out.set(png.subarray(at), at + chunk.length);
  return out;
}

/** The AIGC tEXt chunk of a map's PNG. */
export function labelPng(png: Uint8Array, markdown: string): Uint8Array {
  return pngWithText(png, 'AIGC', asciiJson(aigcFields(mapContentId(markdown))));
}

/** The visible mark, bottom right of a `width` x `height` drawing: white text on a translucent dark plate. */
export function drawAiMark(g: CanvasRenderingContext2D, width: number, height: number): void {
  const size = Math.max(12, Math.round(width / 60));
  const pad = Math.round(size / 3);
  const margin = Math.max(4, Math.round(width / 100));
  g.font = `bold ${size}px sans-serif`;
  const w = g.measureText(MAP_AI_MARK).width + 2 * pad;
  const h = size + 2 * pad;
  const x = width - w - margin;
  const y = height - h - margin;
  g.fillStyle = 'rgba(0, 0, 0, 0.45)';
  g.fillRect(x, y, w, h);
  g.fillStyle = '#ffffff';
  g.textBaseline = 'top';
  g.fillText(MAP_AI_MARK, x + pad, y + pad);
}
