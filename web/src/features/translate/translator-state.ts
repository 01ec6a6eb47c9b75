import {
  parseGlossary,
  resolveTranslatePair,
  TRANSLATE_AUTO,
  TRANSLATE_LANGUAGES,
  translateLanguageOf,
  type ToolInputs,
  type TranslateLanguage,
} from '@wanxiang/contract';

/**
 * The translator page's rules that are not drawing: the pair shown (the same contract function
 * the server runs, so 检测到：… names what the server will translate from), swapping, the
 * inputs a run sends, and the query a link prefills (翻译记录's 再翻译一次).
 */

export type SourceChoice = TranslateLanguage | typeof TRANSLATE_AUTO;

export interface TranslatorPair {
  from: SourceChoice;
  to: TranslateLanguage;
}

/** What the pair will be for this text: the detected source and a target turned around when needed. */
export function effectivePair(
  text: string,
  pair: TranslatorPair,
): { from: TranslateLanguage | null; to: TranslateLanguage; detected: boolean; switched: boolean } {
  if (!text.trim()) return { from: pair.from === TRANSLATE_AUTO ? null : pair.from, to: pair.to, detected: false, switched: false };
  const resolved = resolveTranslatePair(text, pair.from, pair.to);
  if (!resolved.ok) return { from: pair.from === TRANSLATE_AUTO ? null : pair.from, to: pair.to, detected: false, switched: false };
  return { from: resolved.from, to: resolved.to, detected: resolved.detected, switched: resolved.switched };
}

/**
 * Swap as the big translators do: the target becomes the source and the source (the detected
 * one, when automatic) the target; a translation on screen becomes the new text.
 */
export function swapPair(text: string, pair: TranslatorPair): TranslatorPair {
  const shown = effectivePair(text, pair);
  const newTo = shown.from ?? (pair.to === '中文' ? '英语' : '中文');
  return { from: shown.to, to: newTo === shown.to ? (shown.to === '中文' ? '英语' : '中文') : newTo };
}

/** The translateCommon run's inputs (the glossary only when it has terms). */
export function runInputs(text: string, pair: TranslatorPair, glossary: string): ToolInputs {
  return { text, from: pair.from, to: pair.to, ...(glossary.trim() ? { glossary } : {}) };
}

/** A glossary problem to show before sending (the server refuses the same lines). */
export function glossaryProblem(glossary: string): string | null {
  const parsed = parseGlossary(glossary);
  return parsed.ok ? null : parsed.msg;
}

export const glossaryCount = (glossary: string): number => {
  const parsed = parseGlossary(glossary);
  return parsed.ok ? parsed.terms.length : 0;
};

/** ?text=&from=&to=&glossary= of a link (names or codes); anything unknown is left out. */
export function prefillOf(search: string): { text?: string; pair?: Partial<TranslatorPair>; glossary?: string } {
  const q = new URLSearchParams(search);
  const from = translateLanguageOf(q.get('from') ?? '');
  const toGiven = translateLanguageOf(q.get('to') ?? '');
  const to = toGiven && toGiven !== TRANSLATE_AUTO ? toGiven : undefined;
  const pair: Partial<TranslatorPair> = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  return {
    ...(q.get('text') ? { text: q.get('text')! } : {}),
    ...(Object.keys(pair).length ? { pair } : {}),
    ...(q.get('glossary') ? { glossary: q.get('glossary')! } : {}),
  };
}

export const SOURCE_CHOICES: readonly SourceChoice[] = [TRANSLATE_AUTO, ...TRANSLATE_LANGUAGES];
export const TARGET_CHOICES: readonly TranslateLanguage[] = TRANSLATE_LANGUAGES;
