import type { CatalogModel } from '../catalog';
import { encodeGivenAnswer, GIVEN_ANSWER_HEADER } from './demo-upstream/given-answer';
import type { LlmGateway } from './gateway';

export interface WholeAnswerRequest {
  /** The system message (none: the user's message alone). */
  system?: string;
  user: string;
  /** A PNG shown with the user's message (a vision model). */
  png?: Buffer;
  temperature: number;
  maxTokens: number;
  /** What the demo upstream answers in demo mode (null: its own canned answer). */
  demoAnswer: string | null;
  /** Reading stops once the answer is longer than this (a runaway answer is cut, not waited for). */
  maxChars?: number;
}

/**
 * One model answer read whole (a system and a user message, the text deltas joined), for the
 * background work that needs the answer, not a stream: the AIGC judge and 降AI率, the thesis
 * writer, document translation batches, and the vision tasks reading a picture (文字识别, 图片翻译,
 * 图片反推提示词). Errors (LlmError, an abort) reach the caller, which
 * words them for its own task.
 */
export async function wholeAnswer(ctx: { llm: LlmGateway }, model: CatalogModel, req: WholeAnswerRequest, signal: AbortSignal): Promise<string> {
  const headers = ctx.llm.demo && req.demoAnswer !== null ? { [GIVEN_ANSWER_HEADER]: encodeGivenAnswer(req.demoAnswer) } : undefined;
  let answer = '';
  for await (const d of ctx.llm.stream({
    model,
    messages: [
      ...(req.system !== undefined ? [{ role: 'system' as const, content: req.system }] : []),
      req.png
        ? {
            role: 'user' as const,
            content: req.user,
            parts: [
              { type: 'text' as const, text: req.user },
              { type: 'image_url' as const, image_url: { url: `data:image/png;base64,${req.png.toString('base64')}` } },
            ],
          }
        : { role: 'user' as const, content: req.user },
    ],
    temperature: req.temperature,
    maxTokens: req.maxTokens,
    signal,
    ...(headers ? { headers } : {}),
  })) {
    if (d.type === 'text') answer += d.text;
    if (req.maxChars !== undefined && answer.length > req.maxChars) break;
  }
  return answer;
}
