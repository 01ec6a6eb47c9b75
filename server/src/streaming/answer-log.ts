import { EventEmitter } from 'node:events';
import type { StreamEventMap, StreamEventName } from '@wanxiang/contract';
import type { Config } from '../config';
import type { KeyValueStore } from '../infra/kv';
import type { LogEntry } from '../infra/kv/types';

/**
 * The events of a resumable answer, kept so a reader can re-attach (issue 17; API.md "Resuming an
 * answer"): a reload, a dropped network, a locked phone or a second tab gets exactly the events
 * after the last one it saw, then the live ones. Each event has an id (1, 2, 3...: the SSE `id:`),
 * and is appended to a log in the shared store: a Redis stream when Redis is configured, so a reader
 * re-attaching on another process finds it, process memory otherwise. The log is bounded
 * (`maxEvents`, oldest first out) and lapses `ttlSec` after its last event.
 *
 * Appends are not awaited by the stream (the live reader never waits on the store); they go out in
 * order on one connection. A reader on the process that streams the answer is woken at once; one on
 * another process reads every `pollMs`.
 */

/** An answer's log name: only its own user's re-attach finds it (the same name a stop uses). */
export const answerLogKey = (userId: number, messageId: string): string => `answer:${userId}:${messageId}`;

/** How many entries one read of the store brings back. */
const PAGE = 500;

export interface AnswerEvent {
  id: number;
  event: StreamEventName;
  data: unknown;
}

/** Stored as `<event>\n<json>`: the frame, less the SSE syntax. */
const encode = (event: StreamEventName, data: unknown): string => `${event}\n${JSON.stringify(data)}`;

function decode(entry: LogEntry): AnswerEvent {
  const cut = entry.value.indexOf('\n');
  return { id: entry.id, event: entry.value.slice(0, cut) as StreamEventName, data: JSON.parse(entry.value.slice(cut + 1)) as unknown };
}

/** `done` or `error` is always an answer's last event (contract stream.ts). */
export const isFinalEvent = (event: StreamEventName): boolean => event === 'done' || event === 'error';

/** Writes one answer's events: numbers them and appends them to its log. */
export interface AnswerLogWriter {
  /** Number the event, append it (not awaited) and answer its id. */
  append<K extends StreamEventName>(event: K, data: StreamEventMap[K]): number;
}

/** What a re-attaching reader gets: the events after its id, then the live ones, up to the final one. */
export type FollowItem = { kind: 'event'; event: AnswerEvent } | { kind: 'gone' };

export class AnswerLog {
  /** Wakes this process's followers of a log when this process appended to it. */
  private readonly appended = new EventEmitter();
  private failures = 0;

  constructor(
    private readonly kv: KeyValueStore,
    private readonly limits: Config['answerLog'],
    private readonly onAppendFailed: (err: unknown) => void = () => undefined,
  ) {
    this.appended.setMaxListeners(0);
  }

  writer(key: string): AnswerLogWriter {
    let last = 0;
    const limits = { maxLen: this.limits.maxEvents, ttlSec: this.limits.ttlSec };
    return {
      append: (event, data) => {
        const id = ++last;
        this.kv.logAppend(key, id, encode(event, data), limits).then(
          () => this.appended.emit(key),
          (err: unknown) => {
            // A reader re-attaching later sees the hole and reads the answer from history; the live reader is not touched.
            if (this.failures++ % 100 === 0) this.onAppendFailed(err);
            this.appended.emit(key);
          },
        );
        return id;
      },
    };
  }

  /** Whether the log exists (an answer of this name streams, or ended within its lifetime). */
  async exists(key: string): Promise<boolean> {
    return (await this.kv.logRange(key, Number.MAX_SAFE_INTEGER, 1)) !== null;
  }

  /**
   * The events after `afterId`, then each new one as it is appended, until the final event (or the
   * log lapses, or `signal` aborts). `gone` when events the reader needs were trimmed away or lost.
   */
  async *follow(key: string, afterId: number, signal: AbortSignal): AsyncGenerator<FollowItem> {
    let last = afterId;
    let dirty: boolean | undefined;
    let wake: (() => void) | null = null;
    const onAppend = () => {
      dirty = true;
      wake?.();
    };
    const onAbort = () => wake?.();
    // Listening before the first read: an append between the read and the wait is not missed.
    this.appended.on(key, onAppend);
    signal.addEventListener('abort', onAbort);
    try {
      if (afterId > 0) {
        // The reader's last event must be there: one past the end, or trimmed away, is a hole; the final one means nothing is left to send.
        const at = await this.kv.logRange(key, afterId - 1, 1);
        if (at === null || at[0]?.id !== afterId) {
          yield { kind: 'gone' };
          return;
        }
        if (isFinalEvent(decode(at[0]).event)) return;
      }
      while (!signal.aborted) {
        dirty = false;
        const entries = await this.kv.logRange(key, last, PAGE);
        if (entries === null) {
          yield { kind: 'gone' };
          return;
        }
        for (const entry of entries) {
          if (entry.id !== last + 1) {
            yield { kind: 'gone' };
            return;
          }
          const event = decode(entry);
          last = entry.id;
          yield { kind: 'event', event };
          if (isFinalEvent(event.event)) return;
        }
        if (entries.length === PAGE || dirty) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, this.limits.pollMs);
          function done() {
            clearTimeout(timer);
            wake = null;
            resolve();
          }
          wake = done;
          if (signal.aborted) done();
        });
      }
    } finally {
      this.appended.off(key, onAppend);
      signal.removeEventListener('abort', onAbort);
    }
  }
}

/** One log per shared store (its followers' wake-ups are this process's). */
const logs = new WeakMap<KeyValueStore, AnswerLog>();

/** The answer log over this store with these limits (one per store and process). */
export function answerLogOf(kv: KeyValueStore, limits: Config['answerLog'], onAppendFailed?: (err: unknown) => void): AnswerLog {
  let log = logs.get(kv);
  if (!log) logs.set(kv, (log = new AnswerLog(kv, limits, onAppendFailed)));
  return log;
}
