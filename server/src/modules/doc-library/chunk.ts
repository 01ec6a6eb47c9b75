import type { DocSection } from '../uploads/parse';

/**
 * Cutting a document's parts into passages for retrieval. A passage stays inside one part (so it
 * has one page or one section to cite), breaks between paragraphs where it can and inside a long
 * paragraph at a sentence end, and is about CHUNK_CHARS long: short enough that a citation points
 * at the sentence that answers, long enough to carry its context.
 */

export const CHUNK_CHARS = 600;
/** A part's tail shorter than this joins the passage before it instead of standing alone. */
const MIN_TAIL = 120;

export interface DocChunk {
  seq: number;
  page: number | null;
  section: string;
  content: string;
}

export function chunkSections(sections: readonly DocSection[], size = CHUNK_CHARS): DocChunk[] {
  const out: DocChunk[] = [];
  for (const part of sections) {
    for (const content of cutText(part.text, size)) {
      out.push({ seq: out.length, page: part.page ?? null, section: part.title, content });
    }
  }
  return out;
}

/** Pieces of at most about `size` characters, on paragraph then sentence boundaries. */
export function cutText(text: string, size = CHUNK_CHARS): string[] {
  const pieces: string[] = [];
  for (const para of text.split(/\n{1,}/)) {
    const p = para.trim();
    if (!p) continue;
    if (p.length <= size) pieces.push(p);
    else pieces.push(...splitLong(p, size));
  }
  const out: string[] = [];
  let cur = '';
  for (const piece of pieces) {
    if (cur && cur.length + piece.length + 1 > size) {
      out.push(cur);
      cur = piece;
    } else cur = cur ? `${cur}\n${piece}` : piece;
  }
  if (cur) {
    if (out.length && cur.length < MIN_TAIL && out[out.length - 1]!.length + cur.length < size * 1.5) out[out.length - 1] += `\n${cur}`;
    else out.push(cur);
  }
  return out;
}

/** A paragraph longer than `size`: cut after sentence ends (。！？.!?；;), else hard at `size`. */
function splitLong(p: string, size: number): string[] {
  const sentences = p.match(/[^。！？!?；;.]+[。！？!?；;.]*|[。！？!?；;.]+/g) ?? [p];
  const out: string[] = [];
  let cur = '';
  for (const s of sentences) {
    if (s.length > size) {
      if (cur) out.push(cur);
      cur = '';
      for (let i = 0; i < s.length; i += size) out.push(s.slice(i, i + size));
      continue;
    }
    if (cur.length + s.length > size) {
      out.push(cur);
      cur = s;
    } else cur += s;
  }
  if (cur) out.push(cur);
  return out.map((x) => x.trim()).filter(Boolean);
}
