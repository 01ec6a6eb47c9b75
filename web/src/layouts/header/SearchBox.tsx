import { Input, Spin, type InputRef } from 'antd';
import { DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import { LIMITS, MSG, type SiteSearchItem, type SiteSearchRes } from '@wanxiang/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { searchSite } from '../../api/site';
import { addKeyword, readHistory, writeHistory } from './search-history';
import { ToolIcon } from './tool-icons';
import { useDebounced } from './useDebounced';
import styles from './header.module.css';

/** What the dropdown shows for one settled keyword ('' = recommendations and ranking). */
interface Answer {
  keyword: string;
  res: SiteSearchRes;
}

/**
 * The header's global search (docs/product/shell-and-navigation.md §2): history with clear, recommended tools, the top-12
 * ranking, and results as you type (500 ms debounce, docs/product/shell-and-navigation.md §9). Choosing a tool opens its route.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const inputRef = useRef<InputRef>(null);
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [history, setHistory] = useState<string[]>(() => readHistory());
  const [answer, setAnswer] = useState<Answer | null>(null);
  const settled = useDebounced(keyword.trim(), LIMITS.searchDebounceMs);

  // One call per settled keyword while the dropdown is open; a newer keyword aborts the older call.
  useEffect(() => {
    if (!open) return;
    if (answer?.keyword === settled) return;
    const ctrl = new AbortController();
    searchSite(settled, ctrl.signal)
      .then((res) => setAnswer({ keyword: settled, res }))
      .catch(() => {
        if (!ctrl.signal.aborted) setAnswer({ keyword: settled, res: { banner: [], icon: [] } });
      });
    return () => ctrl.abort();
    // `answer` is read only to skip a repeat call; re-running on its change would loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, settled]);

  const remember = (k: string) => {
    const next = addKeyword(history, k);
    setHistory(next);
    writeHistory(next);
  };
  const choose = (item: SiteSearchItem) => {
    remember(keyword.trim() || item.name);
    setOpen(false);
    inputRef.current?.blur();
    void navigate(item.route);
  };
  const clearHistory = () => {
    setHistory([]);
    writeHistory([]);
  };

  const typed = keyword.trim();
  const pending = typed !== settled || answer?.keyword !== settled;
  const results = answer && answer.keyword === settled ? answer.res : null;

  const onEnter = () => {
    if (!typed) return;
    remember(typed);
    // Enter opens the best match once the results for this keyword are in.
    const first = !pending && results?.icon[0];
    if (first) choose(first);
  };

  return (
    <div className={styles.search}>
      <Input
        ref={inputRef}
        value={keyword}
        allowClear
        prefix={<SearchOutlined className={styles.searchIcon} />}
        placeholder={MSG.siteSearchPlaceholder}
        aria-label="全局搜索"
        className={styles.searchInput}
        onChange={(e) => setKeyword(e.target.value)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onPressEnter={onEnter}
        onKeyDown={(e) => {
          if (e.key === 'Escape') inputRef.current?.blur();
        }}
      />
      {open && (
        // mousedown would blur the input before the click lands: keep the focus inside the dropdown.
        <div
          className={styles.dropdown}
          role="listbox"
          aria-label="搜索建议"
          data-testid="search-dropdown"
          onMouseDown={(e) => e.preventDefault()}
        >
          {!typed && history.length > 0 && (
            <section className={styles.section}>
              <div className={styles.sectionHead}>
                <span>{MSG.siteSearchHistory}</span>
                <button type="button" className={styles.clear} onClick={clearHistory}>
                  <DeleteOutlined /> {MSG.siteSearchClear}
                </button>
              </div>
              <div className={styles.chips}>
                {history.map((h) => (
                  <button type="button" key={h} className={styles.chip} onClick={() => setKeyword(h)}>
                    {h}
                  </button>
                ))}
              </div>
            </section>
          )}
          {pending && !results ? (
            <div className={styles.loading}>
              <Spin size="small" />
            </div>
          ) : typed ? (
            <Results keyword={settled} items={results?.icon ?? []} onChoose={choose} loading={pending} />
          ) : (
            results && <Discover res={results} onChoose={choose} />
          )}
        </div>
      )}
    </div>
  );
}

function Discover({ res, onChoose }: { res: SiteSearchRes; onChoose: (i: SiteSearchItem) => void }) {
  return (
    <>
      {res.icon.length > 0 && (
        <section className={styles.section}>
          <div className={styles.sectionHead}>
            <span>{MSG.siteSearchRecommend}</span>
          </div>
          <div className={styles.recommend}>
            {res.icon.map((item) => (
              <button
                type="button"
                role="option"
                aria-selected={false}
                key={item.route}
                title={item.desc ? `${item.name}：${item.desc}` : item.name}
                className={styles.tile}
                onClick={() => onChoose(item)}
              >
                <span className={styles.tileIcon}>
                  <ToolIcon name={item.icon} />
                </span>
                <span className={styles.tileName}>{item.name}</span>
              </button>
            ))}
          </div>
        </section>
      )}
      {res.banner.length > 0 && (
        <section className={styles.section}>
          <div className={styles.sectionHead}>
            <span>{MSG.siteSearchRanking}</span>
          </div>
          <ol className={styles.ranking} data-testid="search-ranking">
            {res.banner.map((item, i) => (
              <li key={item.route}>
                <button type="button" role="option" aria-selected={false} className={styles.rankItem} onClick={() => onChoose(item)}>
                  <span className={`${styles.rankNo} ${i < 3 ? styles.rankTop : ''}`}>{i + 1}</span>
                  <span className={styles.rankName}>{item.name}</span>
                </button>
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}

function Results(props: { keyword: string; items: SiteSearchItem[]; loading: boolean; onChoose: (i: SiteSearchItem) => void }) {
  const { items, loading, onChoose } = props;
  return (
    <section className={styles.section} aria-busy={loading}>
      <div className={styles.sectionHead}>
        <span>{MSG.siteSearchResults}</span>
        {loading && <Spin size="small" />}
      </div>
      {items.length === 0 ? (
        <div className={styles.empty}>{MSG.siteSearchEmpty}</div>
      ) : (
        <div className={styles.results} data-testid="search-results">
          {items.map((item) => (
            <button
              type="button"
              role="option"
              aria-selected={false}
              key={item.route}
              className={styles.result}
              onClick={() => onChoose(item)}
            >
              <span className={styles.tileIcon}>
                <ToolIcon name={item.icon} />
              </span>
              <span className={styles.resultText}>
                <span className={styles.resultName}>{item.name}</span>
                {item.desc && <span className={styles.resultDesc}>{item.desc}</span>}
              </span>
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
