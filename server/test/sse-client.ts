import { createParser } from 'eventsource-parser';
import { isStreamEventName, type Envelope, type StreamEvent, type StreamEventMap, type StreamEventName } from '@wanxiang/contract';

/**
 * A real HTTP client for the chat stream, for API tests: it reads the response body as it
 * arrives and records every event and heartbeat comment with its arrival time.
 */
export interface ReceivedEvent {
  /** performance.now() at arrival. */
  at: number;
  event: StreamEvent;
  /** The frame's `id:` (resumable answers number their events). */
  id?: string;
}

export interface ChatCall {
  status: number;
  contentType: string;
  headers: Headers;
  /** Set when the server refused with the JSON envelope instead of a stream. */
  envelope?: Envelope<unknown>;
  events: ReceivedEvent[];
  comments: { at: number; text: string }[];
  /** Resolves when the stream ended (or was aborted by the caller). */
  finished: Promise<void>;
  /** Resolves at the first event with this name (rejects if the stream ends without one). */
  waitFor(name: StreamEvent['event']): Promise<ReceivedEvent>;
  /** Resolves once `count` events with this name arrived (rejects if the stream ends before). */
  waitForCount(name: StreamEvent['event'], count: number): Promise<void>;
  /** Abort the request from the client side; answers performance.now() when it did. */
  abort(): number;
}

export async function postChat(baseUrl: string, model: string, body: unknown, token?: string): Promise<ChatCall> {
  return postStream(baseUrl, `/api/v1/chat2/${encodeURIComponent(model)}`, body, token);
}

/** POST a JSON body to any streaming route (chat, agents, mind map, readings...) and read its events as they arrive. */
export async function postStream(baseUrl: string, path: string, body: unknown, token?: string): Promise<ChatCall> {
  return openStream(baseUrl, path, { method: 'POST', body, token });
}

/** GET a stream: re-attach to a resumable answer (GET /api/v1/chat/stream/{messageId}), `lastEventId` as the Last-Event-ID header. */
export async function reattachStream(baseUrl: string, messageId: string, token?: string, lastEventId?: string | number): Promise<ChatCall> {
  const headers: Record<string, string> = lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) };
  return openStream(baseUrl, `/api/v1/chat/stream/${encodeURIComponent(messageId)}`, { method: 'GET', token, headers });
}

interface StreamRequest {
  method: 'GET' | 'POST';
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

async function openStream(baseUrl: string, path: string, req: StreamRequest): Promise<ChatCall> {
  const controller = new AbortController();
  const headers: Record<string, string> = { ...(req.body === undefined ? {} : { 'content-type': 'application/json' }), ...req.headers };
  if (req.token) headers.token = req.token;
  const res = await fetch(`${baseUrl}${path}`, {
    method: req.method,
    headers,
    body: req.body === undefined ? undefined : JSON.stringify(req.body),
    signal: controller.signal,
  });
  const contentType = res.headers.get('content-type') ?? '';
  const events: ReceivedEvent[] = [];
  const comments: { at: number; text: string }[] = [];
  const waiters: { name: string; resolve: (e: ReceivedEvent) => void; reject: (err: Error) => void }[] = [];
  // Woken at every event (waitForCount re-checks its count).
  let counters: { resolve: () => void; reject: (err: Error) => void }[] = [];
  let ended = false;
  const call: ChatCall = {
    status: res.status,
    contentType,
    headers: res.headers,
    events,
    comments,
    finished: Promise.resolve(),
    waitFor(name) {
      const seen = events.find((e) => e.event.event === name);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => waiters.push({ name, resolve, reject }));
    },
    async waitForCount(name, count) {
      while (events.filter((e) => e.event.event === name).length < count) {
        if (ended) throw new Error(`stream ended before ${count} ${name} events`);
        await new Promise<void>((resolve, reject) => counters.push({ resolve, reject }));
      }
    },
    abort() {
      const at = performance.now();
      controller.abort();
      return at;
    },
  };
  if (!contentType.startsWith('text/event-stream')) {
    call.envelope = (await res.json()) as Envelope<unknown>;
    ended = true;
    return call;
  }
  const parser = createParser({
    onEvent(msg) {
      const name = msg.event ?? 'message';
      if (!isStreamEventName(name)) throw new Error(`unknown stream event ${name}`);
      const received: ReceivedEvent = { at: performance.now(), event: { event: name, data: JSON.parse(msg.data) } as StreamEvent, id: msg.id };
      events.push(received);
      for (const w of waiters.filter((x) => x.name === name)) w.resolve(received);
      const woken = counters;
      counters = [];
      for (const c of woken) c.resolve();
    },
    onComment(text) {
      comments.push({ at: performance.now(), text: text.trim() });
    },
  });
  call.finished = (async () => {
    const decoder = new TextDecoder();
    try {
      const reader = res.body!.getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) parser.feed(decoder.decode(r.value, { stream: true }));
    } catch (err) {
      if (!controller.signal.aborted) throw err;
    } finally {
      for (const w of waiters) if (!events.some((e) => e.event.event === w.name)) w.reject(new Error(`stream ended without ${w.name}`));
      for (const c of counters) c.reject(new Error('stream ended'));
      ended = true;
    }
  })();
  return call;
}

/** Names of the received events, in order (heartbeats excluded). */
export const namesOf = (call: ChatCall) => call.events.map((e) => e.event.event);

/** Concatenated `text` (or `reasoning`) chunks. */
export function textOf(call: ChatCall, kind: 'text' | 'reasoning' = 'text'): string {
  return call.events.flatMap((e) => (e.event.event === kind ? [e.event.data.text] : [])).join('');
}

/** Data of the first event with this name. */
export function dataOf<K extends StreamEventName>(call: ChatCall, name: K): StreamEventMap[K] | undefined {
  const found = call.events.find((e) => e.event.event === name);
  return found?.event.data as StreamEventMap[K] | undefined;
}

/**
 * The stop button: POST /api/v1/chat/stop with the answer's messageId (from its `meta`). A chat
 * answer outlives its reader, so leaving (abort) does not stop it; this does, then the reader leaves.
 */
export async function stopAnswer(baseUrl: string, call: ChatCall, token: string): Promise<void> {
  const { messageId } = (await call.waitFor('meta')).event.data as StreamEventMap['meta'];
  const res = await fetch(`${baseUrl}/api/v1/chat/stop`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body: JSON.stringify({ messageId }) });
  if (!res.ok) throw new Error(`stop answered ${res.status}`);
  await call.finished.catch(() => undefined);
}
