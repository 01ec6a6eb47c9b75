import { MSG } from '@wanxiang/contract';
import { STREAM_NETWORK_CODE, stopAnswer } from '../api/chat-stream';
import { runAnswerStream, type AnswerHandlers, type AnswerRequest } from './answer-stream';

/**
 * A chat answer outlives its reader (issue 17, API.md "Resuming an answer"): leaving the stream
 * does not stop it at the server. This follows one such answer for the chat page and the battle
 * columns:
 * - the answer is named by its `meta` event (the server's messageId);
 * - `stop()` is the stop button: POST /v1/chat/stop by that name, then the reader leaves (a stop
 *   asked before the name arrived waits for it, a few seconds at most);
 * - a connection cut mid-answer re-attaches (GET /v1/chat/stream/{name}, Last-Event-ID: the last id
 *   seen) after a short wait, counted only while the page is visible (a locked phone resumes on
 *   unlock); after the last try the network error goes to the handlers like any error;
 * - a re-attach the server cannot serve (the answer ended long ago) comes out as an `error` event
 *   with the server's words, never as a refusal (nothing is to be taken back).
 */

/** Waits before each re-attach of a cut stream; one try per entry. */
export const RESUME_WAITS_MS = [500, 1_500, 3_000];
/** A stop asked before the answer was named waits this long for its `meta`, then only leaves. */
const STOP_WITHOUT_NAME_MS = 3_000;

export interface FollowedAnswer {
  readonly signal: AbortSignal;
  /** The stop button (see above). */
  stop(): void;
  /** Resolves once the answer ended here: its final event, a stop, or the last failed re-attach. */
  readonly finished: Promise<void>;
}

/** Wait `ms`, counted while the page is visible. */
async function wait(ms: number, signal: AbortSignal): Promise<void> {
  if (typeof document !== 'undefined' && document.hidden) {
    await new Promise<void>((resolve) => {
      const shown = () => {
        if (document.hidden && !signal.aborted) return;
        document.removeEventListener('visibilitychange', shown);
        resolve();
      };
      document.addEventListener('visibilitychange', shown);
      signal.addEventListener('abort', shown, { once: true });
    });
  }
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/** Follow the answer `first` asks for (a question, or a re-attach by name) to its end. */
export function followAnswer(first: AnswerRequest, handlers: AnswerHandlers): FollowedAnswer {
  const controller = new AbortController();
  let name: string | null = first.reattach?.messageId ?? null;
  let lastEventId = 0;
  let stopWanted = false;
  const onEventId = (id: number) => {
    lastEventId = id;
  };
  const stopOnServer = (id: string) => {
    void stopAnswer(id).catch(() => undefined);
    controller.abort();
  };
  const stop = () => {
    if (stopWanted || controller.signal.aborted) return;
    stopWanted = true;
    if (name) stopOnServer(name);
    else setTimeout(() => controller.abort(), STOP_WITHOUT_NAME_MS);
  };

  const finished = (async () => {
    let request: AnswerRequest = { ...first, onEventId };
    let reattaching = Boolean(first.reattach);
    for (let attempt = 0; ; attempt++) {
      let cut = false;
      await runAnswerStream(request, controller.signal, {
        onDelta: handlers.onDelta,
        onEvent: (item) => {
          if (item.event === 'meta') {
            name = item.data.messageId;
            if (stopWanted) stopOnServer(name);
          }
          if (item.event === 'error' && item.data.code === STREAM_NETWORK_CODE && name && !stopWanted && attempt < RESUME_WAITS_MS.length) {
            cut = true;
            return;
          }
          if (item.event === 'refusal' && reattaching) {
            handlers.onEvent?.({ event: 'error', data: { code: item.data.code, msg: item.data.msg || MSG.answerNotFound } });
            return;
          }
          handlers.onEvent?.(item);
        },
      });
      if (!cut || !name || controller.signal.aborted) return;
      await wait(RESUME_WAITS_MS[attempt]!, controller.signal);
      if (controller.signal.aborted) return;
      reattaching = true;
      request = { model: first.model, body: { prompt: '' }, reattach: { messageId: name, lastEventId }, onEventId };
    }
  })();

  return { signal: controller.signal, stop, finished };
}
