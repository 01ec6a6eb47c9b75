import { randomUUID } from 'node:crypto';
import { Code, MSG, WHITEBOARD_MSG, type WhiteboardDiagramAnswer, type WhiteboardDiagramKind } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { AppError, refused } from '../../http/errors';
import type { AuthUser } from '../../http/auth-user';
import { encodeGivenAnswer, GIVEN_ANSWER_HEADER } from '../../llm/demo-upstream/given-answer';
import { pickPromptModel } from '../img/prompt-helper';
import { releaseReservation, reserveQuota, settleReservation } from '../quota/service';
import { cleanMermaid, demoMermaid, diagramUserMessage, MERMAID_MAX_CHARS, systemPromptOf } from './diagram-prompt';

/** The quota key a diagram is counted on: the generator tools' daily count (server/catalog/tiers.json). */
export const WHITEBOARD_QUOTA_KEY = 'tool_generate';
export const DIAGRAM_TIMEOUT_MS = 45_000;

/**
 * POST /api/v1/whiteboards/diagram: one sentence -> Mermaid through the LLM gateway, answered whole
 * (a diagram is useless half drawn). One tool_generate count is held first, charged when usable
 * Mermaid came back, and given back on any failure. In demo mode the demo upstream answers the
 * diagram built from the words (demoMermaid).
 */
export async function generateDiagram(
  ctx: AppContext,
  user: Pick<AuthUser, 'id' | 'vip'>,
  text: string,
  kind: WhiteboardDiagramKind,
): Promise<WhiteboardDiagramAnswer> {
  const model = pickPromptModel(ctx);
  if (!model) throw new AppError(Code.MODEL_OFFLINE, MSG.modelOffline);
  const hold = await reserveQuota(ctx, user, { quotaKey: WHITEBOARD_QUOTA_KEY, blockedVips: [] }, `whiteboard:${randomUUID()}`);
  let out = '';
  try {
    for await (const d of ctx.llm.stream({
      model,
      messages: [
        { role: 'system', content: systemPromptOf(kind) },
        { role: 'user', content: diagramUserMessage(text) },
      ],
      temperature: 0.3,
      maxTokens: 2_000,
      signal: AbortSignal.timeout(DIAGRAM_TIMEOUT_MS),
      headers: ctx.llm.demo ? { [GIVEN_ANSWER_HEADER]: encodeGivenAnswer(demoMermaid(text, kind)) } : undefined,
    })) {
      if (d.type === 'text') out += d.text;
      if (out.length > MERMAID_MAX_CHARS * 2) break;
    }
  } catch (err) {
    await releaseReservation(ctx, hold);
    // Logged as a warning with its cause (an upstream error or the timeout); the user reads one sentence.
    const failure = refused(WHITEBOARD_MSG.generateFailed, Code.FAILED);
    failure.cause = err;
    throw failure;
  }
  const mermaid = cleanMermaid(out);
  if (!mermaid) {
    await releaseReservation(ctx, hold);
    throw refused(WHITEBOARD_MSG.generateFailed, Code.FAILED);
  }
  await settleReservation(ctx, hold);
  return { mermaid, kind, demo: ctx.llm.demo };
}
