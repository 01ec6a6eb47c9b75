import parsePrometheusTextFormat, { type PromFamily, type PromSample } from 'parse-prometheus-text-format';
import type { FastifyInstance } from 'fastify';

/**
 * GET /metrics through the app, read with a Prometheus text-format parser from npm (not our own): tests then ask for
 * one series by name and labels, as a PromQL selector would.
 *
 * The parser merges every label set of a histogram into one and drops their labels, _sum and _count
 * (yunyu/parse-prometheus-text-format#13, open), so each histogram reaches it as its three series, `_bucket` (with
 * `le`), `_sum` and `_count`, each declared a family of its own: the parser still reads every sample line, its labels
 * and value; `histogram()` puts them back together.
 */
export interface Scrape {
  families: PromFamily[];
  /** Names of the families declared `histogram` in the exposition. */
  histograms: ReadonlySet<string>;
  /** The family of that name, or undefined. */
  family(name: string): PromFamily | undefined;
  /** The sample of `name` whose labels include `labels`, or undefined. */
  sample(name: string, labels?: Record<string, string>): PromSample | undefined;
  /** A counter's or gauge's value (0 when the series is absent, as for a counter never incremented). */
  value(name: string, labels?: Record<string, string>): number;
  /** A histogram's series of those labels: observations, their sum, and the cumulative count by upper bound. */
  histogram(name: string, labels?: Record<string, string>): { count: number; sum: number; buckets: Record<string, number> };
}

export async function scrapeMetrics(app: FastifyInstance, token: string): Promise<Scrape> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200) throw new Error(`GET /metrics answered ${res.statusCode}: ${res.body}`);
  return readScrape(res.body);
}

const SUFFIXES = ['_bucket', '_sum', '_count'] as const;

/** The exposition with each histogram's three series as untyped families of their own (see above). */
function splitHistograms(text: string): { text: string; histograms: Set<string> } {
  const histograms = new Set([...text.matchAll(/^# TYPE (\S+) histogram$/gm)].map((m) => m[1]!));
  const kept: string[] = [];
  const series = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const meta = /^# (?:HELP|TYPE) (\S+)/.exec(line);
    if (meta && histograms.has(meta[1]!)) continue;
    const name = /^[a-zA-Z_:][\w:]*/.exec(line)?.[0];
    const suffix = SUFFIXES.find((s) => name?.endsWith(s));
    if (name && suffix && histograms.has(name.slice(0, -suffix.length))) {
      series.set(name, [...(series.get(name) ?? []), line]);
    } else {
      kept.push(line);
    }
  }
  for (const [name, lines] of series) kept.push(`# TYPE ${name} untyped`, ...lines);
  return { text: `${kept.join('\n')}\n`, histograms };
}

export function readScrape(exposition: string): Scrape {
  const { text, histograms } = splitHistograms(exposition);
  const families = parsePrometheusTextFormat(text);
  const family = (name: string) => families.find((f) => f.name === name);
  const matching = (name: string, labels: Record<string, string>) =>
    (family(name)?.metrics ?? []).filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  const sample = (name: string, labels: Record<string, string> = {}) => matching(name, labels)[0];
  const value = (name: string, labels?: Record<string, string>) => Number(sample(name, labels)?.value ?? 0);
  return {
    families,
    histograms,
    family,
    sample,
    value,
    histogram(name, labels = {}) {
      const buckets = Object.fromEntries(matching(`${name}_bucket`, labels).map((m) => [m.labels!.le!, Number(m.value)]));
      return { count: value(`${name}_count`, labels), sum: value(`${name}_sum`, labels), buckets };
    },
  };
}
