/**
 * Chat stream events (API.md "Chat stream"). Every streaming route sends SSE frames
 * `event: <name>\ndata: <json>\n\n`; `done` or `error` is always the last event.
 */
export interface StreamEventMap {
  meta: { conversationId: string; messageId: string; model: string; demo?: boolean };
  reasoning: { text: string };
  search: { query: string };
  search_read: { sources: { title: string; href: string }[] };
  text: { text: string };
  no_count: { text: string };
  error: { code: number; msg: string };
  done: { messageId: string; usage?: StreamUsage; balance?: number; reasoningMs?: number };
}

export interface StreamUsage {
  promptTokens?: number;
  completionTokens?: number;
  totalTokens?: number;
}

export type StreamEventName = keyof StreamEventMap;

export type StreamEvent = {
  [K in StreamEventName]: { event: K; data: StreamEventMap[K] };
}[StreamEventName];

export const STREAM_EVENT_NAMES: readonly StreamEventName[] = [
  'meta',
  'reasoning',
  'search',
  'search_read',
  'text',
  'no_count',
  'error',
  'done',
];

export function isStreamEventName(name: string): name is StreamEventName {
  return (STREAM_EVENT_NAMES as readonly string[]).includes(name);
}

/** Heartbeat comment interval for open streams. */
export const STREAM_HEARTBEAT_MS = 15_000;
