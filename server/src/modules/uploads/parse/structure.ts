// Loaded by the worker thread under Node's own type stripping: erasable TypeScript only, explicit extensions.
import { htmlToText, xmlText } from './text.ts';

/**
 * Documents read with their structure kept as Markdown, for the features that outline a document
 * (a mind map or a deck from a file, docs/product/mindmap-and-slides.md §11): a DOCX's headings become
 * `#`..`######` lines and its list items `- ` lines; a PPTX becomes one `## title` per slide with its
 * other text as `- ` bullets (indented by the paragraph's level), so an old deck's slide titles survive
 * into the new outline. Called by parsers.ts after the same inflation guards as plain reading.
 */

/**
 * Heading styles beyond mammoth's defaults (which map the English "Heading N"): Chinese Word names
 * them 标题 N, and "Title" is the document title.
 */
const DOCX_STYLE_MAP = [
  "p[style-name='Title'] => h1.doc-title:fresh",
  "p[style-name='标题'] => h1.doc-title:fresh",
  ...[1, 2, 3, 4, 5, 6].map((n) => `p[style-name='标题 ${n}'] => h${n}:fresh`),
  ...[1, 2, 3, 4, 5, 6].map((n) => `p[style-name='heading ${n}'] => h${n}:fresh`),
];

export async function readDocxStructured(data: Uint8Array): Promise<string> {
  const mammoth = (await import('mammoth')).default;
  // Pictures are dropped (an empty src): only the words are outlined.
  const { value } = await mammoth.convertToHtml(
    { buffer: Buffer.from(data) },
    { styleMap: DOCX_STYLE_MAP, convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
  );
  return htmlToMarkdown(value);
}

/**
 * mammoth's HTML (h1-h6, p, ul/ol > li, table > tr > td) to Markdown lines. A document with a Title paragraph
 * gets it as its one `# ` line and every heading one level deeper, so the title sits above the chapters.
 */
export function htmlToMarkdown(html: string): string {
  const out: string[] = [];
  const titled = /<h1 class="doc-title"/.test(html);
  // Each block element and its inner HTML, in document order; tables as one line per row.
  const blocks = /<(h[1-6]|p|li|tr)\b[^>]*>([\s\S]*?)<\/\1>/gi;
  for (const m of html.matchAll(blocks)) {
    const tag = m[1]!.toLowerCase();
    const inner = tag === 'tr' ? m[2]!.replace(/<\/t[dh]>/gi, ' | ') : m[2]!;
    // A table row is matched before the paragraphs inside its cells, so its text is read once, here.
    const text = htmlToText(inner).replace(/\n+/g, ' ').replace(/\s*\|\s*$/, '').trim();
    if (!text) continue;
    if (tag[0] === 'h') {
      const isTitle = /^<h1 class="doc-title"/.test(m[0]);
      const level = titled && !isTitle ? Math.min(Number(tag[1]) + 1, 6) : Number(tag[1]);
      out.push(`${'#'.repeat(level)} ${text}`);
    } else if (tag === 'li') out.push(`- ${text}`);
    else out.push(text);
  }
  return out.join('\n');
}

interface SlideShape {
  /** Placeholder type (title, ctrTitle, subTitle, body...) or '' for a free text box. */
  ph: string;
  name: string;
  paragraphs: { level: number; text: string }[];
}

function shapesOf(xml: string): SlideShape[] {
  const shapes: SlideShape[] = [];
  for (const m of xml.matchAll(/<p:sp\b[\s\S]*?<\/p:sp>/g)) {
    const sp = m[0];
    const ph = /<p:ph\b[^>]*?\btype="([^"]+)"/.exec(sp)?.[1] ?? (/<p:ph\b/.test(sp) ? 'body' : '');
    const name = xmlText(/<p:cNvPr\b[^>]*?\bname="([^"]*)"/.exec(sp)?.[1] ?? '');
    const paragraphs = [...sp.matchAll(/<a:p\b[\s\S]*?<\/a:p>/g)].map((p) => ({
      level: Number(/<a:pPr\b[^>]*?\blvl="(\d)"/.exec(p[0])?.[1] ?? 0),
      text: [...p[0].matchAll(/<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>/g)]
        .map((t) => xmlText(t[1]!))
        .join('')
        .replace(/\s+/g, ' ')
        .trim(),
    }));
    shapes.push({ ph, name, paragraphs: paragraphs.filter((p) => p.text) });
  }
  return shapes.filter((s) => s.paragraphs.length > 0);
}

const isTitle = (s: SlideShape) => s.ph === 'title' || s.ph === 'ctrTitle' || (!s.ph && /title|标题/i.test(s.name));

/**
 * One slide as Markdown: its title (the title placeholder; else a shape named like a title; else
 * its first line) as `## `, the rest as bullets. The first slide's title is the deck's `# ` title.
 */
function slideMarkdown(xml: string, n: number): string[] {
  const shapes = shapesOf(xml);
  if (shapes.length === 0) return [];
  const titleShape = shapes.find(isTitle);
  const lines = shapes.flatMap((s) => (s === titleShape ? [] : s.paragraphs));
  const title = titleShape ? titleShape.paragraphs.map((p) => p.text).join(' ') : (lines.shift()?.text ?? '');
  const out = [`${n === 1 ? '#' : '##'} ${title}`];
  for (const p of lines) out.push(`${'  '.repeat(Math.min(p.level, 3))}- ${p.text}`);
  return out;
}

export async function readPptxStructured(data: Uint8Array): Promise<string> {
  const JSZip = (await import('jszip')).default;
  const zip = await JSZip.loadAsync(data);
  const slides = Object.keys(zip.files)
    .map((name) => ({ name, n: Number(/^ppt\/slides\/slide(\d+)\.xml$/.exec(name)?.[1]) }))
    .filter((s) => Number.isFinite(s.n) && s.n > 0)
    .sort((a, b) => a.n - b.n);
  const out: string[] = [];
  for (const [i, s] of slides.entries()) {
    const lines = slideMarkdown(await zip.file(s.name)!.async('string'), i + 1);
    if (lines.length) out.push(lines.join('\n'));
  }
  return out.join('\n\n');
}
