import { randomUUID } from 'node:crypto';
import { DOC_LIBRARY_MSG, STREAM_ERROR_CODES, type DocChatReq, type DocPassage } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { encodeGivenAnswer, GIVEN_ANSWER_HEADER } from '../../llm/demo-upstream/given-answer';
import type { LlmMessage } from '../../llm/gateway';
import { upstreamErrorEvent, type StreamJob } from '../../streaming/engine';
import { streamHold, type Reservation } from '../quota/service';
import { docModel, firstSentence } from './model';
import type { DocFileRow } from './store';

/**
 * A question about one document as a job of the one streaming engine (so it is metered like every
 * answer: the chat_doc count held before the stream, charged once by the engine's pay rule when
 * text reached the reader, given back otherwise). The retrieved passages go first, as a
 * `tool_result` event of type `doc_passages` (the page shows them behind the [n] citations), then
 * the model answers from them alone, citing [n]. In demo mode the answer is made of the passages'
 * own first sentences with their citations, so clicking [1] shows the sentence it came from.
 */

export const DOC_CHAT_QUOTA_KEY = 'chat_doc';

export type DocChatContext = Pick<AppContext, 'catalog' | 'llm' | 'config' | 'database'>;

const SYSTEM = [
  '你是文档问答助手。只根据下面编号的文档片段回答用户的问题，用中文作答。',
  '每个用到片段的句子后面用方括号标注片段编号，例如 [1] 或 [2][3]；不要编造片段中没有的内容。',
  '如果片段里没有答案，直接说明文档中没有找到相关内容。',
].join('\n');

function passageBlock(passages: readonly DocPassage[]): string {
  return passages
    .map((p) => `[${p.n}] ${p.page ? `（第${p.page}页）` : ''}${p.section ? `《${p.section}》` : ''}\n${p.content}`)
    .join('\n\n');
}

/** The demo answer: one line per passage, its first sentence and its citation. */
export function demoDocAnswer(question: string, passages: readonly DocPassage[]): string {
  if (passages.length === 0) return `（演示）${DOC_LIBRARY_MSG.noPassage}。`;
  const lines = passages.slice(0, 3).map((p, i) => `${i + 1}. ${firstSentence(p.content, 100)} [${p.n}]`);
  return `（演示）关于“${question.slice(0, 40)}”，文档中相关的内容如下：\n\n${lines.join('\n')}`;
}

export function docChatJob(ctx: DocChatContext, doc: DocFileRow, req: DocChatReq, passages: DocPassage[], hold: Reservation): StreamJob {
  const model = docModel(ctx);
  const id = randomUUID();
  const messages: LlmMessage[] = [
    { role: 'system', content: `${SYSTEM}\n\n文档：《${doc.name}》\n\n${passageBlock(passages)}` },
    ...(req.history ?? []).map((h) => ({ role: h.role, content: h.content })),
    { role: 'user', content: req.question },
  ];
  const headers = ctx.llm.demo ? { [GIVEN_ANSWER_HEADER]: encodeGivenAnswer(demoDocAnswer(req.question, passages)) } : undefined;
  return {
    label: 'doc chat',
    meta: { conversationId: doc.id, messageId: id, model: model.key, demo: ctx.llm.demo },
    hold: streamHold(ctx, hold),
    heartbeatMs: ctx.config.chatHeartbeatMs,
    maxTextChars: 8000,
    upstream: (signal, events) => {
      events.send('tool_result', { id, name: 'doc_search', ok: true, content: '', type: 'doc_passages', outputs: passages });
      return ctx.llm.stream({ model, messages, temperature: 0.2, maxTokens: 2000, signal, headers });
    },
    failureEvent: (err) =>
      err !== null ? upstreamErrorEvent(err) : { code: STREAM_ERROR_CODES.upstreamFailed, msg: DOC_LIBRARY_MSG.answerFailed },
  };
}
