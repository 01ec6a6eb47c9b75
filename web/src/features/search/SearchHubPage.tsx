import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Radio, Tabs } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { searchScholar } from '../../api/scholar';
import { searchWebdisk } from '../../api/webdisk';
import { detectIntent } from '../../api/search';
import { CATEGORIES, categoryOf, fromIntent, type Category } from './categories';
import { isBlankQuery } from './keyword';
import { emptySource, nextPage, pageFailed, pageLoaded, resetPager, startLoading, type Pager } from './pager';
import { ResultList, type HubItem } from './ResultList';
import { SearchBox, SearchHero } from './SearchHero';
import { SearchLayout } from './SearchLayout';
import { canStartSearch } from './search-gate';
import { toolPath } from './tools';
import { useSearchPage } from './useSearchPage';
import styles from './search.module.css';

/** Local history rows of the unified page. */
const HUB_MODE = 0;

/**
 * The unified AI search page (2.3, 4.1): /aiSearch/index (also /aiSearch/searchBypage and
 * /OverSearch). One box; intent detection (the button shows 搜索中) picks the category and
 * source; result tabs and source sub-buttons; a page counter per source; switching resets.
 */
export default function SearchHubPage() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [detecting, setDetecting] = useState(false);
  const [reason, setReason] = useState('');
  const [category, setCategory] = useState<Category>('academic');
  const [source, setSource] = useState('google');
  const [pager, setPager] = useState<Pager<HubItem>>({});
  // Answers of an older query or source must not land in the current list.
  const generation = useRef(0);

  const load = useCallback(async (q: string, src: string, page: number, gen: number) => {
    setPager((p) => startLoading(p, src));
    try {
      const res =
        src === 'google' || src === 'arxiv'
          ? await searchScholar({ keyword: q, start: page, source: src })
          : await searchWebdisk({ keyword: q, channel: src as 'up1', page });
      if (gen === generation.current) setPager((p) => pageLoaded<HubItem>(p, src, page, res.items as HubItem[], res.hasMore));
    } catch {
      if (gen === generation.current) setPager((p) => pageFailed(p, src));
    }
  }, []);

  /** Another category or source (or a new query): every counter back to 1, results cleared, page 1 loaded. */
  const open = useCallback(
    (q: string, cat: Category, src: string) => {
      const gen = ++generation.current;
      setCategory(cat);
      setSource(src);
      setPager(resetPager(CATEGORIES.flatMap((c) => c.sources)));
      if (src) void load(q, src, 1, gen);
    },
    [load],
  );

  const page = useSearchPage({
    mode: HUB_MODE,
    // A blank query does nothing here, nor a second one while the first is being detected.
    check: async (raw) => !isBlankQuery(raw) && !detecting && canStartSearch(raw, undefined, { silentBlank: true }),
    // Saved once the category's own check passed.
    autoSaveHistory: false,
    onSearch: async (q) => {
      setDetecting(true);
      let intent;
      try {
        intent = await detectIntent({ query: q });
      } catch {
        intent = undefined; // detection failed: academic Google search (4.1)
      } finally {
        setDetecting(false);
      }
      const picked = fromIntent(intent?.source_type);
      if (!(await canStartSearch(q, categoryOf(picked.category).quotaKey))) return;
      setQuery(q);
      setReason(intent?.reason ?? '');
      page.saveHistory(q);
      open(q, picked.category, picked.source);
    },
  });
  const { value, setValue } = page;
  const search = page.search;

  const switchCategory = (key: string) => {
    const cat = categoryOf(key as Category);
    open(query, cat.key, cat.sources[0] ?? '');
  };
  const current = source ? (pager[source] ?? emptySource<HubItem>()) : null;
  const cat = categoryOf(category);

  return (
    <SearchLayout
      {...page.layout}
      onBack={query ? () => setQuery('') : undefined}
    >
      {!query ? (
        <SearchHero
          title={MSG.searchHubTitle}
          subtitle={MSG.searchHubSubtitle}
          value={value}
          onChange={setValue}
          onSearch={(q) => void search(q)}
          loading={detecting}
          loadingText={MSG.searchSearching}
          examples={MSG.searchExamples[HUB_MODE]}
        />
      ) : (
        <div className={styles.results}>
          <SearchBox
            value={value}
            onChange={setValue}
            onSearch={(q) => void search(q)}
            loading={detecting}
            loadingText={MSG.searchSearching}
          />
          {reason && <Alert className={styles.reason} type="info" showIcon message={MSG.searchIntentReason(reason)} />}
          <Tabs
            activeKey={category}
            onChange={switchCategory}
            items={CATEGORIES.map((c) => ({ key: c.key, label: MSG.searchCategories[c.key] }))}
          />
          {cat.sources.length > 0 && (
            <Radio.Group
              className={styles.sourceButtons}
              optionType="button"
              buttonStyle="solid"
              value={source}
              onChange={(e) => open(query, category, String(e.target.value))}
              options={cat.sources.map((s) => ({ value: s, label: MSG.searchSources[s] ?? s }))}
            />
          )}
          {current ? (
            <ResultList
              page={current}
              onRetry={() => open(query, category, source)}
              onMore={() => void load(query, source, nextPage(current), generation.current)}
            />
          ) : (
            <Card className={styles.handoff}>
              <Button type="primary" icon={<ArrowRightOutlined />} onClick={() => navigate(toolPath(cat.page ?? '', query))}>
                {MSG.searchOpenIn(MSG.searchTools[cat.page ?? '']?.name ?? '')}
              </Button>
            </Card>
          )}
        </div>
      )}
    </SearchLayout>
  );
}
