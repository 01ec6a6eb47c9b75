import type { Config } from '../../config';
import { createPrometheusMetrics } from './prometheus';
import { NO_METRICS, type AppMetrics } from './types';

export { NO_METRICS, type AppMetrics, type QuotaRefusalReason } from './types';
export { METRIC_PREFIX } from './prometheus';

/**
 * The metrics of one app context: a Prometheus registry of its own when METRICS_TOKEN is set (someone may scrape it),
 * else the hooks that do nothing (no registry, no process sampling).
 */
export function createMetrics(config: Pick<Config, 'metrics'>): AppMetrics {
  return config.metrics.token ? createPrometheusMetrics() : NO_METRICS;
}
