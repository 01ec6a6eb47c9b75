import type * as EChartsModule from 'echarts';
import type { ECharts, EChartsOption } from 'echarts';
import { MSG } from '@wanxiang/contract';

/**
 * A drawn chart as a file (AI图表, 数据分析, charts in chat): PNG from the live canvas (twice the
 * pixels, white background), SVG drawn again by ECharts' own SVG renderer at the chart's size
 * (server-side mode: a string, never the page's DOM). Both in the browser, nothing uploaded.
 */

function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the address is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const stamp = () => new Date().toISOString().slice(0, 10);

/** The chart's title text (if any) in the file name, without characters a file name cannot hold. */
export function chartFileName(option: Record<string, unknown>, ext: 'png' | 'svg'): string {
  const title = option.title as { text?: unknown } | { text?: unknown }[] | undefined;
  const text = Array.isArray(title) ? title[0]?.text : title?.text;
  // eslint-disable-next-line no-control-regex -- control characters never belong in a file name
  const base = (typeof text === 'string' ? text : '').replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '').slice(0, 40) || MSG.chartFileName;
  return `${base}-${stamp()}.${ext}`;
}

/** A data: URL's bytes as a Blob (decoded here: the app's CSP need not allow fetching data: URLs). */
function dataUrlBlob(url: string): Blob {
  const [head = '', body = ''] = url.split(',', 2);
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: /^data:([^;]+)/.exec(head)?.[1] ?? 'image/png' });
}

/** The live canvas as a PNG, on white, or on `background` for a chart drawn in the dark theme. */
export function exportChartPng(chart: ECharts, name: string, background = '#ffffff'): void {
  save(dataUrlBlob(chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: background })), name);
}

export function exportChartSvg(echarts: typeof EChartsModule, option: Record<string, unknown>, width: number, height: number, name: string): void {
  const svgChart = echarts.init(null, undefined, { renderer: 'svg', ssr: true, width: Math.max(width, 320), height: Math.max(height, 240) });
  try {
    svgChart.setOption({ ...option, animation: false, backgroundColor: '#ffffff' } as EChartsOption, { notMerge: true });
    save(new Blob([svgChart.renderToSVGString()], { type: 'image/svg+xml' }), name);
  } finally {
    svgChart.dispose();
  }
}
