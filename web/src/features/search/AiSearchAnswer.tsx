import { useMemo } from 'react';
import { Button, Empty, Spin, Typography } from 'antd';
import { LinkOutlined, ReloadOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { Markdown } from '../../components/markdown';
import { hostOf, linkCitations } from './citations';
import type { AiSearchState } from './useAiSearch';
import styles from './search.module.css';

/**
 * The answer of one AI search: the search phase, the sources read (numbered, clickable), the
 * streamed answer as sanitized markdown with its [n] markers linked to those sources, and the
 * spec's failure text with a retry button (8).
 */
export function AiSearchAnswer({ state, onRetry }: { state: AiSearchState; onRetry: () => void }) {
  const text = useMemo(() => linkCitations(state.answer, state.sources), [state.answer, state.sources]);
  const streaming = state.phase === 'searching' || state.phase === 'answering';
  return (
    <div className={styles.answer} data-testid="ai-search-answer">
      <Typography.Title level={4} className={styles.answerQuery}>
        {state.query}
      </Typography.Title>
      {state.phase === 'searching' && (
        <div className={styles.phase}>
          <Spin size="small" /> {MSG.searchSearchingWeb(state.searchQuery || state.query)}
        </div>
      )}
      {state.sources.length > 0 && (
        <section aria-label={MSG.searchSourcesTitle}>
          <div className={styles.sectionTitle}>
            {MSG.searchSourcesTitle} · {MSG.searchReadSources(state.sources.length)}
          </div>
          <ol className={styles.sources}>
            {state.sources.map((s, i) => (
              <li key={`${i}-${s.href}`}>
                <a href={s.href} target="_blank" rel="noopener noreferrer nofollow" title={s.title}>
                  <span className={styles.sourceNo}>{i + 1}</span>
                  <span className={styles.sourceTitle}>{s.title}</span>
                  <span className={styles.sourceHost}>
                    <LinkOutlined /> {hostOf(s.href)}
                  </span>
                </a>
              </li>
            ))}
          </ol>
        </section>
      )}
      {state.answer && (
        <div className={styles.answerText}>
          <Markdown text={text} streaming={streaming} />
        </div>
      )}
      {state.phase === 'failed' && (
        <Empty description={state.error && state.error !== MSG.searchFailed ? `${MSG.searchFailed} ${state.error}` : MSG.searchFailed}>
          <Button icon={<ReloadOutlined />} onClick={onRetry}>
            {MSG.searchRetry}
          </Button>
        </Empty>
      )}
    </div>
  );
}
