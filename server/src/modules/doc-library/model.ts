import { Code, MSG, PROMPT_TOOL_MODELS } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { CatalogModel } from '../../catalog';
import { AppError } from '../../http/errors';
import type { LlmMessage } from '../../llm/gateway';

/** The chat model that writes overviews and answers: the first served one of the tools' general models. */
export function docModel(ctx: Pick<AppContext, 'catalog' | 'llm'>): CatalogModel {
  for (const key of PROMPT_TOOL_MODELS) {
    const model = ctx.catalog.get(key);
    if (model && ctx.llm.available(model)) return model;
  }
  throw new AppError(Code.MODEL_OFFLINE, MSG.modelOffline);
}

/** The whole text of one completion (overviews are short: no need to stream them to the reader). */
export async function completeText(
  ctx: Pick<AppContext, 'catalog' | 'llm'>,
  messages: LlmMessage[],
  maxTokens: number,
  headers?: Record<string, string>,
): Promise<string> {
  const signal = AbortSignal.timeout(120_000);
  let text = '';
  for await (const d of ctx.llm.stream({ model: docModel(ctx), messages, temperature: 0.3, maxTokens, signal, headers })) {
    if (d.type === 'text') text += d.text;
  }
  return text;
}

/** First sentence (or the first `max` characters) of a passage, for demo answers and outline lines. */
export function firstSentence(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const m = /^.+?[。！？!?]/.exec(flat);
  const s = m && m[0].length <= max ? m[0] : flat.slice(0, max);
  return s.length < flat.length && !/[。！？!?]$/.test(s) ? `${s}…` : s;
}
