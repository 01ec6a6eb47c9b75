import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppMetrics, QuotaRefusalReason } from './types';

/** Every metric name of the server starts with this (the Node process metrics keep their standard names). */
export const METRIC_PREFIX = 'wanxiang_';

/** Request durations: API answers take milliseconds, streamed answers (one request each) up to minutes. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 180];
/** First byte of a streamed answer: the demo answers at once, a vendor in 0.3-3 s, a deep-thinking model in tens of seconds. */
const FIRST_BYTE_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 20, 40, 60];
/** Queue wait: an idle worker claims at once, a busy cluster in minutes. */
const QUEUE_WAIT_BUCKETS = [0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800];

/** A task's run, first claim to end: an image effect takes seconds, a long document or a video many minutes. */
const TASK_DURATION_BUCKETS = [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1200, 1800, 3600];
/** The states of the tasks gauge: the live ones, always exported (0 too) so a dashboard's series never vanish. */
const LIVE_TASK_STATES = ['queued', 'running'] as const;

/**
 * The makers of one registry's metrics: each takes the name without the prefix, the help, the label names (a histogram
 * also its buckets), so every metric is prefixed and registered the same way and is declared in one line.
 */
function metricMaker(registry: Registry) {
  const registers = [registry];
  const name = (n: string) => `${METRIC_PREFIX}${n}`;
  return {
    counter: <L extends string>(n: string, help: string, labelNames: readonly L[] = []) =>
      new Counter<L>({ name: name(n), help, labelNames, registers }),
    gauge: <L extends string>(n: string, help: string, labelNames: readonly L[] = []) =>
      new Gauge<L>({ name: name(n), help, labelNames, registers }),
    histogram: <L extends string>(n: string, help: string, buckets: number[], labelNames: readonly L[] = []) =>
      new Histogram<L>({ name: name(n), help, labelNames, buckets, registers }),
  };
}

/**
 * The app's metrics in a Prometheus registry of its own: each app (tests build several in one process) has its own
 * registry and metric objects, never prom-client's global default registry. Node's process metrics (CPU, memory, event
 * loop lag, GC, handles) are collected into the same registry at scrape time.
 */
export function createPrometheusMetrics(): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const { counter, gauge, histogram } = metricMaker(registry);

  // One line per metric: its name (prefixed by the maker), help, label names, and a histogram's buckets.
  // prettier-ignore
  const m = {
    httpRequests: counter('http_requests_total', 'HTTP requests answered, by method, route pattern and status code.', ['method', 'route', 'status']),
    httpDuration: histogram('http_request_duration_seconds', 'Time from a request arriving to its answer ending (a streamed answer: the whole stream), by method and route pattern.', REQUEST_BUCKETS, ['method', 'route']),
    streamStarts: counter('stream_starts_total', 'Streamed answers opened (past the gate, their hold taken), by stream kind.', ['kind']),
    streamsOpen: gauge('streams_open', 'Streamed answers open on this process now, by stream kind.', ['kind']),
    streamFirstByte: histogram('stream_first_byte_seconds', 'Time from a stream route starting to serve to the first text or deep-thinking chunk written to the reader, by stream kind.', FIRST_BYTE_BUCKETS, ['kind']),
    streamEnds: counter('stream_ends_total', 'Streamed answers ended, by stream kind and end (done, stopped, failed, shutdown, error).', ['kind', 'end']),
    upstreamErrors: counter('upstream_errors_total', 'Failed vendor calls (callers aborting are not counted), by service (llm, image), vendor and reason.', ['service', 'vendor', 'reason']),
    liveTasks: gauge('tasks', 'Live tasks of the whole cluster by state (queued, running), read from the tasks table at scrape time.', ['state']),
    tasksFinished: counter('tasks_finished_total', 'Tasks this process moved to a terminal state (succeeded, failed, canceled).', ['state']),
    taskDuration: histogram('task_duration_seconds', "Time from a task's first claim to its end, by task kind (tool id) and terminal state.", TASK_DURATION_BUCKETS, ['kind', 'state']),
    queueWait: histogram('task_queue_wait_seconds', 'Time a task waited in the queue before a worker claimed it for its first run.', QUEUE_WAIT_BUCKETS),
    quotaRefusals: counter('quota_refusals_total', 'Uses refused by the quota rules, by quota key and reason (no_count, no_points, tier_denied).', ['key', 'reason']),
    ordersCreated: counter('orders_created_total', 'Shop orders created for payment, by payment provider.', ['provider']),
    ordersPaid: counter('orders_paid_total', 'Shop orders credited (grant applied once), by payment provider.', ['provider']),
    paidCents: counter('orders_paid_cents_total', 'Amount of the credited orders in fen (CNY cents), by payment provider.', ['provider']),
    notifications: counter('payment_notifications_total', 'Payment gateway notifies handled, by provider and outcome.', ['provider', 'outcome']),
  };
  for (const state of LIVE_TASK_STATES) m.liveTasks.set({ state }, 0);

  return {
    enabled: true,
    httpRequest({ method, route, status, seconds }) {
      m.httpRequests.inc({ method, route, status: String(status) });
      m.httpDuration.observe({ method, route }, seconds);
    },
    streamStarted(kind) {
      m.streamStarts.inc({ kind });
      m.streamsOpen.inc({ kind });
    },
    streamFirstByte: (kind, seconds) => m.streamFirstByte.observe({ kind }, seconds),
    streamEnded(kind, end) {
      m.streamEnds.inc({ kind, end });
      m.streamsOpen.dec({ kind });
    },
    upstreamError: (service, vendor, reason) => m.upstreamErrors.inc({ service, vendor, reason }),
    taskClaimed: (waitSeconds) => m.queueWait.observe(Math.max(0, waitSeconds)),
    taskFinished(state, run) {
      m.tasksFinished.inc({ state });
      if (run) m.taskDuration.observe({ kind: run.kind, state }, Math.max(0, run.seconds));
    },
    setLiveTasks(counts) {
      for (const state of LIVE_TASK_STATES) m.liveTasks.set({ state }, counts[state] ?? 0);
    },
    quotaRefused: (key: string, reason: QuotaRefusalReason) => m.quotaRefusals.inc({ key, reason }),
    orderCreated: (provider) => m.ordersCreated.inc({ provider }),
    orderPaid(provider, amountCents) {
      m.ordersPaid.inc({ provider });
      m.paidCents.inc({ provider }, Math.max(0, amountCents));
    },
    paymentNotified: (provider, outcome) => m.notifications.inc({ provider, outcome }),
    scrape: () => registry.metrics(),
    contentType: registry.contentType,
    // prom-client offers no way to stop the event-loop-delay sampler and GC observer of collectDefaultMetrics; both are
    // unref'd (they keep no process alive) and clearing the registry drops every metric object this app made.
    close: () => registry.clear(),
  };
}
