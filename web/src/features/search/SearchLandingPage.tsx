import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Segmented } from 'antd';
import { MSG, type StoredMessage } from '@wanxiang/contract';
import { recordData } from '../../api/history';
import { chatPath, modelKeyCandidates } from '../chat/model-key';
import { AiSearchAnswer } from './AiSearchAnswer';
import { HotCards } from './HotCards';
import { MindMapSlot } from './MindMapSlot';
import { SearchHero } from './SearchHero';
import { SearchLayout } from './SearchLayout';
import { bottomTypeOf, modeOf } from './keyword';
import type { HistoryEntry } from './history';
import { AI_SEARCH_TOOL, SEARCH_TOOLS, toolPath } from './tools';
import { AI_SEARCH_MODEL, useAiSearch } from './useAiSearch';
import { useSearchPage } from './useSearchPage';
import styles from './search.module.css';

/** Models an AI search may run on when `type` names one (the web-search models of the catalog). */
const SEARCH_MODELS = ['net_search', 'net', 'completionNet'];

/**
 * Search landings of modes 1 and 2 (docs/product/search.md §2, §4): /aiSearch/searchByhome
 * (a grid of the six other search tools with 立即体验 and a search-type selector) and
 * /aiSearch/serachnet (AI search: hot-search cards, answers streamed with cited sources).
 */
export default function SearchLandingPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const mode = modeOf(location.pathname, params.get('mode'));
  const model = modelKeyCandidates(params.get('type')).find((k) => SEARCH_MODELS.includes(k)) ?? AI_SEARCH_MODEL;
  const bottomType = bottomTypeOf(params);

  const [searchType, setSearchType] = useState('serachnet');
  const ai = useAiSearch(model);

  // bottomType opens that chat tool (voice, web, doc, video, image) on load.
  useEffect(() => {
    if (bottomType) navigate(chatPath(model, { bottomType }), { replace: true });
  }, [bottomType, model, navigate]);

  const tool = SEARCH_TOOLS.find((t) => t.key === searchType) ?? AI_SEARCH_TOOL;
  const page = useSearchPage({
    mode,
    quotaKey: mode === 1 ? tool.quotaKey : 'chat_networking',
    withServerHistory: mode === 2,
    // An AI search saves its row with the conversation id.
    autoSaveHistory: false,
    onSearch: (query) => {
      if (mode === 1) {
        page.saveHistory(query);
        navigate(toolPath(tool.key, query));
        return;
      }
      const id = crypto.randomUUID();
      page.saveHistory(query, id);
      void ai.run(query, id);
    },
  });
  const { value, setValue, search } = page;

  /** A saved AI search opens as it was (no new search); other rows search again. */
  const pickHistory = async (e: HistoryEntry) => {
    if (mode !== 2 || !e.searchid) return page.layout.onPickHistory(e);
    setValue(e.text);
    if (page.isMobile) page.setHistoryOpen(false);
    try {
      const rec = await recordData(e.searchid);
      const { question, answer, search } = lastExchange(rec.messages);
      ai.show({ query: question || e.text, answer, conversationId: e.searchid, searchQuery: search?.query ?? '', sources: search?.sources ?? [] });
    } catch {
      void search(e.text);
    }
  };

  const results = mode === 2 && ai.state.phase !== 'idle';
  return (
    <SearchLayout
      {...page.layout}
      onPickHistory={(e) => void pickHistory(e)}
      onBack={results ? ai.reset : undefined}
      right={results ? <MindMapSlot state={ai.state} /> : undefined}
    >
      {results ? (
        <div className={styles.results}>
          <AiSearchAnswer state={ai.state} onRetry={() => void ai.run(ai.state.query)} />
        </div>
      ) : (
        <SearchHero
          title={MSG.searchLandingTitles[mode] ?? MSG.searchHubTitle}
          subtitle={MSG.searchLandingSubtitles[mode]}
          value={value}
          onChange={setValue}
          onSearch={(q) => void search(q)}
          examples={MSG.searchExamples[mode]}
          quickLinks={SEARCH_TOOLS.filter((t) => t.mode !== mode).map((t) => ({
            label: MSG.searchTools[t.key]?.name ?? t.key,
            onClick: () => navigate(toolPath(t.key)),
          }))}
          extra={
            mode === 1 ? (
              <div className={styles.typeSelector}>
                <span className={styles.examplesLabel}>{MSG.searchTypeLabel}</span>
                <Segmented
                  value={searchType}
                  onChange={(v) => setSearchType(String(v))}
                  options={SEARCH_TOOLS.map((t) => ({ value: t.key, label: MSG.searchTools[t.key]?.name ?? t.key }))}
                />
              </div>
            ) : undefined
          }
        >
          {mode === 2 && (
            <HotCards
              onPick={(q) => {
                setValue(q);
                void search(q);
              }}
            />
          )}
          {mode === 1 && (
            <div className={styles.toolGrid}>
              {SEARCH_TOOLS.map((t) => (
                <Card key={t.key} size="small" className={styles.toolCard} title={MSG.searchTools[t.key]?.name}>
                  <p className={styles.toolDesc}>{MSG.searchTools[t.key]?.desc}</p>
                  <Button type="primary" ghost onClick={() => navigate(toolPath(t.key))}>
                    {MSG.searchTryNow}
                  </Button>
                </Card>
              ))}
            </div>
          )}
        </SearchHero>
      )}
    </SearchLayout>
  );
}

/** The last question and answer of a saved AI search conversation, with the sources the answer cites. */
function lastExchange(messages: StoredMessage[]): { question: string; answer: string; search?: StoredMessage['search'] } {
  const reply = [...messages].reverse().find((m) => m.role === 'assistant');
  const question = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  return { question, answer: reply?.content ?? '', search: reply?.search };
}
