import { useState } from 'react';
import { Button, Checkbox, Popconfirm, Tag, Typography } from 'antd';
import { DeleteOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { AigcReport, AigcRewrite } from '@wanxiang/contract';
import { bandClass, bandLabel, BAND_COLOR, pct } from './bands';
import { RewriteDiff } from './RewriteDiff';
import styles from './aigc.module.css';

export interface AigcReportViewProps {
  report: AigcReport;
  rewrites: readonly AigcRewrite[];
  /** Paragraphs whose rewrite is queued or running. */
  busy: ReadonlySet<number>;
  onRewrite: (indexes: number[]) => void;
  onDeleteRewrite: (rewriteId: string) => void;
  onEmptyRewrites: () => void;
}

/**
 * The AIGC report's paragraphs, each on its band's colour with its figure; scored paragraphs can be
 * chosen and rewritten (降AI率), each showing its latest rewrite as a diff with the new score; the
 * rewrite history of the check below.
 */
export function AigcReportView({ report, rewrites, busy, onRewrite, onDeleteRewrite, onEmptyRewrites }: AigcReportViewProps) {
  const [chosen, setChosen] = useState<number[]>([]);
  const latest = new Map<number, AigcRewrite>();
  for (const r of rewrites) if (r.result && !latest.has(r.index)) latest.set(r.index, r);
  const toggle = (i: number, on: boolean) => setChosen((c) => (on ? [...c, i] : c.filter((x) => x !== i)));
  const rewriteChosen = () => {
    onRewrite(chosen);
    setChosen([]);
  };

  return (
    <div>
      <div className={styles.row} style={{ marginBottom: 8 }}>
        <Button
          type="primary"
          icon={<ThunderboltOutlined />}
          disabled={chosen.length === 0}
          onClick={rewriteChosen}
          data-testid="aigc-rewrite-chosen"
        >
          降AI率改写所选段落{chosen.length ? `（${chosen.length}）` : ''}
        </Button>
        <Button
          onClick={() => setChosen(report.paragraphs.filter((p) => p.band === 'high' || p.band === 'medium').map((p) => p.index))}
          disabled={!report.paragraphs.some((p) => p.band === 'high' || p.band === 'medium')}
        >
          选中高、中风险段落
        </Button>
      </div>
      {report.paragraphs.map((p) => {
        const last = latest.get(p.index);
        return (
          <div key={p.index} className={`${styles.para} ${bandClass(p.band)}`} data-testid="aigc-paragraph" data-band={p.band ?? 'none'}>
            <div className={styles.paraHead}>
              {p.score !== null && (
                <Checkbox
                  checked={chosen.includes(p.index)}
                  onChange={(e) => toggle(p.index, e.target.checked)}
                  aria-label={`选择第${p.index + 1}段`}
                />
              )}
              <span>第 {p.index + 1} 段</span>
              {p.score !== null && p.band ? (
                <Tag color={BAND_COLOR[p.band]}>
                  AI {pct(p.score)} · {bandLabel(p.band)}
                </Tag>
              ) : (
                <Tag>过短未检测</Tag>
              )}
              {p.score !== null && (
                <Button size="small" loading={busy.has(p.index)} onClick={() => onRewrite([p.index])} data-testid="aigc-rewrite-one">
                  {last ? '再改写' : '降AI率'}
                </Button>
              )}
            </div>
            <div>{p.text}</div>
            {last?.result && <RewriteDiff result={last.result} />}
          </div>
        );
      })}
      {rewrites.length > 0 && (
        <div style={{ marginTop: 12 }}>
          <div className={styles.row}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              改写记录（{rewrites.length}）
            </Typography.Title>
            <Popconfirm title="清空这次检测的全部改写记录？" onConfirm={onEmptyRewrites}>
              <Button size="small">清空</Button>
            </Popconfirm>
          </div>
          {rewrites.map((r) => (
            <div key={r.rewrite_id} className={styles.row} style={{ padding: '4px 0' }}>
              <span className={styles.muted}>{new Date(r.createdAt).toLocaleString()}</span>
              <span>第 {r.index + 1} 段</span>
              {r.result ? (
                <span>
                  {r.result.beforeScore !== null ? pct(r.result.beforeScore) : '—'} → {pct(r.result.afterScore)}
                </span>
              ) : (
                <span className={styles.muted}>
                  {r.status === 'failed' || r.status === 'canceled' ? r.error || '改写失败' : `改写中 ${r.progress}%`}
                </span>
              )}
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                aria-label="删除改写记录"
                disabled={r.status === 'queued' || r.status === 'running'}
                onClick={() => onDeleteRewrite(r.rewrite_id)}
              />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
