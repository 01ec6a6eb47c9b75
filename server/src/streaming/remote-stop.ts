import type { KeyValueStore } from '../infra/kv';
import type { StreamRegistry } from './registry';

/**
 * A stop the user asks for (POST /api/v1/chat/stop {messageId}), heard by every process: behind a
 * reverse proxy the stop call may land on another process than the one streaming the answer, so
 * it goes out on the shared store's pub/sub (Redis; one process's memory store reaches itself) and
 * the process that streams the answer ends it as a stop by its reader: an answer that delivered
 * text is paid and kept as far as it went, one that delivered nothing is given back.
 */
export const STREAM_STOP_CHANNEL = 'stream:stop';

/** An answer's name for stop requests: only its own user can stop it. */
export const answerStopKey = (userId: number, messageId: string): string => `${userId}:${messageId}`;

/** Hear every process's stop requests and stop the named answer where it streams on this one; returns an unsubscribe. */
export function watchStopRequests(kv: KeyValueStore, streams: StreamRegistry): Promise<() => void> {
  return kv.subscribe(STREAM_STOP_CHANNEL, (key) => void streams.requestStop(key));
}

/** Ask every process to stop the user's answer `messageId` (its `meta` event's); an answer that already ended is left as it is. */
export async function requestStreamStop(kv: KeyValueStore, userId: number, messageId: string): Promise<void> {
  await kv.publish(STREAM_STOP_CHANNEL, answerStopKey(userId, messageId));
}
