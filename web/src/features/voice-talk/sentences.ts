/**
 * An answer streamed as text is spoken sentence by sentence: each finished sentence goes to the
 * speech call while the rest is still arriving. A long run without a sentence end is cut at a
 * comma (so speech starts early), and nothing longer than `max` goes in one call.
 */
const SENTENCE_END = /[。！？!?；;\n]|\.(?=\s)/;
const SOFT_BREAK = /[，,、：:]/;
/** A piece this long without a sentence end is cut at its last comma. */
const SOFT_LIMIT = 80;

export function takeSentences(buffer: string, final: boolean, max = 300): { sentences: string[]; rest: string } {
  const sentences: string[] = [];
  let rest = buffer;
  for (;;) {
    const m = SENTENCE_END.exec(rest);
    if (m && m.index < max) {
      sentences.push(rest.slice(0, m.index + 1));
      rest = rest.slice(m.index + 1);
      continue;
    }
    if (rest.length >= SOFT_LIMIT) {
      const head = rest.slice(0, Math.min(rest.length, max));
      let cut = -1;
      for (let i = head.length - 1; i >= 20; i--) if (SOFT_BREAK.test(head[i]!)) { cut = i; break; }
      const at = cut >= 0 ? cut + 1 : rest.length >= max ? max : -1;
      if (at > 0) {
        sentences.push(rest.slice(0, at));
        rest = rest.slice(at);
        continue;
      }
    }
    break;
  }
  if (final && rest.trim()) {
    sentences.push(rest);
    rest = '';
  }
  return { sentences: sentences.map(speakable).filter((s) => s.length > 0), rest };
}

/** What is read aloud: markdown marks, code fences and links' addresses left out. */
export function speakable(text: string): string {
  return text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[#*_`>|~-]{1,}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
