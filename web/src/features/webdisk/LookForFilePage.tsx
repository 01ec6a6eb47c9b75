import { useCallback, useMemo, useRef, useState } from 'react';
import { Alert, Button, Spin } from 'antd';
import { LOOKFORFILE_MODEL, MSG } from '@wanxiang/contract';
import { streamChat } from '../../api/chat-stream';
import { Markdown } from '../../components/markdown';
import { useIsMobile } from '../../hooks/useIsMobile';
import { openGateRefusal } from '../chat/gates/quota-gate';
import { SearchBox, SearchHero } from '../search/SearchHero';
import { SearchLayout } from '../search/SearchLayout';
import type { HistoryEntry } from '../search/history';
import { canStartSearch } from '../search/search-gate';
import { useDebouncedSave } from '../search/useDebouncedSave';
import { usePresetSearch } from '../search/usePresetSearch';
import { useSearchHistory } from '../search/useSearchHistory';
import { CHAT_SEND_DELAY_MS, FIRST_SEND_DELAY_MS, pickRandom } from './webdisk-logic';
import styles from './webdisk.module.css';

const MODE = 6;
const QUOTA_KEY = 'resource_file';

interface Answer {
  query: string;
  text: string;
  streaming: boolean;
  error: string;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<boolean>((resolve) => {
    const t = window.setTimeout(() => resolve(!signal.aborted), ms);
    signal.addEventListener('abort', () => (window.clearTimeout(t), resolve(false)), { once: true });
  });

/**
 * /aiSearch/lookforfile (mode 6, 4.4): the landing shows one random example prompt of ten; the
 * query goes as a user message to the find-files model (text mode, searching the web first) and
 * the answer streams as markdown. The first send waits 1000 ms, later ones 100 ms (9).
 */
export default function LookForFilePage() {
  const isMobile = useIsMobile();
  const [value, setValue] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [historyOpen, setHistoryOpen] = useState(!isMobile);
  const history = useSearchHistory(MODE, false);
  const saveHistory = useDebouncedSave(MODE, history.reload);
  const sample = useMemo(() => pickRandom(MSG.lookforfileSamples, 1), []);
  const abortRef = useRef<AbortController | null>(null);
  const sentOnce = useRef(false);

  const run = useCallback(
    async (q: string) => {
      if (!(await canStartSearch(q, QUOTA_KEY))) return;
      const query = q.trim();
      abortRef.current?.abort();
      const abort = new AbortController();
      abortRef.current = abort;
      setValue(query);
      saveHistory(query);
      setAnswer({ query, text: '', streaming: true, error: '' });
      const delay = sentOnce.current ? CHAT_SEND_DELAY_MS : FIRST_SEND_DELAY_MS;
      sentOnce.current = true;
      if (!(await wait(delay, abort.signal))) return;
      let text = '';
      let error = '';
      for await (const ev of streamChat({ model: LOOKFORFILE_MODEL, body: { prompt: query }, signal: abort.signal })) {
        if (ev.event === 'text') {
          text += ev.data.text;
          setAnswer({ query, text, streaming: true, error: '' });
        } else if (ev.event === 'refusal') {
          if (!openGateRefusal(ev.data.code, ev.data.msg)) error = ev.data.msg;
        } else if (ev.event === 'no_count') {
          error = ev.data.text;
        } else if (ev.event === 'error') {
          error = ev.data.msg;
        }
      }
      if (abort.signal.aborted) return;
      setAnswer({ query, text, streaming: false, error: text ? '' : error });
    },
    [saveHistory],
  );
  usePresetSearch((q) => void run(q), setValue);

  const stop = () => {
    abortRef.current?.abort();
    setAnswer((a) => (a ? { ...a, streaming: false } : a));
  };
  const back = () => {
    abortRef.current?.abort();
    setAnswer(null);
  };
  const onPickHistory = (e: HistoryEntry) => {
    if (isMobile) setHistoryOpen(false);
    void run(e.text);
  };

  return (
    <SearchLayout
      history={history}
      historyOpen={historyOpen}
      setHistoryOpen={setHistoryOpen}
      onPickHistory={onPickHistory}
      onBack={answer ? back : undefined}
      backText={MSG.webdiskBack}
    >
      {!answer ? (
        <SearchHero
          title={MSG.lookforfileTitle}
          subtitle={MSG.lookforfileSubtitle}
          placeholder={MSG.lookforfilePlaceholder}
          value={value}
          onChange={setValue}
          onSearch={(q) => void run(q)}
          examples={sample}
        />
      ) : (
        <div className={styles.page}>
          <div className={styles.head}>
            <SearchBox
              value={value}
              onChange={setValue}
              onSearch={(q) => void run(q)}
              loading={answer.streaming}
              loadingText={MSG.webdiskSearching}
              placeholder={MSG.lookforfilePlaceholder}
            />
          </div>
          <div className={styles.answer} data-testid="lookforfile-answer">
            <div className={styles.query}>{answer.query}</div>
            {answer.error ? (
              <Alert type="error" showIcon message={answer.error} action={<Button onClick={() => void run(answer.query)}>{MSG.webdiskRetry}</Button>} />
            ) : answer.text ? (
              <Markdown text={answer.text} streaming={answer.streaming} />
            ) : (
              answer.streaming && <Spin />
            )}
            {answer.streaming && (
              <div className={styles.footer}>
                <Button size="small" onClick={stop}>
                  {MSG.lookforfileStop}
                </Button>
              </div>
            )}
          </div>
        </div>
      )}
    </SearchLayout>
  );
}
