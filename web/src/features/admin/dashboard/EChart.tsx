import { useEffect, useRef, useState } from 'react';
import type { EChartsOption } from 'echarts';
import { ADMIN_CONSOLE_MSG as T } from '@wanxiang/contract';
import styles from './dashboard.module.css';

/** ECharts is about 1 MB: fetched with the first chart drawn (the chat's chunk when it was loaded already). */
const loadECharts = () => import('echarts');

/** One live chart of an option; it follows its box's size and is disposed with the component. */
export function EChart({ option, height = 260 }: { option: EChartsOption; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    let chart: { dispose(): void; resize(): void; setOption(o: EChartsOption, opts: { notMerge: boolean }): void } | null = null;
    let observer: ResizeObserver | null = null;
    loadECharts()
      .then((echarts) => {
        if (cancelled || !box.current) return;
        chart = echarts.init(box.current, undefined, { renderer: 'canvas' });
        chart.setOption(option, { notMerge: true });
        setState('ready');
        observer = new ResizeObserver(() => chart?.resize());
        observer.observe(box.current);
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.dispose();
    };
  }, [option]);

  return (
    <div className={styles.chart} style={{ height }} data-testid="admin-chart" data-chart-state={state}>
      {state !== 'ready' && <div className={styles.chartNote}>{state === 'failed' ? T.chartFailed : T.chartLoading}</div>}
      <div ref={box} className={styles.chartCanvas} />
    </div>
  );
}
