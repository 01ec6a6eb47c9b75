import { useState } from 'react';
import { Spin, Typography } from 'antd';
import { MSG, type ArxivItem } from '@wanxiang/contract';
import { searchArxiv } from '../../api/scholar';
import { SearchBox, SearchHero } from '../search/SearchHero';
import { SearchLayout } from '../search/SearchLayout';
import { useSearchPage } from '../search/useSearchPage';
import { ArxivCard } from './ArxivCard';
import { ArxivDigest } from './ArxivDigest';
import { LoadMore, SearchFailed } from './ListFooter';
import { usePagedSearch } from './usePagedSearch';
import styles from './scholar.module.css';

const MODE = 4;
const QUOTA_KEY = 'resource_learning_search';

/**
 * /aiSearch/arxiv (mode 4): the landing with the search box and suggestions above the daily digest
 * (2.7); a search shows arXiv results with load more, and back returns to the landing.
 */
export default function ArxivPage() {
  const [keyword, setKeyword] = useState<string | null>(null);
  const list = usePagedSearch<ArxivItem, string>((k, page, signal) => searchArxiv({ keyword: k, start: page }, signal));
  const page = useSearchPage({
    mode: MODE,
    quotaKey: QUOTA_KEY,
    historyOpenOnDesktop: false,
    onSearch: (k) => {
      setKeyword(k);
      void list.start(k);
    },
  });
  const { value, setValue } = page;
  const run = page.search;

  return (
    <SearchLayout
      {...page.layout}
      onBack={
        keyword !== null
          ? () => {
              list.reset();
              setKeyword(null);
            }
          : undefined
      }
      backText={MSG.scholarBack}
    >
      {keyword === null ? (
        <>
          <SearchHero
            title={MSG.arxivTitle}
            subtitle={MSG.arxivSubtitle}
            placeholder={MSG.arxivPlaceholder}
            value={value}
            onChange={setValue}
            onSearch={(q) => void run(q)}
            examples={MSG.scholarSuggestions.slice(0, 10)}
          />
          <div className={styles.page}>
            <ArxivDigest />
          </div>
        </>
      ) : (
        <div className={styles.page}>
          <div className={styles.resultsHead}>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {MSG.arxivTitle}
            </Typography.Title>
            <SearchBox
              value={value}
              onChange={setValue}
              onSearch={(q) => void run(q)}
              loading={list.status === 'searching'}
              loadingText={MSG.scholarSearching}
              placeholder={MSG.arxivPlaceholder}
            />
          </div>
          <div className={styles.list}>
            {list.status === 'searching' && (
              <div className={styles.empty}>
                <Spin />
              </div>
            )}
            {list.status === 'failed' && <SearchFailed onRetry={() => void run(keyword)} />}
            {list.items.map((item) => (
              <ArxivCard key={item.id} item={item} />
            ))}
            {list.status === 'loaded' && <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onMore={() => void list.more()} />}
          </div>
        </div>
      )}
    </SearchLayout>
  );
}
