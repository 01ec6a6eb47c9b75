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

/** The states of the tasks gauge: the live ones, always exported (0 too) so a dashboard's series never vanish. */
const LIVE_TASK_STATES = ['queued', 'running'] as const;

/**
 * The app's metrics in a Prometheus registry of its own: each app (tests build several in one process) has its own
 * registry and metric objects, never prom-client's global default registry. Node's process metrics (CPU, memory, event
 * loop lag, GC, handles) are collected into the same registry at scrape time.
 */
export function createPrometheusMetrics(): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const name = (n: string) => `${METRIC_PREFIX}${n}`;

  const httpRequests = new Counter({
    name: name('http_requests_total'),
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: name('http_request_duration_seconds'),
    help: 'Time from a request arriving to its answer ending (a streamed answer: the whole stream), by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const streamStarts = new Counter({
    name: name('stream_starts_total'),
    help: 'Streamed answers opened (past the gate, their hold taken), by stream kind.',
    labelNames: ['kind'] as const,
    registers,
  });
  const streamsOpen = new Gauge({
    name: name('streams_open'),
    help: 'Streamed answers open on this process now, by stream kind.',
    labelNames: ['kind'] as const,
    registers,
  });
  const streamFirstByte = new Histogram({
    name: name('stream_first_byte_seconds'),
    help: 'Time from a stream route starting to serve to the first text or deep-thinking chunk written to the reader, by stream kind.',
    labelNames: ['kind'] as const,
    buckets: FIRST_BYTE_BUCKETS,
    registers,
  });
  const streamEnds = new Counter({
    name: name('stream_ends_total'),
    help: 'Streamed answers ended, by stream kind and end (done, stopped, failed, shutdown, error).',
    labelNames: ['kind', 'end'] as const,
    registers,
  });
  const upstreamErrors = new Counter({
    name: name('upstream_errors_total'),
    help: 'Failed vendor calls (callers aborting are not counted), by service (llm, image), vendor and reason.',
    labelNames: ['service', 'vendor', 'reason'] as const,
    registers,
  });
  const liveTasks = new Gauge({
    name: name('tasks'),
    help: 'Live tasks of the whole cluster by state (queued, running), read from the tasks table at scrape time.',
    labelNames: ['state'] as const,
    registers,
  });
  const tasksFinished = new Counter({
    name: name('tasks_finished_total'),
    help: 'Tasks this process moved to a terminal state (succeeded, failed, canceled).',
    labelNames: ['state'] as const,
    registers,
  });
  const queueWait = new Histogram({
    name: name('task_queue_wait_seconds'),
    help: 'Time a task waited in the queue before a worker claimed it for its first run.',
    buckets: QUEUE_WAIT_BUCKETS,
    registers,
  });
  const quotaRefusals = new Counter({
    name: name('quota_refusals_total'),
    help: 'Uses refused by the quota rules, by quota key and reason (no_count, no_points, tier_denied).',
    labelNames: ['key', 'reason'] as const,
    registers,
  });
  const ordersCreated = new Counter({
    name: name('orders_created_total'),
    help: 'Shop orders created for payment, by payment provider.',
    labelNames: ['provider'] as const,
    registers,
  });
  const ordersPaid = new Counter({
    name: name('orders_paid_total'),
    help: 'Shop orders credited (grant applied once), by payment provider.',
    labelNames: ['provider'] as const,
    registers,
  });
  const paidCents = new Counter({
    name: name('orders_paid_cents_total'),
    help: 'Amount of the credited orders in fen (CNY cents), by payment provider.',
    labelNames: ['provider'] as const,
    registers,
  });
  const notifications = new Counter({
    name: name('payment_notifications_total'),
    help: 'Payment gateway notifies handled, by provider and outcome.',
    labelNames: ['provider', 'outcome'] as const,
    registers,
  });
  for (const state of LIVE_TASK_STATES) liveTasks.set({ state }, 0);

  return {
    enabled: true,
    httpRequest({ method, route, status, seconds }) {
      httpRequests.inc({ method, route, status: String(status) });
      httpDuration.observe({ method, route }, seconds);
    },
    streamStarted(kind) {
      streamStarts.inc({ kind });
      streamsOpen.inc({ kind });
    },
    streamFirstByte: (kind, seconds) => streamFirstByte.observe({ kind }, seconds),
    streamEnded(kind, end) {
      streamEnds.inc({ kind, end });
      streamsOpen.dec({ kind });
    },
    upstreamError: (service, vendor, reason) => upstreamErrors.inc({ service, vendor, reason }),
    taskClaimed: (waitSeconds) => queueWait.observe(Math.max(0, waitSeconds)),
    taskFinished: (state) => tasksFinished.inc({ state }),
    setLiveTasks(counts) {
      for (const state of LIVE_TASK_STATES) liveTasks.set({ state }, counts[state] ?? 0);
    },
    quotaRefused: (key: string, reason: QuotaRefusalReason) => quotaRefusals.inc({ key, reason }),
    orderCreated: (provider) => ordersCreated.inc({ provider }),
    orderPaid(provider, amountCents) {
      ordersPaid.inc({ provider });
      paidCents.inc({ provider }, Math.max(0, amountCents));
    },
    paymentNotified: (provider, outcome) => notifications.inc({ provider, outcome }),
    scrape: () => registry.metrics(),
    contentType: registry.contentType,
    // prom-client offers no way to stop the event-loop-delay sampler and GC observer of collectDefaultMetrics; both are
    // unref'd (they keep no process alive) and clearing the registry drops every metric object this app made.
    close: () => registry.clear(),
  };
}
