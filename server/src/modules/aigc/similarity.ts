import { sentencesOf } from './paragraphs';

/**
 * The overlap measure of the similarity check: a sentence's character 5-grams (punctuation and
 * spaces dropped, Latin letters lower-cased), and the share of them found in a source passage. A
 * copied sentence scores near 1, a paraphrase low, unrelated text 0. Character n-grams need no
 * word segmentation, so Chinese and English are measured the same way.
 */

export const GRAM = 5;
/** A sentence counts as overlapping a source from this share of its 5-grams. */
export const OVERLAP_MIN = 0.5;
/** Sentences shorter than this (in kept characters) are not compared: too few grams to mean anything. */
export const SENTENCE_MIN = 8;

const normalize = (s: string) => s.toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, '');

export function grams(text: string): Set<string> {
  const chars = [...normalize(text)];
  const out = new Set<string>();
  for (let i = 0; i + GRAM <= chars.length; i++) out.add(chars.slice(i, i + GRAM).join(''));
  return out;
}

/** Share of `sentence`'s grams present in `source` (0..1; 0 for a sentence too short to measure). */
export function overlap(sentence: Set<string>, source: Set<string>): number {
  if (sentence.size === 0) return 0;
  let hit = 0;
  for (const g of sentence) if (source.has(g)) hit++;
  return hit / sentence.size;
}

/** A passage of a source, with its grams (a web result's title + snippet, or a library file's sentence). */
export interface SourcePassage<S> {
  source: S;
  text: string;
  grams: Set<string>;
}

export function passage<S>(source: S, text: string): SourcePassage<S> {
  return { source, text, grams: grams(text) };
}

/**
 * An index of many passages by gram, so each sentence is compared only with the passages that share
 * at least one of its grams (a library of 50 files has tens of thousands of sentences).
 */
export class PassageIndex<S> {
  private readonly byGram = new Map<string, number[]>();
  readonly passages: SourcePassage<S>[] = [];

  /**
   * Add a passage. With `only` (the checked text's grams), just the grams the text has are indexed
   * and a passage sharing none is dropped: a library of 50 files of 20,000 characters would
   * otherwise index a million grams for a text that can match only a few thousand of them.
   */
  add(p: SourcePassage<S>, only?: ReadonlySet<string>): void {
    const kept = only ? new Set([...p.grams].filter((g) => only.has(g))) : p.grams;
    if (kept.size === 0) return;
    const i = this.passages.push({ ...p, grams: kept }) - 1;
    for (const g of kept) {
      const list = this.byGram.get(g);
      if (list) list.push(i);
      else this.byGram.set(g, [i]);
    }
  }

  /** The passage overlapping `sentence` most, with the overlap; null below OVERLAP_MIN. */
  best(sentence: Set<string>): { passage: SourcePassage<S>; overlap: number } | null {
    const hits = new Map<number, number>();
    for (const g of sentence) for (const i of this.byGram.get(g) ?? []) hits.set(i, (hits.get(i) ?? 0) + 1);
    let best: { passage: SourcePassage<S>; overlap: number } | null = null;
    for (const [i, n] of hits) {
      const share = n / sentence.size;
      if (share >= OVERLAP_MIN && (!best || share > best.overlap)) best = { passage: this.passages[i]!, overlap: share };
    }
    return best;
  }
}

/** The sentences of a paragraph worth comparing, with their grams. */
export function comparableSentences(paragraph: string): { text: string; grams: Set<string> }[] {
  return sentencesOf(paragraph)
    .filter((s) => [...normalize(s)].length >= SENTENCE_MIN)
    .map((text) => ({ text, grams: grams(text) }));
}

/** Share of a paragraph's characters in the given overlapping sentences (0..1). */
export function coveredShare(paragraph: string, overlapping: readonly string[]): number {
  const total = [...normalize(paragraph)].length;
  if (total === 0) return 0;
  const covered = overlapping.reduce((n, s) => n + [...normalize(s)].length, 0);
  return Math.min(1, covered / total);
}
