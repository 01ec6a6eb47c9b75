import type { ServerResponse } from 'node:http';
import type { StreamEventMap, StreamEventName } from '@wanxiang/contract';

/**
 * One SSE frame: `event: <name>\ndata: <json>\n\n` (API.md "Chat stream"); a resumable answer's
 * events lead with `id: <n>`, the number a re-attaching reader sends back as Last-Event-ID.
 */
export function encodeEvent<K extends StreamEventName>(event: K, data: StreamEventMap[K], id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

const HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  // nginx and similar proxies would otherwise buffer the stream.
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
} as const;

/**
 * Server-sent events over a raw Node response. Each event is one write, sent as soon as it is
 * made (nothing is batched); `write` reports backpressure so the caller can wait for `drained()`
 * instead of queueing an unbounded reply in memory for a slow reader.
 */
export class SseWriter {
  private heartbeat: NodeJS.Timeout | null = null;
  private ended = false;

  constructor(private readonly res: ServerResponse) {}

  /**
   * Set the status line and headers (plus those already set on the reply, such as the request
   * id); they leave with the first event, in the same packet.
   */
  open(extra: Record<string, string | number | string[] | undefined> = {}): void {
    for (const [name, value] of Object.entries(extra)) if (value !== undefined) this.res.setHeader(name, value);
    this.res.writeHead(200, HEADERS);
  }

  /** Whether the client can still receive (not ended by us, socket not closed). */
  get writable(): boolean {
    return !this.ended && !this.res.destroyed && this.res.writable;
  }

  /** Write one event; false when the socket buffer is full (await `drained()`) or the stream is over. */
  send<K extends StreamEventName>(event: K, data: StreamEventMap[K], id?: number): boolean {
    if (!this.writable) return false;
    return this.res.write(encodeEvent(event, data, id));
  }

  /** Resolves when the socket buffer has room again, or the connection closed. */
  drained(): Promise<void> {
    if (!this.writable || !this.res.writableNeedDrain) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.res.off('drain', done);
        this.res.off('close', done);
        resolve();
      };
      this.res.on('drain', done);
      this.res.on('close', done);
    });
  }

  /** A `: ping` comment every `ms`, so proxies and browsers keep an idle stream open. */
  startHeartbeat(ms: number): void {
    this.heartbeat = setInterval(() => {
      if (this.writable) this.res.write(': ping\n\n');
    }, ms);
    this.heartbeat.unref();
  }

  /** Stop the heartbeat and finish the response; safe to call more than once. */
  end(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    if (this.ended) return;
    this.ended = true;
    if (!this.res.destroyed) this.res.end();
  }
}
