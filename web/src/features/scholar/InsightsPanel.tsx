import { useEffect, useRef } from 'react';
import { Card } from 'antd';
import { MSG } from '@wanxiang/contract';
import styles from './scholar.module.css';

/** The four fixed sample figures of the insights panel (2.4, 9). */
const FIGURES = [
  { label: MSG.scholarFigureDocs, value: '2.8M' },
  { label: MSG.scholarFigureAuthors, value: '156K' },
  { label: MSG.scholarFigureJournals, value: '8.9K' },
  { label: MSG.scholarFigureCitations, value: '45M' },
];

/** The three fixed sample charts (the spec shows sample data, not figures of the search). */
const CHARTS: { title: string; option: Record<string, unknown> }[] = [
  {
    title: MSG.scholarChartTrend,
    option: {
      grid: { left: 36, right: 8, top: 12, bottom: 24 },
      xAxis: { type: 'category', data: ['2020', '2021', '2022', '2023', '2024', '2025'] },
      yAxis: { type: 'value' },
      series: [{ type: 'line', smooth: true, areaStyle: {}, data: [320, 410, 530, 760, 980, 1240] }],
    },
  },
  {
    title: MSG.scholarChartFields,
    option: {
      series: [
        {
          type: 'pie',
          radius: ['35%', '70%'],
          label: { fontSize: 10 },
          data: [
            { name: 'CS', value: 38 },
            { name: 'Med', value: 22 },
            { name: 'Eng', value: 17 },
            { name: 'Bio', value: 13 },
            { name: 'Other', value: 10 },
          ],
        },
      ],
    },
  },
  {
    title: MSG.scholarChartVenues,
    option: {
      grid: { left: 60, right: 8, top: 8, bottom: 20 },
      xAxis: { type: 'value' },
      yAxis: { type: 'category', data: ['TACL', 'CVPR', 'ICLR', 'NeurIPS', 'Nature'] },
      series: [{ type: 'bar', data: [120, 260, 310, 420, 180] }],
    },
  },
];

function SampleChart({ option }: { option: Record<string, unknown> }) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { dispose(): void; resize(): void } | null = null;
    const onResize = () => chart?.resize();
    // echarts is large: loaded only when the panel shows.
    void import('echarts').then((echarts) => {
      if (disposed || !el.current) return;
      const c = echarts.init(el.current);
      c.setOption(option);
      chart = c;
      window.addEventListener('resize', onResize);
    });
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [option]);
  return <div ref={el} className={styles.chart} />;
}

/** The insights side panel of the scholar result page (2.4): fixed sample figures and charts. */
export function InsightsPanel() {
  return (
    <aside className={styles.insights} data-testid="scholar-insights">
      <Card size="small" title={MSG.scholarInsights} extra={MSG.scholarChartSample}>
        <div className={styles.figures}>
          {FIGURES.map((f) => (
            <div key={f.label} className={styles.figure}>
              <div className={styles.figureValue}>{f.value}</div>
              <div>{f.label}</div>
            </div>
          ))}
        </div>
      </Card>
      {CHARTS.map((c) => (
        <Card key={c.title} size="small" title={c.title}>
          <SampleChart option={c.option} />
        </Card>
      ))}
    </aside>
  );
}
