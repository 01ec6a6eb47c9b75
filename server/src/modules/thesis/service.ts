import { randomUUID } from 'node:crypto';
import { Code, STREAM_HEARTBEAT_MS, THESIS_MSG, type CorrectionReq, type CorrectionRes, type ThesisOutlineReq } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { CatalogModel } from '../../catalog';
import type { AuthUser } from '../../http/auth-user';
import { refused } from '../../http/errors';
import { encodeGivenAnswer, GIVEN_ANSWER_HEADER } from '../../llm/demo-upstream/given-answer';
import { wholeAnswer } from '../../llm/whole-answer';
import type { StreamJob } from '../../streaming/engine';
import { pickPromptModel } from '../img/prompt-helper';
import { releaseReservation, reserveQuota, settleReservation } from '../quota/service';
import { correctionSystem, correctionUserMessage, demoCorrections, parseCorrections } from './correction';
import { demoOutline, OUTLINE_SYSTEM, outlineUserMessage, thesisForm } from './prompts';

/** Output read at most for an outline (a dozen chapters with their sections is far shorter). */
const OUTLINE_MAX_TOKENS = 2_000;
export const CORRECTION_QUOTA_KEY = 'tool_writing';
export const CORRECTION_TIMEOUT_MS = 90_000;

/**
 * The outline of a title as a streaming-engine job (chat stream protocol: meta, text..., done or
 * error). Not metered: the doc_thesis count (or the points) is held when the document is written.
 */
export function thesisOutlineJob(ctx: AppContext, model: CatalogModel, req: ThesisOutlineReq): StreamJob {
  const form = thesisForm(req);
  return {
    label: 'thesis outline',
    meta: { conversationId: '', messageId: randomUUID(), model: model.key, demo: ctx.llm.demo },
    hold: null,
    heartbeatMs: STREAM_HEARTBEAT_MS,
    reasoning: false,
    upstream: (signal) =>
      ctx.llm.stream({
        model,
        messages: [
          { role: 'system', content: OUTLINE_SYSTEM },
          { role: 'user', content: outlineUserMessage(form) },
        ],
        temperature: 0.6,
        maxTokens: OUTLINE_MAX_TOKENS,
        signal,
        ...(ctx.llm.demo ? { headers: { [GIVEN_ANSWER_HEADER]: encodeGivenAnswer(demoOutline(form)) } } : {}),
      }),
  };
}

export function pickThesisModel(ctx: Pick<AppContext, 'catalog' | 'llm'>): CatalogModel | undefined {
  return pickPromptModel(ctx);
}

/**
 * POST /api/v1/doc/correct: one tool_writing count held, the model's JSON read into located
 * corrections, charged when the answer was usable and given back otherwise (a failing model or
 * a malformed answer: 生成失败 / 格式不正确, with the count returned).
 */
export async function correctText(ctx: AppContext, user: Pick<AuthUser, 'id' | 'vip'>, req: CorrectionReq): Promise<CorrectionRes> {
  const model = pickPromptModel(ctx);
  if (!model) throw refused(THESIS_MSG.noModel, Code.MODEL_OFFLINE);
  const mode = req.mode ?? 'correction';
  const hold = await reserveQuota(ctx, user, { quotaKey: CORRECTION_QUOTA_KEY, blockedVips: [] }, `doc:correct:${randomUUID()}`);
  let answer: string;
  try {
    answer = await wholeAnswer(
      ctx,
      model,
      {
        system: correctionSystem(mode),
        user: correctionUserMessage(req.text),
        temperature: 0.1,
        maxTokens: 4_000,
        demoAnswer: ctx.llm.demo ? demoCorrections(req.text, mode) : null,
      },
      AbortSignal.timeout(CORRECTION_TIMEOUT_MS),
    );
  } catch (err) {
    await releaseReservation(ctx, hold);
    const failure = refused(THESIS_MSG.failed, Code.FAILED);
    failure.cause = err;
    throw failure;
  }
  const corrections = parseCorrections(answer, req.text);
  if (!corrections) {
    await releaseReservation(ctx, hold);
    throw refused(THESIS_MSG.checkBadAnswer, Code.FAILED);
  }
  await settleReservation(ctx, hold);
  return { corrections, demo: ctx.llm.demo };
}
