import { sentencesOf } from './paragraphs';

/**
 * What the demo upstream answers for the AIGC judge and the 降AI率 rewrite (no vendor key): figures
 * made from plain features of the text, so the whole flow can be tried offline and the bands come
 * out different for different writing. It is no detector: the report marks demo results 演示.
 * Machine-written Chinese leans on stock connectives (首先/此外/综上所述) and evenly long sentences;
 * people write with first-person, colloquial particles and uneven rhythm.
 */

const CONNECTIVES = [
  '首先',
  '其次',
  '再次',
  '此外',
  '另外',
  '总之',
  '综上所述',
  '总而言之',
  '值得注意的是',
  '不仅',
  '而且',
  '因此',
  '同时',
  '随着',
  '与此同时',
  '一方面',
  '另一方面',
  '在当今',
  '至关重要',
  '不可或缺',
  '深远',
  '显著',
];
const COLLOQUIAL = /[我咱俺吧啊呢嘛哈呀啦哦嗯]/g;

const count = (text: string, word: string) => text.split(word).length - 1;

/** A demo probability (0.03..0.97, two decimals) that a paragraph is machine-written. */
export function demoAiProbability(text: string): number {
  const connectives = CONNECTIVES.reduce((n, w) => n + count(text, w), 0);
  const colloquial = (text.match(COLLOQUIAL) ?? []).length;
  const lengths = sentencesOf(text).map((s) => [...s].length);
  let rhythm = 0;
  if (lengths.length >= 3) {
    const mean = lengths.reduce((a, b) => a + b, 0) / lengths.length;
    const sd = Math.sqrt(lengths.reduce((a, b) => a + (b - mean) ** 2, 0) / lengths.length);
    const cv = mean > 0 ? sd / mean : 0;
    rhythm = cv < 0.35 ? 0.12 : cv > 0.6 ? -0.1 : 0;
  }
  const p = 0.35 + 0.12 * Math.min(connectives, 4) + rhythm - 0.08 * Math.min(colloquial, 3);
  return Math.round(Math.min(0.97, Math.max(0.03, p)) * 100) / 100;
}

/** The judge's JSON answer for a batch, as a model is asked to write it. */
export function demoJudgeAnswer(paragraphs: readonly string[]): string {
  return JSON.stringify({ scores: paragraphs.map(demoAiProbability) });
}

const PLAIN: [RegExp, string][] = [
  [/(^|[。！？；])\s*(首先|其次|再次|此外|另外|总之|综上所述|总而言之|值得注意的是|与此同时|一方面|另一方面)[，,]?/g, '$1'],
  [/随着/g, '眼看着'],
  [/至关重要/g, '很要紧'],
  [/不可或缺/g, '少不了'],
  [/显著/g, '明显'],
  [/进行/g, '做'],
  [/具有/g, '有'],
  [/因此/g, '所以'],
];

/** The demo rewrite: stock connectives dropped, stiff words made plain, one first-person aside. */
export function demoRewrite(text: string): string {
  let out = text;
  for (const [from, to] of PLAIN) out = out.replace(from, to);
  out = out.trim();
  return out.endsWith('。') ? `${out.slice(0, -1)}，我是这么看的。` : `${out}（我是这么看的）`;
}
