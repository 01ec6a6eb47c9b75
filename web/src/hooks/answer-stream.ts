import { Code, MSG, type StreamEventMap } from '@wanxiang/contract';
import { streamChat, type ChatStreamItem, type ChatStreamOptions } from '../api/chat-stream';
import type { ChatDelta } from '../stores/chat';
import { createFrameBatcher } from '../stores/chat-frame-batch';

/**
 * The one loop every streamed answer of the web app runs (chat, battle columns, agents, mind
 * map, slide outline, scholar readings, AI search, find files, tool pages): read the chat
 * stream, hand text and reasoning over in frame batches (QUALITY G11: at most one render per
 * STREAM_RENDER_INTERVAL_MS, the streams of a page on one clock), hand every other event over
 * in order after the text before it, and answer one outcome. No React here, so the chat and
 * battle runners, which keep their answers in stores, share it with the useAnswerStream hook.
 */

export type AnswerStatus = 'idle' | 'streaming' | 'done' | 'failed' | 'refused' | 'stopped';

/** What a stream asks: the chat stream options without the signal (the runner owns it). */
export type AnswerRequest = Omit<ChatStreamOptions, 'signal'>;

export interface AnswerError {
  code: number;
  msg: string;
}

export interface AnswerOutcome {
  /** done: the final `done` event; failed: `error` or a quota notice (`no_count`, code Code.NO_COUNT);
   * refused: the JSON envelope before any stream; stopped: aborted before a final event. */
  status: Exclude<AnswerStatus, 'idle' | 'streaming'>;
  text: string;
  reasoning: string;
  error: AnswerError | null;
  meta: StreamEventMap['meta'] | null;
  done: StreamEventMap['done'] | null;
}

export interface AnswerHandlers {
  /** Text and reasoning that arrived since the last call, at most once per render interval. */
  onDelta?(delta: ChatDelta): void;
  /** Every item but text and reasoning, in stream order, after the pending delta was handed over. */
  onEvent?(item: Exclude<ChatStreamItem, { event: 'text' | 'reasoning' }>): void;
}

export interface AnswerDeps {
  stream?: (opts: ChatStreamOptions) => AsyncIterable<ChatStreamItem>;
  /** Frame scheduler of the batcher (tests); the shared throttled frames by default. */
  schedule?: Parameters<typeof createFrameBatcher>[1];
}

/** Streams one answer to its end (or until `signal` aborts) and answers how it ended. */
export async function runAnswerStream(
  request: AnswerRequest,
  signal: AbortSignal,
  handlers: AnswerHandlers = {},
  deps: AnswerDeps = {},
): Promise<AnswerOutcome> {
  const outcome: AnswerOutcome = { status: 'stopped', text: '', reasoning: '', error: null, meta: null, done: null };
  let ended = false;
  const batcher = createFrameBatcher((delta) => handlers.onDelta?.(delta), deps.schedule);
  const stream = (deps.stream ?? streamChat)({ ...request, signal });
  try {
    for await (const item of stream) {
      if (item.event === 'text' || item.event === 'reasoning') {
        if (item.event === 'text') outcome.text += item.data.text;
        else outcome.reasoning += item.data.text;
        batcher.push(item.event === 'text' ? { text: item.data.text } : { reasoning: item.data.text });
        continue;
      }
      // Text so far goes first: a tool block or an error sits after what the model said before it.
      batcher.flush();
      switch (item.event) {
        case 'meta':
          outcome.meta = item.data;
          break;
        case 'done':
          outcome.done = item.data;
          outcome.status = 'done';
          ended = true;
          break;
        case 'error':
          outcome.error = { code: item.data.code, msg: item.data.msg || MSG.streamError };
          outcome.status = 'failed';
          ended = true;
          break;
        case 'no_count':
          // A quota notice ends the answer (the legacy stream may still close after it).
          outcome.error = { code: Code.NO_COUNT, msg: item.data.text || MSG.countExhausted };
          outcome.status = 'failed';
          ended = true;
          break;
        case 'refusal':
          outcome.error = { code: item.data.code, msg: item.data.msg || MSG.requestFailed };
          outcome.status = 'refused';
          ended = true;
          break;
        default:
          break;
      }
      handlers.onEvent?.(item);
      if (ended) break;
    }
  } finally {
    batcher.flush();
  }
  return outcome;
}
