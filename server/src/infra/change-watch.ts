import type { FastifyBaseLogger } from 'fastify';
import type { KeyValueStore } from './kv';

export interface ChangeWatcherOptions {
  kv: Pick<KeyValueStore, 'publish' | 'subscribe'>;
  /** Where a save tells every process (the shared store's pub/sub; Redis across machines). */
  channel: string;
  /** What changes, for the log lines ('catalog', 'vendor settings'). */
  what: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** The newest version saved (0: none): what the poll asks, cheaply. */
  latest(): Promise<number>;
  /** Load what was saved after version `since`; answers the highest version loaded (`since` when nothing was). */
  load(since: number): Promise<number>;
}

/**
 * How one process follows values that every process may save (versioned rows: the catalog documents, the vendor
 * settings): `refresh` loads what was saved since the last load, one load at a time; `announce` tells the other
 * processes after a save; `watch` refreshes on their message and, as a fallback (a lost message, a Redis outage, no
 * Redis at all across machines), whenever a poll of the newest version finds one this process has not loaded.
 */
export class ChangeWatcher {
  private seen = 0;
  /** The loads run one after another; `queued` is the next one not started yet, which new callers share. */
  private chain: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;

  constructor(private readonly opts: ChangeWatcherOptions) {}

  /** The highest version this process has loaded. */
  get loadedVersion(): number {
    return this.seen;
  }

  /** Load what was saved since the last load. Concurrent callers share a load that has not started yet. */
  refresh(): Promise<void> {
    if (this.queued) return this.queued;
    const next = this.chain.then(async () => {
      this.queued = null;
      this.seen = Math.max(this.seen, await this.opts.load(this.seen));
    });
    this.queued = next;
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** Tell every process (this one included) that version `version` was saved. Best effort: the poll still finds it. */
  async announce(version: number): Promise<void> {
    await this.opts.kv.publish(this.opts.channel, String(version)).catch((err: unknown) => {
      this.opts.log.warn({ err }, `${this.opts.what} change not announced on the shared store; other processes find it by polling`);
    });
  }

  /** Follow the other processes' saves: on their message, and every `pollMs` (0: messages only). Answers the stop. */
  async watch(pollMs: number): Promise<() => void> {
    const { kv, channel, what, log } = this.opts;
    const onMessage = (message: string) => {
      if (Number(message) > this.seen) void this.refresh().catch((err: unknown) => log.warn({ err }, `${what} reload failed`));
    };
    const unsubscribe = await kv.subscribe(channel, onMessage).catch((err: unknown) => {
      log.warn({ err }, `${what} change messages unavailable; polling only`);
      return () => undefined;
    });
    let failing = false;
    let busy = false;
    const poll = async () => {
      if (busy) return;
      busy = true;
      try {
        if ((await this.opts.latest()) > this.seen) await this.refresh();
        if (failing) log.info(`${what} poll works again`);
        failing = false;
      } catch (err) {
        // One line per outage, not one per tick.
        if (!failing) log.warn({ err }, `${what} poll failed; the values in force stay until it works again`);
        failing = true;
      } finally {
        busy = false;
      }
    };
    const timer = pollMs > 0 ? setInterval(() => void poll(), pollMs) : null;
    timer?.unref();
    return () => {
      if (timer) clearInterval(timer);
      unsubscribe();
    };
  }
}
