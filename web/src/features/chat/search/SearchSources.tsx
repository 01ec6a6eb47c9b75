import { memo } from 'react';
import { LoadingOutlined } from '@ant-design/icons';
import { Sources } from '@ant-design/x';
import { MSG } from '@wanxiang/contract';
import type { MessageSearch } from '../../../stores/chat-state';
import styles from './search.module.css';

export interface SearchSourcesProps {
  search: MessageSearch;
  /** The reply is still streaming. */
  streaming: boolean;
}

/**
 * A reply's web search (docs/product/search.md §4): 正在搜索“query”... while searching, then the numbered
 * pages read, matching the [1], [2] the answer cites. Links open in a new tab without opener or
 * referrer (Sources renders them with target=_blank rel="noopener noreferrer").
 */
export const SearchSources = memo(function SearchSources({ search, streaming }: SearchSourcesProps) {
  if (!search.done) {
    return (
      <div className={styles.searching} data-testid="search-running" role="status">
        {streaming && <LoadingOutlined />}
        {MSG.searchRunning(search.query)}
      </div>
    );
  }
  if (search.sources.length === 0) {
    return (
      <div className={styles.noResult} data-testid="search-empty">
        {MSG.searchNoResult}
      </div>
    );
  }
  const items = search.sources.map((s, i) => ({
    key: s.href,
    url: s.href,
    title: (
      <span className={styles.sourceTitle} title={s.title}>
        <span className={styles.sourceIndex}>[{i + 1}]</span>
        {s.title}
      </span>
    ),
  }));
  return (
    <Sources
      className={styles.sources}
      data-testid="search-sources"
      title={MSG.searchRead(search.sources.length)}
      items={items}
      defaultExpanded
    />
  );
});
