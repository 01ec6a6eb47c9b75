import type { CatalogModel } from '../catalog';
import type { AppContext } from '../context';
import { encodeGivenAnswer, GIVEN_ANSWER_HEADER } from './demo-upstream/given-answer';

export interface WholeAnswerRequest {
  system: string;
  user: string;
  temperature: number;
  maxTokens: number;
  /** What the demo upstream answers in demo mode (null: its own canned answer). */
  demoAnswer: string | null;
}

/**
 * One model answer read whole (a system and a user message, the text deltas joined), for the
 * background work that needs the answer, not a stream: the AIGC judge and 降AI率, the thesis
 * writer, document translation batches. Errors (LlmError, an abort) reach the caller, which
 * words them for its own task.
 */
export async function wholeAnswer(ctx: Pick<AppContext, 'llm'>, model: CatalogModel, req: WholeAnswerRequest, signal: AbortSignal): Promise<string> {
  const headers = ctx.llm.demo && req.demoAnswer !== null ? { [GIVEN_ANSWER_HEADER]: encodeGivenAnswer(req.demoAnswer) } : undefined;
  let answer = '';
  for await (const d of ctx.llm.stream({
    model,
    messages: [
      { role: 'system', content: req.system },
      { role: 'user', content: req.user },
    ],
    temperature: req.temperature,
    maxTokens: req.maxTokens,
    signal,
    ...(headers ? { headers } : {}),
  })) {
    if (d.type === 'text') answer += d.text;
  }
  return answer;
}
