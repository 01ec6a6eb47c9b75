/**
 * The chat streams open on this server. Shutdown reaches every one through a single listener
 * on the context's signal (one listener per stream would trip Node's listener-leak warning at
 * eleven streams and make each removal a scan), and a closing server can wait for them to
 * give their quota holds back.
 */
export class OpenStreams {
  private readonly stops = new Set<() => void>();
  private readonly running = new Set<Promise<void>>();
  private stopping = false;

  constructor(private readonly shutdown: AbortSignal) {
    shutdown.addEventListener('abort', () => this.stopAll());
  }

  /** Run every open stream's shutdown handler now (the signal fired, or the server is closing). */
  stopAll(): void {
    this.stopping = true;
    for (const stop of [...this.stops]) stop();
  }

  /** Call `stop` when the server starts shutting down (at once if it already has); returns an unsubscribe. */
  onShutdown(stop: () => void): () => void {
    if (this.stopping || this.shutdown.aborted) {
      stop();
      return () => undefined;
    }
    this.stops.add(stop);
    return () => this.stops.delete(stop);
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

  /** Resolves when every open stream has finished, or after `graceMs`. */
  async drain(graceMs: number): Promise<void> {
    if (this.running.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
      timer.unref();
    });
    await Promise.race([Promise.allSettled([...this.running]), grace]);
    clearTimeout(timer);
  }
}
