import type { CorrectionReq, CorrectionRes, ThesisOutlineReq } from '@wanxiang/contract';
import type { ChatStreamBody, ChatStreamOptions } from './chat-stream';
import { post } from './request';

/**
 * Long documents and text checking (docs/api.md "AI论文与文章纠错"): the outline streams with the
 * chat protocol; the document is the task tool thesisDocx (api/tools.ts submitToolTask).
 */
export function thesisOutlineStreamRequest(req: ThesisOutlineReq): Omit<ChatStreamOptions, 'signal'> {
  // The stream client is typed for chat bodies; this route reads the form with the same protocol.
  return { model: '', path: '/v1/thesis/outline', body: { ...req, prompt: req.title } as unknown as ChatStreamBody };
}

/** POST /api/v1/doc/correct; silent: the page shows the refusal (quota dialog or message). */
export function correctText(req: CorrectionReq): Promise<CorrectionRes> {
  return post<CorrectionRes>('/v1/doc/correct', req, { silent: true });
}
