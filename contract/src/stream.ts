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
  /** A model asked for a tool (MCP server tool, or an agent's built-in tool such as web_browser). */
  tool_call: { id: string; name: string; server?: string; arguments: string };
  /** The tool's answer; `type` and `outputs` carry structured results (web_browser: the websites found). */
  tool_result: { id: string; name: string; ok: boolean; content: string; type?: string; outputs?: unknown[] };
  no_count: { text: string };
  error: { code: number; msg: string };
  /** `stopped`: the user stopped the answer (POST /v1/chat/stop) after it delivered text; it is kept and paid as far as it went. */
  done: { messageId: string; usage?: StreamUsage; balance?: number; reasoningMs?: number; stopped?: boolean };
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
  'tool_call',
  'tool_result',
  'no_count',
  'error',
  'done',
];

export function isStreamEventName(name: string): name is StreamEventName {
  return (STREAM_EVENT_NAMES as readonly string[]).includes(name);
}

/** `code` of an `error` event, by cause (HTTP-like numbers the web app shows the msg of). */
export const STREAM_ERROR_CODES = {
  /** The upstream model answered an error status, broke off mid-stream or sent garbage. */
  upstreamFailed: 502,
  /** The server is shutting down; the question can be asked again in a moment. */
  shuttingDown: 503,
  /** The upstream model did not answer (first byte or next chunk) in time. */
  upstreamTimeout: 504,
  /** The reply streamed but could not be saved; nothing was charged. */
  internal: 500,
  /** The user stopped a resumable answer before it delivered any text; nothing was charged or kept. */
  stopped: 499,
  /** A re-attaching reader asked for events the answer's bounded log no longer holds: the answer is read from history instead. */
  resumeGone: 410,
} as const;

/** Heartbeat comment interval for open streams. */
export const STREAM_HEARTBEAT_MS = 15_000;
