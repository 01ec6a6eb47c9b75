import {
  charCount,
  Code,
  MSG,
  resolveTranslatePair,
  toolById,
  TRANSLATE_AUTO,
  TRANSLATE_COMMON_ID,
  TRANSLATE_TEXT_MAX,
  translateLanguageOf,
  type TranslateLanguage,
  type TranslateTextReq,
  type TranslateTextRes,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../http/auth-user';
import { badRequest, refused } from '../../http/errors';
import type { StreamEvents } from '../../streaming/engine';
import { releaseReservation, reserveQuota, settleReservation } from '../quota/service';
import { runnableSpec } from '../tools/overrides';
import { preparePromptRun, promptRunJob } from '../tools/service';
import { insertRun } from '../tools/store';

/**
 * POST /api/v1/translate/text (the spec's call, docs/api.md "Translation"): the text translated
 * by the 通用翻译 tool (translateCommon), answered whole as JSON instead of streamed. It is that
 * tool's run in every way but the transport: the same form check, prompt, facts (pair and
 * glossary), model choice and demo answer (promptRunJob's upstream), one count of translate_text
 * held before the model is asked, charged once when a translation came back and given back
 * otherwise, and the run saved to the tool's history, so it shows in 翻译记录.
 */

export type TranslateContext = Pick<AppContext, 'catalog' | 'llm' | 'config' | 'database' | 'kv' | 'documents' | 'moduleStates'>;

/** A translation longer than this takes too long to wait for in one request: the answer is cut there. */
const TIMEOUT_MS = 120_000;
const NO_EVENTS: StreamEvents = { send: () => true };

function language(given: string | undefined, which: '源语言' | '目标语言'): TranslateLanguage | typeof TRANSLATE_AUTO {
  const lang = translateLanguageOf(given ?? TRANSLATE_AUTO);
  if (!lang || (which === '目标语言' && lang === TRANSLATE_AUTO)) throw badRequest(MSG.translateBadLanguage(which));
  return lang;
}

/** The glossary as the tool's "术语=译文" lines (an object's pairs become lines). */
function glossaryLines(glossary: TranslateTextReq['glossary']): string {
  if (glossary === undefined) return '';
  if (typeof glossary === 'string') return glossary;
  return Object.entries(glossary)
    .map(([term, translation]) => `${term}=${translation}`)
    .join('\n');
}

export async function translateText(
  ctx: TranslateContext,
  user: Pick<AuthUser, 'id' | 'vip'>,
  body: TranslateTextReq,
): Promise<TranslateTextRes> {
  const text = body.text.trim();
  if (!text) throw badRequest(MSG.translateTextRequired);
  if (charCount(text) > TRANSLATE_TEXT_MAX) throw badRequest(MSG.translateTextTooLong(TRANSLATE_TEXT_MAX));
  const from = language(body.from, '源语言');
  const to = language(body.to, '目标语言') as TranslateLanguage;
  // Charged as the operator set it (tools.json / the console); refused when switched off.
  const tool = runnableSpec(ctx, toolById(TRANSLATE_COMMON_ID)!);
  const glossary = glossaryLines(body.glossary);
  // The tool's own check (form, model, pair and glossary facts): every refusal before the hold.
  const run = preparePromptRun(ctx, tool, { inputs: { text, from, to, ...(glossary.trim() ? { glossary } : {}) }, model: body.model });
  const pair = resolveTranslatePair(text, from, to);
  if (!pair.ok) throw badRequest(pair.msg);
  const hold = await reserveQuota(ctx, user, { quotaKey: tool.quotaKey, blockedVips: run.model.blockedVips }, `tool:${run.id}`);
  const job = promptRunJob(ctx, user.id, run, hold);
  let answer = '';
  try {
    const signal = AbortSignal.timeout(TIMEOUT_MS);
    // No events go out beside the answer: a JSON call has no stream to send them on.
    for await (const delta of job.upstream(signal, NO_EVENTS)) {
      if (delta.type === 'text') answer += delta.text;
      if (answer.length >= run.server.maxChars) break;
    }
  } catch (err) {
    await releaseReservation(ctx, hold);
    const failure = refused(MSG.translateFailed, Code.FAILED);
    failure.cause = err;
    throw failure;
  }
  const translation = answer.trim();
  if (!translation) {
    await releaseReservation(ctx, hold);
    throw refused(MSG.translateFailed, Code.FAILED);
  }
  await settleReservation(ctx, hold);
  await insertRun(ctx.database.db, {
    id: run.id,
    userId: user.id,
    toolId: tool.id,
    inputs: run.values,
    model: run.model.key,
    content: translation,
  });
  return { translation, from: pair.from, to: pair.to, detected: pair.detected, runId: run.id, model: run.model.key, demo: ctx.llm.demo };
}
