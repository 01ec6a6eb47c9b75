import { checkChartOption } from './chart-check';

/**
 * The answer of the page makers (数据卡片, 网页设计): one ```html block holding a self-contained page,
 * inline CSS only; each chart is a JSON data block `<script type="application/json" data-chart>{option}</script>`
 * where it should appear. No script of the model ever runs: the browser takes the data blocks
 * out, checks each option (chart-check.ts) and draws it with our own ECharts bundle as a picture,
 * sanitizes the rest with DOMPurify and shows it in a frame sandboxed without scripts
 * (web/src/features/charts/html-page.ts). The server applies the same rules to what it saves.
 */

const HTML_BLOCK = /```[ \t]*html[ \t]*\n([\s\S]*?)\n```/;
/** A chart data block: its JSON option is group 1. */
export const CHART_DATA_BLOCK = /<script\b[^>]*\bdata-chart\b[^>]*>([\s\S]*?)<\/script\s*>/gi;

/** The page of an answer (the first ```html block), or null while it has not arrived. */
export function htmlPageOf(markdown: string): string | null {
  return HTML_BLOCK.exec(markdown)?.[1] ?? null;
}

/** The note put where a chart failed its check. */
export const CHART_REFUSED_NOTE = '（此处的图表未通过安全检查，已移除）';

/**
 * A page answer as saved: chart data blocks checked (a failing one becomes a note), every other
 * script element, inline event handler and javascript: address removed. The browser sanitizes
 * again before showing; this keeps the history free of them too.
 */
export function checkHtmlPageAnswer(markdown: string): string {
  return markdown.replace(HTML_BLOCK, (_all, page: string) => {
    const charts: string[] = [];
    let body = page.replace(CHART_DATA_BLOCK, (_b, json: string) => {
      const check = checkChartOption(json.trim());
      charts.push(check.ok ? `<script type="application/json" data-chart>${JSON.stringify(check.option)}</script>` : `<p>${CHART_REFUSED_NOTE}</p>`);
      return `\u0000chart${charts.length - 1}\u0000`;
    });
    body = body
      .replace(/<script\b[\s\S]*?<\/script\s*>/gi, '')
      .replace(/<\/?script\b[^>]*>/gi, '')
      .replace(/\son[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
      .replace(/javascript:/gi, '');
    // eslint-disable-next-line no-control-regex -- the NUL-fenced markers are ours, set above
    body = body.replace(/\u0000chart(\d+)\u0000/g, (_m, i: string) => charts[Number(i)] ?? '');
    return `\`\`\`html\n${body}\n\`\`\``;
  });
}
