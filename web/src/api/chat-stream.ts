import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { MSG, isStreamEventName, type ChatRequest, type StreamEvent } from '@wanxiang/contract';
import { apiUrl, authHeaders, post } from './request';

/**
 * The chat stream client (API.md "Chat stream", docs/product/chat.md §4, §8): POST with fetch, read the
 * body as it arrives, parse SSE frames, yield typed events. Refusals answered as a JSON
 * envelope before any stream (not logged in, no phone, offline model, tier, quota) come out
 * as one `refusal` item; transport failures come out as an `error` event with the spec's text,
 * so a consumer needs one loop and never a try/catch.
 */

export interface StreamRefusal {
  event: 'refusal';
  data: { code: number; msg: string };
}

export type ChatStreamItem = StreamEvent | StreamRefusal;

/** Request body; `prompt` is required here, the server also accepts the `ask` alias. */
export type ChatStreamBody = Omit<Partial<ChatRequest>, 'prompt'> & { prompt: string };

export interface ChatStreamOptions {
  model: string;
  body: ChatStreamBody;
  signal?: AbortSignal;
  /** Defaults to the request layer's session headers. */
  headers?: Record<string, string>;
  /** Full path instead of /api/v1/chat2/{model} (other streaming routes share the protocol). */
  path?: string;
  /** Re-attach to a running or just-ended answer (GET /v1/chat/stream/{messageId}) instead of asking: `model` and `body` are not sent. */
  reattach?: { messageId: string; lastEventId?: number };
  /** Called with each event's SSE id (resumable chat answers number their events) before the event is yielded. */
  onEventId?(id: number): void;
}

/** Codes of transport failures (no HTTP status to report). */
export const STREAM_NETWORK_CODE = 504;

const networkError = (): StreamEvent => ({ event: 'error', data: { code: STREAM_NETWORK_CODE, msg: MSG.streamNetworkError } });

/**
 * Legacy plain-data markers (docs/product/chat.md §4): '[SUCCESS]' alone is a network fault,
 * '[NO_COUNT]' / '[NOT_COUNT]' + text is quota exhausted, '[ERROR]' is an error.
 */
function fromLegacyData(data: string): StreamEvent | null {
  const t = data.trim();
  if (t === '[SUCCESS]') return networkError();
  const noCount = /^\[(NO_COUNT|NOT_COUNT)\]/.exec(t);
  if (noCount) return { event: 'no_count', data: { text: t.slice(noCount[0].length).trim() || MSG.countExhausted } };
  if (t.startsWith('[ERROR]')) return { event: 'error', data: { code: 500, msg: t.slice(7).trim() || MSG.streamError } };
  return null;
}

/** One SSE frame to a typed event; unparsable data is an error (docs/product/chat.md §4). */
export function toStreamEvent(msg: EventSourceMessage): StreamEvent | null {
  const name = msg.event ?? 'message';
  if (name === 'message') return fromLegacyData(msg.data) ?? { event: 'text', data: { text: msg.data } };
  if (!isStreamEventName(name)) return null; // a newer server's event: skip it
  let data: unknown;
  try {
    data = JSON.parse(msg.data);
  } catch {
    return { event: 'error', data: { code: 500, msg: MSG.streamError } };
  }
  if (typeof data !== 'object' || data === null) return { event: 'error', data: { code: 500, msg: MSG.streamError } };
  return { event: name, data } as StreamEvent;
}

async function readRefusal(res: Response): Promise<StreamRefusal | StreamEvent> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON after all
  }
  const env = body as { code?: unknown; msg?: unknown; message?: unknown } | null;
  // 503 is a refusal too: the server is restarting and says so in its envelope (try again shortly).
  if ((res.status < 500 || res.status === 503) && env && typeof env.code === 'number') {
    const text = typeof env.msg === 'string' ? env.msg : typeof env.message === 'string' ? env.message : MSG.requestFailed;
    return { event: 'refusal', data: { code: env.code, msg: text } };
  }
  return { event: 'error', data: { code: res.status, msg: MSG.streamError } };
}

/** The stop button of a chat answer (it outlives its reader: leaving does not stop it). */
export async function stopAnswer(messageId: string): Promise<void> {
  await post('/v1/chat/stop', { messageId });
}

function openStream(opts: ChatStreamOptions): Promise<Response> {
  const headers = { Accept: 'text/event-stream', ...(opts.headers ?? authHeaders()) };
  if (opts.reattach) {
    const { messageId, lastEventId } = opts.reattach;
    return fetch(apiUrl(`/v1/chat/stream/${encodeURIComponent(messageId)}`), {
      headers: lastEventId ? { ...headers, 'Last-Event-ID': String(lastEventId) } : headers,
      signal: opts.signal,
      credentials: 'same-origin',
    });
  }
  return fetch(apiUrl(opts.path ?? `/v1/chat2/${encodeURIComponent(opts.model)}`), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(opts.body),
    signal: opts.signal,
    credentials: 'same-origin',
  });
}

export async function* streamChat(opts: ChatStreamOptions): AsyncGenerator<ChatStreamItem, void, undefined> {
  let res: Response;
  try {
    res = await openStream(opts);
  } catch {
    if (opts.signal?.aborted) return;
    yield networkError();
    return;
  }

  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    yield await readRefusal(res);
    return;
  }
  if (!res.ok || !res.body) {
    yield { event: 'error', data: { code: res.status, msg: MSG.streamError } };
    return;
  }

  const queue: { ev: StreamEvent; id?: string }[] = [];
  const parser = createParser({
    onEvent(msg) {
      const ev = toStreamEvent(msg);
      if (ev) queue.push({ ev, id: msg.id });
    },
  });
  // A plain TextDecoder in streaming mode: multi-byte characters split across chunks are
  // kept for the next chunk, without the extra promise hops of a TextDecoderStream.
  const decoder = new TextDecoder();
  const reader = res.body.getReader();
  let sawNoCount = false;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        if (opts.signal?.aborted) return;
        yield networkError();
        return;
      }
      if (chunk.done) break;
      parser.feed(decoder.decode(chunk.value, { stream: true }));
      while (queue.length > 0) {
        const { ev, id } = queue.shift()!;
        if (id && opts.onEventId) opts.onEventId(Number(id));
        yield ev;
        if (ev.event === 'done' || ev.event === 'error') return;
        if (ev.event === 'no_count') sawNoCount = true;
      }
    }
  } finally {
    // Stops the download when the consumer leaves early (stop button, unmount) or on done.
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  // The body ended without its final event: the connection was cut (a quota notice may end it).
  if (!opts.signal?.aborted && !sawNoCount) yield networkError();
}
