/**
 * Word segmentation for the full-text index, with the runtime's own ICU word breaker
 * (Intl.Segmenter 'zh'): Chinese text is cut into words ("中文|分词|检索"), Latin words and numbers
 * stay whole. Chunks store their words space-separated, so PostgreSQL's 'simple' configuration
 * indexes them as they are (no zhparser or other extension: PGlite and a stock PostgreSQL 15 alike).
 */

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** Words of a text, lower case, punctuation and spaces dropped; only letters, digits and marks kept. */
export function segmentWords(text: string): string[] {
  const out: string[] = [];
  for (const s of segmenter.segment(text)) {
    if (!s.isWordLike) continue;
    const word = s.segment.toLowerCase().replace(/[^\p{L}\p{N}\p{M}]/gu, '');
    if (word) out.push(word.slice(0, 64));
  }
  return out;
}

const HAN = /^\p{Script=Han}+$/u;

/**
 * A word and, for a Chinese word of three or more characters, its two-character pieces: the word
 * breaker cuts a question and a passage by their own context ("结论是" in one, "结论" in the other),
 * so both sides also index the pieces, and such a pair still matches.
 */
export function withPieces(word: string): string[] {
  if (word.length < 3 || !HAN.test(word)) return [word];
  const out = [word];
  for (let i = 0; i + 2 <= word.length; i++) out.push(word.slice(i, i + 2));
  return out;
}

/** What a chunk keeps for to_tsvector('simple', tokens). */
export function tokensOf(text: string): string {
  return segmentWords(text).flatMap(withPieces).join(' ');
}

/** Words too common to say anything about which passage answers (particles, pronouns, question words). */
const STOP = new Set(
  '的 了 是 在 和 与 及 或 也 都 就 而 但 并 对 从 把 被 让 给 向 为 以 之 其 这 那 这个 那个 什么 怎么 怎样 如何 哪些 哪个 为什么 吗 呢 吧 啊 呀 有 没有 一个 我 你 他 她 它 我们 你们 他们 请 文中 文章 文档 本文 中 上 下 the a an of to in on for and or is are was were be what how why which who does do did'.split(
    ' ',
  ),
);

/**
 * A tsquery matching any of the question's words (OR: ts_rank orders by how many match and how
 * often), or null when the question has no searchable word. Words are letters and digits only,
 * each quoted, so nothing the user types is tsquery syntax.
 */
export function tsQueryOf(question: string): string | null {
  const words = [...new Set(segmentWords(question))];
  const useful = words.filter((w) => !STOP.has(w));
  const chosen = [...new Set((useful.length ? useful : words).flatMap(withPieces))].slice(0, 48);
  if (chosen.length === 0) return null;
  return chosen.map((w) => `'${w}'`).join(' | ');
}
