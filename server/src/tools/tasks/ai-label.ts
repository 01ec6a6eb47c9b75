import sharp from 'sharp';
import { aigcLabel } from '../aigc-label';

/**
 * The AI-content label of a generated image (China's labelling rules, in force since 2025-09-01;
 * docs/product/creation.md): a visible corner mark 'AI生成', and an implicit label in the file's
 * metadata under the key AIGC (producer, content id). The implicit label is written twice: as
 * XMP (TC260:AIGC, UTF-8) and in EXIF ImageDescription (ASCII, non-ASCII escaped); both survive
 * in PNG, JPEG and WebP (image-effects test reads them back).
 */

export const AI_MARK_TEXT = 'AI生成';

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const asciiJson = (v: unknown) => JSON.stringify(v).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export function aigcXmp(contentId: string): string {
  const json = xmlEscape(JSON.stringify(aigcLabel(contentId)));
  return (
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">' +
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    `<rdf:Description rdf:about="" xmlns:TC260="http://www.tc260.org.cn/ns/AIGC/1.0/"><TC260:AIGC>${json}</TC260:AIGC></rdf:Description>` +
    '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
  );
}

/** The visible mark for an image `width` pixels wide: white text on a translucent dark plate. */
export async function aiMark(width: number): Promise<Buffer> {
  const size = Math.max(10, Math.round(width / 36));
  const text = await sharp({ text: { text: `<span foreground="white">${AI_MARK_TEXT}</span>`, font: `sans bold ${size}`, rgba: true, dpi: 72 } })
    .png()
    .toBuffer();
  const meta = await sharp(text).metadata();
  const pad = Math.max(3, Math.round(size / 3));
  return sharp({ create: { width: meta.width! + 2 * pad, height: meta.height! + 2 * pad, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.45 } } })
    .composite([{ input: text, top: pad, left: pad }])
    .png()
    .toBuffer();
}

/** Put both labels on an image pipeline: the mark in the bottom-right corner, the metadata on the file. */
export async function labelImage(img: sharp.Sharp, width: number, contentId: string): Promise<sharp.Sharp> {
  const margin = Math.max(2, Math.round(width / 100));
  const marked = await img.png().toBuffer();
  const height = (await sharp(marked).metadata()).height!;
  let mark = await aiMark(width);
  let m = await sharp(mark).metadata();
  // A tiny image still gets its mark, shrunk to fit inside it.
  if (m.width! > width - 2 * margin || m.height! > height - 2 * margin) {
    mark = await sharp(mark).resize({ width: Math.max(1, width - 2 * margin), height: Math.max(1, height - 2 * margin), fit: 'inside' }).png().toBuffer();
    m = await sharp(mark).metadata();
  }
  // Flattened here: sharp applies a composite after any later resize, which would misplace the mark.
  const withMark = await sharp(marked)
    .composite([{ input: mark, left: Math.max(0, width - m.width! - margin), top: Math.max(0, height - m.height! - margin) }])
    .png()
    .toBuffer();
  return sharp(withMark)
    .withExif({ IFD0: { ImageDescription: `AIGC=${asciiJson(aigcLabel(contentId))}`, Software: 'Wanxiang AI' } })
    .withXmp(aigcXmp(contentId));
}
