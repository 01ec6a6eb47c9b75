import { autoChartType, demoChartOption, SAMPLE_TABLE } from './chart-demo';
import { DEMO_ANSWER_MAX_CHARS } from './types';
import { parseTableText, tableStats, type DataTable } from './table-data';

/**
 * The demo answer of 数据卡片 and 网页设计 (no vendor keys): a real, small, self-contained page built
 * from the user's table — title, one figure per numeric column, a chart as a data block, the
 * table — in the chosen look. It must fit the demo header, so the page is trimmed until it does.
 */

const THEMES: Record<string, { bg: string; fg: string; card: string; accent: string }> = {
  简约商务: { bg: '#f5f7fa', fg: '#1f2329', card: '#ffffff', accent: '#3b6cf6' },
  科技深色: { bg: '#0f172a', fg: '#e2e8f0', card: '#1e293b', accent: '#38bdf8' },
  清新活泼: { bg: '#f0fdf4', fg: '#14532d', card: '#ffffff', accent: '#f97316' },
};

const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(table: DataTable, title: string, theme: string, parts: { rows: number; figures: number }): string {
  const t = THEMES[theme] ?? THEMES['简约商务']!;
  const stats = tableStats(table);
  const figures = stats.list
    .filter((c) => c.kind === 'number')
    .slice(0, parts.figures)
    .map((c) => `<div class="k"><b>${c.sum}</b><span>${esc(c.name)}合计</span></div>`)
    .join('');
  const option = demoChartOption({ columns: table.columns, rows: table.rows.slice(0, 8) }, autoChartType(table), '');
  delete option.title;
  const rows = table.rows
    .slice(0, parts.rows)
    .map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`)
    .join('');
  const tableHtml = parts.rows ? `<table><tr>${table.columns.map((c) => `<th>${esc(c)}</th>`).join('')}</tr>${rows}</table>` : '';
  return [
    '<!doctype html><html><head><meta charset="utf-8"><style>',
    `body{margin:0;padding:24px;font-family:sans-serif;background:${t.bg};color:${t.fg}}`,
    `h1{margin:0 0 16px;color:${t.accent}}.ks{display:flex;gap:12px;flex-wrap:wrap}`,
    `.k{background:${t.card};border-radius:10px;padding:12px 16px}.k b{display:block;font-size:24px;color:${t.accent}}`,
    `.c{background:${t.card};border-radius:10px;margin:16px 0;height:300px}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ccc;padding:6px}`,
    '</style></head><body>',
    `<h1>${esc(title)}</h1><div class="ks">${figures}</div>`,
    `<div class="c"><script type="application/json" data-chart>${JSON.stringify(option)}</script></div>`,
    tableHtml,
    '</body></html>',
  ].join('\n');
}

/** The demo page of the given text (a sample table when it is not a table), as a ```html block with `tail` after it. */
export function demoPageAnswer(text: string, title: string, theme: string, tail: string): string {
  const table = parseTableText(text) ?? SAMPLE_TABLE;
  const wrap = (html: string) => `\`\`\`html\n${html}\n\`\`\`\n\n${tail}`;
  for (const parts of [
    { rows: 8, figures: 3 },
    { rows: 4, figures: 3 },
    { rows: 0, figures: 2 },
    { rows: 0, figures: 0 },
  ]) {
    const answer = wrap(page(table, title, theme, parts));
    if ([...answer].length <= DEMO_ANSWER_MAX_CHARS) return answer;
  }
  return wrap(page({ columns: SAMPLE_TABLE.columns, rows: SAMPLE_TABLE.rows }, title, theme, { rows: 0, figures: 0 }));
}
