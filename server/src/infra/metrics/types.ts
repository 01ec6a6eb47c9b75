/**
 * What the server counts for machines (docs/operations.md "Metrics"). Engines and modules call these small hooks through
 * the app context; they never see the Prometheus client, and with no METRICS_TOKEN the context holds NO_METRICS, whose
 * hooks do nothing, so an unmonitored server pays a function call per event and nothing else.
 *
 * Label values are always from a closed set (route patterns, stream kinds, vendor ids, quota keys, provider names):
 * never a raw URL, a user id or free text, so the number of series stays bounded.
 */
export interface AppMetrics {
  /** True when the numbers are kept (a Prometheus registry stands behind the hooks). */
  readonly enabled: boolean;
  /** One finished HTTP request: `route` is the route's pattern (`/api/v1/chat2/:model`), never the URL. */
  httpRequest(r: { method: string; route: string; status: number; seconds: number }): void;
  /** A streamed answer opened (its hold is taken, the first event is about to go out); `kind` is the stream's label. */
  streamStarted(kind: string): void;
  /** Seconds from the stream route starting to serve to the first text or deep-thinking chunk written. */
  streamFirstByte(kind: string, seconds: number): void;
  /** A streamed answer ended: done, stopped, failed, shutdown or error. */
  streamEnded(kind: string, end: string): void;
  /** An upstream vendor call failed (not a caller's abort): `service` is llm or image. */
  upstreamError(service: string, vendor: string, reason: string): void;
  /** A task was claimed by a worker for its first run, `waitSeconds` after it was queued. */
  taskClaimed(waitSeconds: number): void;
  /**
   * A task reached a terminal state (succeeded, failed, canceled) through the one transition that settles its hold;
   * `run`: its kind (tool id) and the seconds from its first claim to this end, absent for a task never claimed.
   */
  taskFinished(state: string, run?: { kind: string; seconds: number }): void;
  /** The live tasks of the whole cluster by state, read from the tasks table when scraped. */
  setLiveTasks(counts: Readonly<Record<string, number>>): void;
  /** A use was refused by the quota rules: `reason` is no_count, no_points or tier_denied. */
  quotaRefused(key: string, reason: QuotaRefusalReason): void;
  /** A shop order was created for payment with `provider`. */
  orderCreated(provider: string): void;
  /** An order was credited (its grant applied) once, by a notify or the reconciler. */
  orderPaid(provider: string, amountCents: number): void;
  /** A payment gateway's notify was handled: credited, duplicate, bad_amount, unknown_order, not_paid, bad_signature... */
  paymentNotified(provider: string, outcome: string): void;
  /** The text exposition of every metric (empty without a registry). */
  scrape(): Promise<string>;
  /** The exposition's content type. */
  readonly contentType: string;
  /** Release what the registry holds (its metrics); called when the app context closes. */
  close(): void;
}

export type QuotaRefusalReason = 'no_count' | 'no_points' | 'tier_denied';

const nothing = () => undefined;

/** The hooks of a server that keeps no numbers (METRICS_TOKEN unset): every call does nothing. */
export const NO_METRICS: AppMetrics = {
  enabled: false,
  httpRequest: nothing,
  streamStarted: nothing,
  streamFirstByte: nothing,
  streamEnded: nothing,
  upstreamError: nothing,
  taskClaimed: nothing,
  taskFinished: nothing,
  setLiveTasks: nothing,
  quotaRefused: nothing,
  orderCreated: nothing,
  orderPaid: nothing,
  paymentNotified: nothing,
  scrape: async () => '',
  contentType: 'text/plain; version=0.0.4; charset=utf-8',
  close: nothing,
};
