import { useMemo } from 'react';
import { Tag } from 'antd';
import { aigcBand, type AigcRewriteResult } from '@wanxiang/contract';
import { BAND_COLOR, bandLabel, pct } from './bands';
import { diffChars } from './diff';
import styles from './aigc.module.css';

/** Old vs new of one 降AI率 rewrite: removed text struck through in red, added text in green, and the two scores. */
export function RewriteDiff({ result }: { result: AigcRewriteResult }) {
  const runs = useMemo(() => diffChars(result.before, result.after), [result.before, result.after]);
  const before = result.beforeScore;
  return (
    <div className={styles.diff} data-testid="aigc-diff">
      <div className={styles.paraHead}>
        <span>改写对比</span>
        {before !== null && <Tag color={BAND_COLOR[aigcBand(before)]}>原文 {pct(before)}</Tag>}
        <span>→</span>
        <Tag color={BAND_COLOR[result.band]} data-testid="aigc-rescore">
          改写后 {pct(result.afterScore)} {bandLabel(result.band)}
        </Tag>
        {result.demo && <Tag>演示</Tag>}
      </div>
      <div>
        {runs.map((r, i) =>
          r.op === 'same' ? (
            <span key={i}>{r.text}</span>
          ) : (
            <span key={i} className={r.op === 'del' ? styles.del : styles.add}>
              {r.text}
            </span>
          ),
        )}
      </div>
    </div>
  );
}
