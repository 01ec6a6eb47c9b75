/**
 * Options of a ```echarts block come from a model: they are data, never code. They are read
 * with JSON.parse only (no eval, no Function), and the few option fields through which ECharts
 * would put model text into HTML or a navigation are neutralised before the chart sees them.
 */

/** Larger blocks are shown as code: a chart never needs this much, and parsing must stay cheap. */
export const CHART_SOURCE_MAX_CHARS = 200_000;
const MAX_DEPTH = 32;

export type ChartOption = Record<string, unknown>;

export type ChartParse = { ok: true; option: ChartOption } | { ok: false; reason: 'empty' | 'too-large' | 'json' | 'shape' };

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const SAFE_LINK = /^https?:\/\//i;

/**
 * A copy of the parsed value with:
 * - tooltips drawn on the canvas (`renderMode: 'richText'`): the HTML tooltip would insert a
 *   model-written formatter string as HTML;
 * - `link`/`sublink` kept only for http(s) addresses (ECharts opens them on click);
 * - no remote images (`image://` symbols, graphic images) and no data view panel, which would
 *   load addresses or build HTML from the model's text;
 * - prototype-polluting keys dropped.
 * Throws RangeError when the value is nested deeper than MAX_DEPTH.
 */
function neutralise(value: unknown, depth: number, key: string): unknown {
  if (depth > MAX_DEPTH) throw new RangeError('too deep');
  if (Array.isArray(value)) return value.map((v) => neutralise(v, depth + 1, key));
  if (typeof value === 'string') return /^\s*image:\/\//i.test(value) ? 'circle' : value;
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === '__proto__' || k === 'constructor' || k === 'prototype') continue;
    if ((k === 'link' || k === 'sublink') && !(typeof v === 'string' && SAFE_LINK.test(v.trim()))) continue;
    if (k === 'extraCssText' || k === 'dataView' || (k === 'image' && typeof v === 'string')) continue;
    out[k] = neutralise(v, depth + 1, k);
  }
  if (key === 'tooltip') out.renderMode = 'richText';
  return out;
}

/** Parses the text of a ```echarts block into an option ECharts can draw, or says why not. */
export function parseChartOption(source: string): ChartParse {
  const text = source.trim();
  if (!text) return { ok: false, reason: 'empty' };
  if (text.length > CHART_SOURCE_MAX_CHARS) return { ok: false, reason: 'too-large' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'json' };
  }
  // An option is an object with at least one series (or a timeline's baseOption/options).
  if (!isPlainObject(parsed)) return { ok: false, reason: 'shape' };
  const hasSeries = (o: unknown) => isPlainObject(o) && (Array.isArray(o.series) ? o.series.length > 0 : isPlainObject(o.series));
  const drawable = hasSeries(parsed) || hasSeries(parsed.baseOption) || (Array.isArray(parsed.options) && parsed.options.some(hasSeries));
  if (!drawable) return { ok: false, reason: 'shape' };
  try {
    const option = neutralise(parsed, 0, '') as ChartOption;
    // The top-level tooltip may be absent; charts still show tooltips by series, drawn as rich text.
    if (!isPlainObject(option.tooltip) && !Array.isArray(option.tooltip)) option.tooltip = { renderMode: 'richText' };
    return { ok: true, option };
  } catch {
    return { ok: false, reason: 'shape' };
  }
}

/**
 * Whether a fenced block's source (from its opening fence to where the parser says it ends) has
 * its closing fence: a block still streaming ends at the end of the text without one.
 */
export function isFenceClosed(blockSource: string): boolean {
  const lines = blockSource.replace(/\n+$/, '').split('\n');
  if (lines.length < 2) return false;
  const open = /^\s{0,3}(`{3,}|~{3,})/.exec(lines[0] ?? '');
  const last = (lines[lines.length - 1] ?? '').trim();
  if (!open) return false;
  const fence = open[1] as string;
  return last.startsWith(fence) && last.replace(/[`~]/g, '') === '' && last[0] === fence[0];
}
