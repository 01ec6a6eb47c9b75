/**
 * A long text as parts a speech backend takes in one call (maxChars each), cut at sentence ends
 * (。！？!?；; and line breaks) so every part sounds whole; a sentence longer than a part is cut at
 * its commas, and only a run without any punctuation is cut hard.
 */

const chars = (s: string) => Array.from(s);

function pieces(text: string, pattern: RegExp): string[] {
  return text.match(pattern)?.map((s) => s) ?? [text];
}

function hardCut(s: string, max: number): string[] {
  const c = chars(s);
  const out: string[] = [];
  for (let i = 0; i < c.length; i += max) out.push(c.slice(i, i + max).join(''));
  return out;
}

/** Pack pieces (in order) into parts of at most `max` characters. */
function pack(list: string[], max: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const p of list) {
    if (chars(cur).length + chars(p).length <= max) cur += p;
    else {
      if (cur.trim()) out.push(cur);
      cur = p;
    }
  }
  if (cur.trim()) out.push(cur);
  return out;
}

export function splitForSpeech(text: string, maxChars: number): string[] {
  const max = Math.max(20, maxChars);
  const clean = text.replace(/\r\n?/g, '\n').trim();
  if (!clean) return [];
  const sentences = pieces(clean, /[^。！？!?；;\n]+[。！？!?；;\n]*|[。！？!?；;\n]+/g).flatMap((s) => {
    if (chars(s).length <= max) return [s];
    return pack(pieces(s, /[^，,、：:]+[，,、：:]*/g).flatMap((c) => (chars(c).length <= max ? [c] : hardCut(c, max))), max);
  });
  return pack(sentences, max)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}
