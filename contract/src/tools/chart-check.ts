/**
 * The whitelist an ECharts option written by a model must pass before the server saves it (AI图表,
 * 数据分析; docs/product/creation.md "Charts and data"). An option is data, never code: JSON only,
 * one of our chart types, no function text, no HTML in any string (a `formatter` string is put into
 * HTML by ECharts' tooltips), no links, remote images or data-view panels, and size caps so a saved
 * answer stays cheap to parse and draw. The web's ```echarts renderer neutralises the same fields
 * again when it draws (web/src/components/markdown/chart-option.ts).
 */

/** The series types a chart may use. */
export const CHART_TYPES = ['bar', 'line', 'pie', 'scatter', 'radar', 'funnel', 'gauge'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** Most characters of one option's JSON text. */
export const CHART_OPTION_MAX_CHARS = 20_000;
/** Most series in one chart, entries in one array, characters in one string, levels of nesting, values in all. */
export const CHART_SERIES_MAX = 12;
const ARRAY_MAX = 1_000;
const STRING_MAX = 500;
const DEPTH_MAX = 10;
const NODES_MAX = 8_000;

/** Top-level option keys kept; any other is dropped (toolbox, graphic, timeline... are not ours). */
const TOP_KEYS = new Set([
  'title',
  'legend',
  'tooltip',
  'grid',
  'xAxis',
  'yAxis',
  'radar',
  'polar',
  'angleAxis',
  'radiusAxis',
  'series',
  'dataset',
  'color',
  'backgroundColor',
  'textStyle',
  'visualMap',
  'animation',
  'aria',
]);

/** Keys refused anywhere: code, links, remote images, HTML panels, prototype tricks. */
const FORBIDDEN_KEYS = new Set(['renderItem', 'link', 'sublink', 'target', 'extraCssText', 'dataView', 'saveAsImage', 'image', '__proto__', 'constructor', 'prototype']);

/** A tag, a comment or an entity-encoded tag: ECharts would hand such a string to the HTML tooltip. */
const HTML = /<\s*[a-z!/?]|&lt;|&#/i;
/** Function text (`function (p) {...}`, arrows) or a script address. */
const CODE = /\bfunction\s*\(|=>|javascript:|\beval\s*\(|\bnew\s+Function\b/i;

export type ChartCheck = { ok: true; option: Record<string, unknown> } | { ok: false; reason: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

class Refusal extends Error {}

/** Checks a parsed option (or its JSON text) against the whitelist; the kept option has only known top-level keys. */
export function checkChartOption(input: unknown): ChartCheck {
  let value = input;
  if (typeof input === 'string') {
    if (input.length > CHART_OPTION_MAX_CHARS) return { ok: false, reason: '图表配置过大' };
    try {
      value = JSON.parse(input);
    } catch {
      return { ok: false, reason: '图表配置不是有效的 JSON' };
    }
  }
  if (!isObject(value)) return { ok: false, reason: '图表配置应是一个对象' };
  const series = Array.isArray(value.series) ? value.series : isObject(value.series) ? [value.series] : [];
  if (series.length === 0) return { ok: false, reason: '图表配置缺少数据系列' };
  if (series.length > CHART_SERIES_MAX) return { ok: false, reason: `数据系列不能超过 ${CHART_SERIES_MAX} 个` };
  for (const s of series) {
    const type = isObject(s) ? s.type : undefined;
    if (typeof type !== 'string' || !(CHART_TYPES as readonly string[]).includes(type)) return { ok: false, reason: '图表类型不在支持范围内' };
  }
  const kept: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (TOP_KEYS.has(k)) kept[k] = v;
  const counter = { nodes: 0 };
  try {
    walk(kept, 0, counter);
  } catch (err) {
    if (err instanceof Refusal) return { ok: false, reason: err.message };
    throw err;
  }
  if (JSON.stringify(kept).length > CHART_OPTION_MAX_CHARS) return { ok: false, reason: '图表配置过大' };
  return { ok: true, option: kept };
}

function walk(value: unknown, depth: number, counter: { nodes: number }): void {
  if (depth > DEPTH_MAX) throw new Refusal('图表配置嵌套过深');
  if (++counter.nodes > NODES_MAX) throw new Refusal('图表配置过大');
  if (typeof value === 'string') {
    if (value.length > STRING_MAX) throw new Refusal('图表中的文字过长');
    if (HTML.test(value)) throw new Refusal('图表中不能包含 HTML');
    if (CODE.test(value)) throw new Refusal('图表中不能包含函数或脚本');
    if (/^\s*image:\/\//i.test(value)) throw new Refusal('图表中不能引用外部图片');
    return;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Refusal('图表中的数值无效');
    return;
  }
  if (value === null || typeof value === 'boolean') return;
  if (Array.isArray(value)) {
    if (value.length > ARRAY_MAX) throw new Refusal(`图表中的一组数据不能超过 ${ARRAY_MAX} 项`);
    for (const v of value) walk(v, depth + 1, counter);
    return;
  }
  if (!isObject(value)) throw new Refusal('图表配置包含不支持的值');
  for (const [k, v] of Object.entries(value)) {
    if (FORBIDDEN_KEYS.has(k)) throw new Refusal(`图表配置不能使用 ${k}`);
    walk(v, depth + 1, counter);
  }
}

/** A ```echarts fenced block of a markdown answer (the opening fence may carry spaces). */
const ECHARTS_BLOCK = /^```[ \t]*echarts[ \t]*\n([\s\S]*?)\n```[ \t]*$/gm;

/**
 * A model's markdown answer with every ```echarts block checked: a passing block is re-written as
 * the kept option's JSON (unknown keys gone), a failing one is replaced by a quoted note saying why.
 * This is what the history keeps.
 */
export function checkChartBlocks(markdown: string): { content: string; charts: number; refused: number } {
  let charts = 0;
  let refused = 0;
  const content = markdown.replace(ECHARTS_BLOCK, (_all, body: string) => {
    const check = checkChartOption(body.trim());
    if (!check.ok) {
      refused++;
      return `> 此处的图表未通过安全检查，已移除（${check.reason}）。`;
    }
    charts++;
    return `\`\`\`echarts\n${JSON.stringify(check.option, null, 1)}\n\`\`\``;
  });
  return { content, charts, refused };
}
