import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type * as EChartsModule from 'echarts';
import type { ECharts, EChartsOption } from 'echarts';
import { MSG } from '@wanxiang/contract';
import { useScheme } from '../../hooks/useResolvedTheme';
import { chartFileName, exportChartPng, exportChartSvg } from './chart-export';
import { parseChartOption, type ChartOption } from './chart-option';

/** A PNG of a chart drawn dark keeps the card's colour (light text on white would not read). */
const DARK_PNG_BACKGROUND = '#1c1d26';

/** ECharts is about 1 MB: it is fetched the first time a chart is drawn, never with the app. */
const loadECharts = () => import('echarts');

export interface ChartBlockProps {
  /** The text inside the ```echarts fence. */
  source: string;
  /** The closing fence has arrived: only then is the option read and drawn. */
  complete: boolean;
}

/**
 * A ```echarts block of a reply (docs/product/chat.md §9, the chart model): while it streams, its code with
 * a note; once complete, a live chart. An option that does not parse, or that ECharts refuses,
 * shows the code with a short note instead; nothing here can take the message down.
 */
export const ChartBlock = memo(function ChartBlock({ source, complete }: ChartBlockProps) {
  const parsed = useMemo(() => (complete ? parseChartOption(source) : null), [complete, source]);
  const [failed, setFailed] = useState(false);
  const onFail = useCallback(() => setFailed(true), []);

  if (!complete) return <CodeWithNote source={source} note={MSG.chartPending} state="pending" />;
  if (!parsed?.ok) return <CodeWithNote source={source} note={MSG.chartInvalid} state="invalid" />;
  if (failed) return <CodeWithNote source={source} note={MSG.chartLoadFailed} state="failed" />;
  return <ChartCanvas option={parsed.option} onFail={onFail} />;
});

function CodeWithNote({ source, note, state }: { source: string; note: string; state: 'pending' | 'invalid' | 'failed' }) {
  return (
    <div className="wx-chart wx-chart-code" data-chart-state={state}>
      <div className="wx-chart-note">{note}</div>
      <pre>
        <code className="language-json">{source}</code>
      </pre>
    </div>
  );
}

function ChartCanvas({ option, onFail }: { option: ChartOption; onFail: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  // The page's scheme: ECharts' dark theme on the dark card (the option's own background, if any, wins).
  const scheme = useScheme();
  const drawn = useRef<{ chart: ECharts; echarts: typeof EChartsModule } | null>(null);
  const [ready, setReady] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);

  // PNG from the live canvas, SVG drawn again by ECharts' SVG renderer at the same size (chart-export.ts).
  const exportAs = (ext: 'png' | 'svg') => {
    const current = drawn.current;
    if (!current) return;
    try {
      const name = chartFileName(option, ext);
      if (ext === 'png') exportChartPng(current.chart, name, scheme === 'dark' ? DARK_PNG_BACKGROUND : undefined);
      else exportChartSvg(current.echarts, option, current.chart.getWidth(), current.chart.getHeight(), name);
      setExportFailed(false);
    } catch {
      setExportFailed(true);
    }
  };

  useEffect(() => {
    let chart: ECharts | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    loadECharts()
      .then((echarts) => {
        if (cancelled || !box.current) return;
        chart = echarts.init(box.current, scheme === 'dark' ? 'dark' : undefined, { renderer: 'canvas' });
        // notMerge: each block is its own chart; a bad option throws here and falls back to code.
        chart.setOption({ backgroundColor: 'transparent', ...option } as EChartsOption, { notMerge: true });
        drawn.current = { chart, echarts };
        setReady(true);
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => chart?.resize());
          observer.observe(box.current);
        }
      })
      .catch(() => {
        if (!cancelled) onFail();
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      drawn.current = null;
      chart?.dispose();
    };
  }, [option, onFail, scheme]);

  return (
    <div className="wx-chart" data-chart-state={ready ? 'ready' : 'loading'} data-testid="echarts-chart">
      {!ready && <div className="wx-chart-loading">{MSG.chartLoading}</div>}
      {ready && (
        <div className="wx-chart-actions">
          <button type="button" data-testid="chart-export-png" onClick={() => exportAs('png')}>
            {MSG.chartExportPng}
          </button>
          <button type="button" data-testid="chart-export-svg" onClick={() => exportAs('svg')}>
            {MSG.chartExportSvg}
          </button>
          {exportFailed && <span role="alert">{MSG.chartExportFailed}</span>}
        </div>
      )}
      <div ref={box} className="wx-chart-canvas" />
    </div>
  );
}
