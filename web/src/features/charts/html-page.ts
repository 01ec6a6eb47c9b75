import DOMPurify from 'dompurify';
import type * as EChartsModule from 'echarts';
import { CHART_DATA_BLOCK, CHART_REFUSED_NOTE, checkChartOption } from '@wanxiang/contract';

/**
 * A page answer of 数据卡片 / 网页设计 (contract/src/tools/html-page.ts) as the page we show: no
 * script of the model survives. Chart data blocks are taken out and checked, then drawn by our own
 * ECharts bundle (loaded on demand, never a CDN) as SVG pictures; the page's CSS is kept with every
 * outside load (@import, url()) removed; the body goes through DOMPurify without scripts, forms,
 * frames or the model's own pictures. The result is shown in an iframe sandboxed with no
 * permissions at all (scripts off, an opaque origin) and is the HTML file the user downloads.
 */

const SLOT = 'data-wx-chart-slot';
const CHART_WIDTH = 720;
const CHART_HEIGHT = 320;

const FORBID_TAGS = ['style', 'script', 'iframe', 'frame', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base', 'img', 'picture', 'video', 'audio', 'source', 'svg', 'math'];

/** The page's CSS with every outside load removed. */
export function pageCss(source: string): string {
  return [...source.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)]
    .map((m) => m[1] ?? '')
    .join('\n')
    .replace(/@import[^;]*;?/gi, '')
    .replace(/url\s*\([^)]*\)/gi, 'none')
    .replace(/<\/?[a-z]/gi, '');
}

/** The page's body, charts replaced by numbered slots (options checked), sanitized. */
export function pageBody(source: string): { body: string; options: Record<string, unknown>[] } {
  const options: Record<string, unknown>[] = [];
  const withSlots = source.replace(CHART_DATA_BLOCK, (_m, json: string) => {
    const check = checkChartOption(json.trim());
    if (!check.ok) return `<p>${CHART_REFUSED_NOTE}</p>`;
    options.push(check.option);
    return `<div ${SLOT}="${options.length - 1}"></div>`;
  });
  const inner = /<body\b[^>]*>([\s\S]*)<\/body\s*>/i.exec(withSlots)?.[1] ?? withSlots.replace(/<head\b[\s\S]*?<\/head\s*>/i, '');
  const clean = DOMPurify.sanitize(inner, { FORBID_TAGS, FORBID_ATTR: ['srcset', 'href', 'action', 'formaction'], ADD_ATTR: [SLOT] });
  // Inline styles may not load anything either.
  return { body: clean.replace(/url\s*\([^)]*\)/gi, 'none'), options };
}

/** One chart as an SVG picture (data: URL) drawn by our ECharts in server-side mode: no DOM, no script in the page. */
function chartPicture(echarts: typeof EChartsModule, option: Record<string, unknown>): string {
  const chart = echarts.init(null, undefined, { renderer: 'svg', ssr: true, width: CHART_WIDTH, height: CHART_HEIGHT });
  try {
    chart.setOption({ ...option, animation: false }, { notMerge: true });
    const svg = chart.renderToSVGString();
    return `<img alt="图表" style="display:block;width:100%;height:auto" src="data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}">`;
  } finally {
    chart.dispose();
  }
}

/** The page as shown and downloaded: sanitized body, cleaned CSS, charts as pictures. */
export async function buildShownPage(source: string, title: string): Promise<string> {
  const { body, options } = pageBody(source);
  const echarts = options.length ? await import('echarts') : null;
  const filled = body.replace(new RegExp(`<div ${SLOT}="(\\d+)"></div>`, 'g'), (_m, i: string) => {
    const option = options[Number(i)];
    return echarts && option ? chartPicture(echarts, option) : '';
  });
  const safeTitle = title.replace(/[<>&"]/g, '');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${safeTitle}</title><style>${pageCss(source)}</style></head><body>${filled}</body></html>`;
}
