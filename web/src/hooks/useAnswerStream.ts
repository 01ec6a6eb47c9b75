import { useCallback, useEffect, useRef, useState } from 'react';
import type { StreamEventMap } from '@wanxiang/contract';
import { stopAnswer } from '../api/chat-stream';
import {
  runAnswerStream,
  type AnswerDeps,
  type AnswerError,
  type AnswerHandlers,
  type AnswerOutcome,
  type AnswerRequest,
  type AnswerStatus,
} from './answer-stream';

export type { AnswerOutcome, AnswerRequest, AnswerStatus } from './answer-stream';

export interface AnswerStreamState {
  text: string;
  reasoning: string;
  status: AnswerStatus;
  /** The error, quota notice or refusal that ended the answer (status failed / refused). */
  error: AnswerError | null;
  meta: StreamEventMap['meta'] | null;
  /** The final event's data once the answer is complete. */
  done: StreamEventMap['done'] | null;
}

export interface AnswerStream {
  state: AnswerStreamState;
  /** True while an answer streams. */
  running: boolean;
  /**
   * Stops any answer still streaming, then streams this one; resolves with how it ended. A
   * superseded or stopped answer resolves with status 'stopped' and no longer touches the state.
   * `onEvent` sees the other events (search, tool calls, meta...) in stream order.
   */
  start(request: AnswerRequest, onEvent?: AnswerHandlers['onEvent']): Promise<AnswerOutcome>;
  /** Aborts the streaming answer; what arrived stays in the state (status 'stopped'). */
  stop(): void;
  /** Aborts and clears the state back to idle. */
  reset(): void;
}

export const IDLE_ANSWER: AnswerStreamState = { text: '', reasoning: '', status: 'idle', error: null, meta: null, done: null };

/**
 * One streamed answer for a component (the thin React layer over runAnswerStream): text and
 * reasoning render in frame batches, and the stream is aborted when the component unmounts.
 */
export function useAnswerStream(deps?: AnswerDeps): AnswerStream {
  const [state, setState] = useState<AnswerStreamState>(IDLE_ANSWER);
  /** The answer streaming now; a chat-route one (`resumable`) is named by its meta for the server's stop. */
  const active = useRef<{ ctrl: AbortController; resumable: boolean; name: string | null } | null>(null);
  /** Bumped by start and reset: updates of an older answer are dropped. */
  const generation = useRef(0);
  const depsRef = useRef(deps);
  depsRef.current = deps;

  const stop = useCallback(() => {
    const a = active.current;
    active.current = null;
    if (!a || a.ctrl.signal.aborted) return;
    // A chat-route answer outlives its reader (issue 17): the server is asked to stop it too.
    if (a.resumable && a.name) void stopAnswer(a.name).catch(() => undefined);
    a.ctrl.abort();
  }, []);
  useEffect(() => stop, [stop]);

  const start = useCallback(
    async (request: AnswerRequest, onEvent?: AnswerHandlers['onEvent']): Promise<AnswerOutcome> => {
      stop();
      const ctrl = new AbortController();
      const mineActive = { ctrl, resumable: !request.path && !request.reattach, name: null as string | null };
      active.current = mineActive;
      const mine = ++generation.current;
      // Updates of a superseded (or reset) answer are dropped; a stopped one keeps what arrived.
      const current = () => generation.current === mine;
      setState({ ...IDLE_ANSWER, status: 'streaming' });
      const outcome = await runAnswerStream(
        request,
        ctrl.signal,
        {
          onDelta: (d) => {
            if (!current()) return;
            setState((s) => ({ ...s, text: d.text ? s.text + d.text : s.text, reasoning: d.reasoning ? s.reasoning + d.reasoning : s.reasoning }));
          },
          onEvent: (item) => {
            if (!current()) return;
            if (item.event === 'meta') {
              mineActive.name = item.data.messageId;
              setState((s) => ({ ...s, meta: item.data }));
            }
            onEvent?.(item);
          },
        },
        depsRef.current,
      );
      if (ctrl.signal.aborted) outcome.status = 'stopped';
      if (current()) {
        setState((s) => ({ ...s, text: outcome.text, reasoning: outcome.reasoning, status: outcome.status, error: outcome.error, done: outcome.done }));
        if (active.current === mineActive) active.current = null;
      }
      return outcome;
    },
    [stop],
  );

  const reset = useCallback(() => {
    generation.current++;
    stop();
    setState(IDLE_ANSWER);
  }, [stop]);

  return { state, running: state.status === 'streaming', start, stop, reset };
}
