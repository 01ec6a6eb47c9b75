import type { AdminVendorStats } from '@wanxiang/contract';

/** How far back the console's numbers look. */
export const STATS_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Calls kept per vendor: enough for a stable percentile, bounded memory whatever the traffic. */
const KEEP = 2000;

interface Call {
  at: number;
  ok: boolean;
  /** Milliseconds to the vendor's first answer (successful calls). */
  ms: number;
}

/**
 * This process's recent upstream calls per vendor, for the console's error rate and latency. The Prometheus registry
 * keeps only error counters (and only with METRICS_TOKEN set), so the calls are recorded here: a ring of the last
 * calls per vendor, read over the last 24 hours. Per process by design: each process reports what it saw.
 */
export class VendorCallStats {
  private readonly rings = new Map<string, { calls: Call[]; next: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A call that answered, `ms` after it was sent. */
  ok(vendor: string, ms: number): void {
    this.push(vendor, { at: this.now(), ok: true, ms: Math.max(0, Math.round(ms)) });
  }

  /** A call that failed (not a caller's abort). */
  failed(vendor: string): void {
    this.push(vendor, { at: this.now(), ok: false, ms: 0 });
  }

  summary(vendor: string): AdminVendorStats {
    const since = this.now() - STATS_WINDOW_MS;
    const recent = (this.rings.get(vendor)?.calls ?? []).filter((c) => c.at >= since);
    const errors = recent.filter((c) => !c.ok).length;
    const latencies = recent
      .filter((c) => c.ok)
      .map((c) => c.ms)
      .sort((a, b) => a - b);
    return {
      calls: recent.length,
      errors,
      errorRate: recent.length ? errors / recent.length : null,
      latencyP50Ms: percentile(latencies, 0.5),
      latencyP95Ms: percentile(latencies, 0.95),
    };
  }

  private push(vendor: string, call: Call): void {
    let ring = this.rings.get(vendor);
    if (!ring) this.rings.set(vendor, (ring = { calls: [], next: 0 }));
    if (ring.calls.length < KEEP) ring.calls.push(call);
    else ring.calls[ring.next] = call;
    ring.next = (ring.next + 1) % KEEP;
  }
}

/** Nearest-rank percentile of sorted values; null when there are none. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (!sorted.length) return null;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)));
  return sorted[rank - 1] ?? null;
}
