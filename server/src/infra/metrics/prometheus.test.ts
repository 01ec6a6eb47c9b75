import { describe, expect, it } from 'vitest';
import { readScrape } from '../../../test/prometheus';
import { createMetrics, NO_METRICS } from './index';
import { createPrometheusMetrics } from './prometheus';

describe('prometheus metrics', () => {
  it('each app has its own registry: what one counts, another does not see', async () => {
    const a = createPrometheusMetrics();
    const b = createPrometheusMetrics();
    try {
      a.httpRequest({ method: 'GET', route: '/api/v1/user/info', status: 200, seconds: 0.012 });
      a.quotaRefused('chat', 'no_count');
      const sa = readScrape(await a.scrape());
      const sb = readScrape(await b.scrape());
      expect(sa.value('wanxiang_http_requests_total', { route: '/api/v1/user/info', status: '200' })).toBe(1);
      expect(sa.histogram('wanxiang_http_request_duration_seconds', { method: 'GET', route: '/api/v1/user/info' })).toMatchObject({
        count: 1,
        sum: 0.012,
      });
      expect(sa.value('wanxiang_quota_refusals_total', { key: 'chat', reason: 'no_count' })).toBe(1);
      expect(sb.sample('wanxiang_http_requests_total')).toBeUndefined();
      expect(sb.sample('wanxiang_quota_refusals_total')).toBeUndefined();
      // Both carry the process metrics.
      expect(sb.family('process_cpu_user_seconds_total')).toBeDefined();
    } finally {
      a.close();
      b.close();
    }
  });

  it('open streams go up at a start and down at the end, by kind; the paid amount adds up in fen', async () => {
    const m = createPrometheusMetrics();
    try {
      m.streamStarted('chat');
      m.streamStarted('chat');
      m.streamStarted('mindmap');
      m.streamEnded('chat', 'done');
      m.orderPaid('alipay', 2990);
      m.orderPaid('alipay', 19900);
      const s = readScrape(await m.scrape());
      expect(s.value('wanxiang_streams_open', { kind: 'chat' })).toBe(1);
      expect(s.value('wanxiang_streams_open', { kind: 'mindmap' })).toBe(1);
      expect(s.value('wanxiang_stream_starts_total', { kind: 'chat' })).toBe(2);
      expect(s.value('wanxiang_stream_ends_total', { kind: 'chat', end: 'done' })).toBe(1);
      expect(s.value('wanxiang_orders_paid_total', { provider: 'alipay' })).toBe(2);
      expect(s.value('wanxiang_orders_paid_cents_total', { provider: 'alipay' })).toBe(22890);
    } finally {
      m.close();
    }
  });

  it('the live tasks gauge shows queued and running, 0 when the table has none', async () => {
    const m = createPrometheusMetrics();
    try {
      m.setLiveTasks({ queued: 4 });
      let s = readScrape(await m.scrape());
      expect([s.value('wanxiang_tasks', { state: 'queued' }), s.sample('wanxiang_tasks', { state: 'running' })?.value]).toEqual([4, '0']);
      m.setLiveTasks({ running: 2 });
      s = readScrape(await m.scrape());
      expect([s.value('wanxiang_tasks', { state: 'queued' }), s.value('wanxiang_tasks', { state: 'running' })]).toEqual([0, 2]);
    } finally {
      m.close();
    }
  });

  it('closing the registry drops every metric', async () => {
    const m = createPrometheusMetrics();
    m.taskFinished('succeeded');
    m.close();
    expect((await m.scrape()).trim()).toBe('');
  });

  it('no METRICS_TOKEN: the hooks that do nothing, no registry', async () => {
    expect(createMetrics({ metrics: {} })).toBe(NO_METRICS);
    expect(createMetrics({ metrics: { token: 'x'.repeat(16) } }).enabled).toBe(true);
    NO_METRICS.httpRequest({ method: 'GET', route: '/', status: 200, seconds: 1 });
    expect(await NO_METRICS.scrape()).toBe('');
  });
});
