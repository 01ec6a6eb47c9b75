import { Tag, Typography } from 'antd';
import type { AigcSimilarityReport } from '@wanxiang/contract';
import { bandClass, BAND_COLOR, pct } from './bands';
import styles from './aigc.module.css';

/** Only links to web pages are clickable, and only http(s) ones (the search backend's addresses). */
const safeHref = (href: string | undefined) => (href && /^https?:\/\//i.test(href) ? href : undefined);

/** The similarity report: paragraphs on their band's colour, then each overlapping sentence beside its source. */
export function SimilarityView({ report }: { report: AigcSimilarityReport }) {
  return (
    <div>
      {report.paragraphs.map((p) => (
        <div key={p.index} className={`${styles.para} ${bandClass(p.band)}`} data-testid="aigc-paragraph" data-band={p.band ?? 'none'}>
          <div className={styles.paraHead}>
            <span>第 {p.index + 1} 段</span>
            {p.similarity !== null && p.band ? <Tag color={BAND_COLOR[p.band]}>相似 {pct(p.similarity)}</Tag> : <Tag>过短未比对</Tag>}
          </div>
          <div>{p.text}</div>
        </div>
      ))}
      <Typography.Title level={5}>相似片段（{report.matches.length}）</Typography.Title>
      {report.matches.length === 0 && <div className={styles.muted}>没有找到重合的句子。</div>}
      {report.matches.map((m, i) => {
        const href = safeHref(m.source.href);
        return (
          <div key={i} className={styles.sideBySide} data-testid="aigc-match">
            <div className={styles.pane}>
              <div className={styles.muted}>
                本文第 {m.index + 1} 段 · 重合 {pct(m.overlap)}
              </div>
              {m.passage}
            </div>
            <div className={styles.pane}>
              <div className={styles.muted}>
                {m.source.kind === 'web' ? '网页' : '我的文档'}：
                {href ? (
                  <a href={href} target="_blank" rel="noopener noreferrer nofollow">
                    {m.source.title}
                  </a>
                ) : (
                  m.source.title
                )}
              </div>
              {m.sourceText}
            </div>
          </div>
        );
      })}
    </div>
  );
}
