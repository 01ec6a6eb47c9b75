/**
 * The streams open on this process, for shutdown. One registry per process (on the app context):
 * a shutdown first *drains* (no new stream is admitted, running answers go on to their end) and,
 * when the grace period is over, *stops* the rest: each open stream's stop handler ends it with an
 * `error` event. One listener on the context's signal reaches every stream (one listener per
 * stream would trip Node's listener-leak warning at eleven streams and make each removal a scan).
 */
export class StreamRegistry {
  private readonly stops = new Set<() => void>();
  /** Each open answer's stop by its name (`<userId>:<messageId>`, remote-stop.ts): a stop the user asked for. */
  private readonly asked = new Map<string, Set<() => void>>();
  private readonly running = new Set<Promise<void>>();
  private stopping = false;
  private drainingSince: number | null = null;

  constructor(private readonly shutdown: AbortSignal) {
    shutdown.addEventListener('abort', () => this.stopAll());
  }

  /** True once a shutdown began: new streams are refused, running ones finish. */
  get draining(): boolean {
    return this.drainingSince !== null || this.stopping || this.shutdown.aborted;
  }

  /** How many streams are open now. */
  get size(): number {
    return this.running.size;
  }

  /** Stop admitting new streams; running ones go on. */
  startDraining(): void {
    this.drainingSince ??= Date.now();
  }

  /** Run every open stream's stop handler now (the grace period is over, or the server is closing). */
  stopAll(): void {
    this.stopping = true;
    for (const stop of [...this.stops]) stop();
  }

  /** Call `stop` when the server stops streams (at once if it already has); returns an unsubscribe. */
  onStop(stop: () => void): () => void {
    if (this.stopping || this.shutdown.aborted) {
      stop();
      return () => undefined;
    }
    this.stops.add(stop);
    return () => this.stops.delete(stop);
  }

  /** Call `stop` when a stop of the answer named `key` is asked for (requestStop); returns an unsubscribe. */
  onStopRequest(key: string, stop: () => void): () => void {
    let set = this.asked.get(key);
    if (!set) this.asked.set(key, (set = new Set()));
    set.add(stop);
    return () => {
      set.delete(stop);
      if (set.size === 0 && this.asked.get(key) === set) this.asked.delete(key);
    };
  }

  /** Stop the answer named `key` if it streams on this process; answers whether one did. */
  requestStop(key: string): boolean {
    const set = this.asked.get(key);
    if (!set) return false;
    for (const stop of [...set]) stop();
    return true;
  }

  /** Count a stream as open until its promise settles. */
  async track(stream: Promise<void>): Promise<void> {
    this.running.add(stream);
    try {
      await stream;
    } finally {
      this.running.delete(stream);
    }
  }

  /** Resolves when every open stream has finished, or after `graceMs`; answers how many are still open. */
  async settled(graceMs: number): Promise<number> {
    if (this.running.size === 0) return 0;
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
      timer.unref();
    });
    await Promise.race([Promise.allSettled([...this.running]), grace]);
    clearTimeout(timer);
    return this.running.size;
  }

  /**
   * The whole shutdown of streams: drain for up to `graceMs`, then stop what is left (an `error`
   * event each) and wait up to `closeMs` for those to give their holds back.
   */
  async shutdownGracefully(graceMs: number, closeMs: number): Promise<{ finished: boolean; stopped: number }> {
    this.startDraining();
    const left = await this.settled(graceMs);
    if (left === 0) return { finished: true, stopped: 0 };
    this.stopAll();
    await this.settled(closeMs);
    return { finished: false, stopped: left };
  }
}
