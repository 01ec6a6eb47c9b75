import { AIGC_PARAGRAPH_MAX, AIGC_PARAGRAPH_MIN } from '@wanxiang/contract';

/**
 * How a text is cut for scoring: one paragraph per non-empty line (documents and pasted text keep
 * a paragraph per line; blank lines only separate), whitespace inside a line collapsed, and a
 * paragraph longer than AIGC_PARAGRAPH_MAX cut at sentence ends into pieces of about that size,
 * so every score judges a passage a detector can read whole.
 */
export function splitParagraphs(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/[\s\u3000]+/g, ' ').trim();
    if (!line) continue;
    out.push(...cutLong(line));
  }
  return out;
}

/** Sentences of a passage, each with its end mark (Chinese and Western ends). */
export function sentencesOf(text: string): string[] {
  return (text.match(/[^。！？!?；;]+[。！？!?；;]*["'”’）)]*/g) ?? []).map((s) => s.trim()).filter(Boolean);
}

function cutLong(line: string): string[] {
  if ([...line].length <= AIGC_PARAGRAPH_MAX) return [line];
  const pieces: string[] = [];
  let cur = '';
  for (const s of sentencesOf(line)) {
    // A single sentence over the limit is cut hard (a list without full stops).
    for (const part of chunk(s, AIGC_PARAGRAPH_MAX)) {
      if (cur && [...cur].length + [...part].length > AIGC_PARAGRAPH_MAX) {
        pieces.push(cur);
        cur = '';
      }
      cur += part;
    }
  }
  if (cur) pieces.push(cur);
  return pieces;
}

function chunk(s: string, size: number): string[] {
  const chars = [...s];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

/** Whether a paragraph is long enough to score (a heading or a caption is not). */
export const scoreable = (p: string) => [...p].length >= AIGC_PARAGRAPH_MIN;
