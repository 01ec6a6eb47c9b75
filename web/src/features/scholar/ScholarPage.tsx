import { useState } from 'react';
import { Segmented, Select, Spin, Tag, Typography } from 'antd';
import { MSG, type AcademicResult } from '@wanxiang/contract';
import { searchScholar } from '../../api/scholar';
import { SearchBox, SearchHero } from '../search/SearchHero';
import { SearchLayout } from '../search/SearchLayout';
import { useSearchPage } from '../search/useSearchPage';
import { InsightsPanel } from './InsightsPanel';
import { LoadMore, SearchFailed } from './ListFooter';
import { ScholarResultCard } from './ScholarResultCard';
import { usePagedSearch } from './usePagedSearch';
import { useDocTools } from './useDocTools';
import styles from './scholar.module.css';

const MODE = 3;
const QUOTA_KEY = 'resource_learning_search';
type Source = 'google' | 'arxiv';
interface Query {
  keyword: string;
  source: Source;
  year: string;
}

/** The time filter (2.4): the latest 2 years plus 近五年; '' = any time. */
function yearOptions(now = new Date()) {
  const y = now.getFullYear();
  return [
    { value: '', label: MSG.scholarAnyYear },
    { value: String(y), label: `${y}${MSG.scholarYearSuffix}` },
    { value: String(y - 1), label: `${y - 1}${MSG.scholarYearSuffix}` },
    { value: 'recent5', label: MSG.scholarRecent5 },
  ];
}

/**
 * /aiSearch/science (mode 3, 2.4): the landing (title, box, 搜索一下, up to 10 suggestions), then
 * the result page: heading, box, hot tags, source and time filters, result cards with the
 * document check and actions, load more, and the insights panel.
 */
export default function ScholarPage() {
  const [source, setSource] = useState<Source>('google');
  const [year, setYear] = useState('');
  const tools = useDocTools();
  const list = usePagedSearch<AcademicResult, Query>((q, page, signal) =>
    searchScholar({ keyword: q.keyword, start: page, source: q.source, ...(q.year ? { year: q.year } : {}) }, signal),
  );
  const [query, setQuery] = useState<Query | null>(null);
  const page = useSearchPage<[next?: Partial<Query>]>({
    mode: MODE,
    quotaKey: QUOTA_KEY,
    onSearch: (keyword, next = {}) => {
      const full: Query = { keyword, source: next.source ?? source, year: next.year ?? year };
      setQuery(full);
      void list.start(full);
    },
  });
  const { value, setValue } = page;
  const run = page.search;

  const back = () => {
    list.reset();
    setQuery(null);
  };

  return (
    <SearchLayout
      {...page.layout}
      onBack={query ? back : undefined}
      backText={MSG.scholarBack}
    >
      {!query ? (
        <SearchHero
          title={MSG.scholarTitle}
          subtitle={MSG.scholarSubtitle}
          placeholder={MSG.scholarPlaceholder}
          value={value}
          onChange={setValue}
          onSearch={(q) => void run(q)}
          examples={MSG.scholarSuggestions.slice(0, 10)}
        />
      ) : (
        <div className={styles.page}>
          <div className={styles.resultsHead}>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {MSG.scholarTitle}
            </Typography.Title>
            <SearchBox
              value={value}
              onChange={setValue}
              onSearch={(q) => void run(q)}
              loading={list.status === 'searching'}
              loadingText={MSG.scholarSearching}
              placeholder={MSG.scholarPlaceholder}
            />
            <div className={styles.filters}>
              <span>{MSG.scholarHotTags}</span>
              {MSG.scholarSuggestions.slice(0, 6).map((t) => (
                <Tag key={t} style={{ cursor: 'pointer' }} onClick={() => void run(t)}>
                  {t}
                </Tag>
              ))}
            </div>
            <div className={styles.filters}>
              <Segmented<Source>
                value={source}
                onChange={(s) => {
                  setSource(s);
                  void run(query.keyword, { source: s });
                }}
                options={[
                  { value: 'google', label: MSG.scholarSourceGoogle },
                  { value: 'arxiv', label: MSG.scholarSourceArxiv },
                ]}
              />
              <Select
                aria-label={MSG.scholarYearLabel}
                data-testid="scholar-year"
                style={{ width: 120 }}
                value={year}
                options={yearOptions()}
                onChange={(y: string) => {
                  setYear(y);
                  void run(query.keyword, { year: y });
                }}
              />
            </div>
          </div>
          <div className={styles.body}>
            <div className={styles.list}>
              <Typography.Text strong>{MSG.scholarResultsHeading}</Typography.Text>
              {list.status === 'searching' && (
                <div className={styles.empty}>
                  <Spin />
                </div>
              )}
              {list.status === 'failed' && <SearchFailed onRetry={() => void run(query.keyword)} />}
              {list.items.map((item, i) => (
                <ScholarResultCard key={`${item.link}-${i}`} item={item} tools={tools} />
              ))}
              {list.status === 'loaded' && <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onMore={() => void list.more()} />}
            </div>
            <InsightsPanel />
          </div>
        </div>
      )}
      {tools.modals}
    </SearchLayout>
  );
}
