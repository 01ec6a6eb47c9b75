import { useEffect, useMemo, useState } from 'react';
import type { EChartsOption } from 'echarts';
import { EChart } from './EChart';
import styles from './echart.module.css';

export interface DailyChartPanelProps<T> {
  title: string;
  /** Fetch the numbers (the request is aborted when the panel goes). */
  load: (signal: AbortSignal) => Promise<T>;
  option: (data: T) => EChartsOption;
  /** Nothing to draw: say so instead of an empty chart. */
  isEmpty: (data: T) => boolean;
  empty: string;
  failed: string;
  testId: string;
}

/** A titled day-by-day chart of the user's own numbers; a failed call shows a line, never takes the page down. */
export function DailyChartPanel<T>({ title, load, option, isEmpty, empty, failed, testId }: DailyChartPanelProps<T>) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    const ctrl = new AbortController();
    load(ctrl.signal)
      .then(setData)
      .catch(() => {
        if (!ctrl.signal.aborted) setError(true);
      });
    return () => ctrl.abort();
  }, [load]);
  const chartOption = useMemo(() => (data && !isEmpty(data) ? option(data) : null), [data, isEmpty, option]);
  return (
    <div data-testid={testId}>
      <h2 className={styles.title}>{title}</h2>
      {error ? (
        <div className={styles.line}>{failed}</div>
      ) : data && !chartOption ? (
        <div className={styles.line}>{empty}</div>
      ) : chartOption ? (
        <EChart option={chartOption} height={240} testId={`${testId}-chart`} />
      ) : (
        <div className={styles.line} style={{ height: 240 }} />
      )}
    </div>
  );
}
