import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Spin } from 'antd';
import { LOOKFORFILE_MODEL, MSG } from '@wanxiang/contract';
import { Markdown } from '../../components/markdown';
import { useAnswerStream } from '../../hooks/useAnswerStream';
import { openGateRefusal } from '../chat/gates/quota-gate';
import { SearchBox, SearchHero } from '../search/SearchHero';
import { SearchLayout } from '../search/SearchLayout';
import { useSearchPage } from '../search/useSearchPage';
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
  const [shown, setShown] = useState<{ query: string; error: string } | null>(null);
  const [waiting, setWaiting] = useState(false);
  const stream = useAnswerStream();
  const sample = useMemo(() => pickRandom(MSG.lookforfileSamples, 1), []);
  const delayAbort = useRef<AbortController | null>(null);
  const sentOnce = useRef(false);
  const { start: startStream, stop: stopStream, reset: resetStream } = stream;

  const page = useSearchPage({
    mode: MODE,
    quotaKey: QUOTA_KEY,
    onSearch: async (query) => {
      delayAbort.current?.abort();
      const abort = new AbortController();
      delayAbort.current = abort;
      resetStream();
      setShown({ query, error: '' });
      setWaiting(true);
      const delay = sentOnce.current ? CHAT_SEND_DELAY_MS : FIRST_SEND_DELAY_MS;
      sentOnce.current = true;
      if (!(await wait(delay, abort.signal))) return;
      setWaiting(false);
      const out = await startStream({ model: LOOKFORFILE_MODEL, body: { prompt: query } });
      if (out.status === 'stopped') return;
      let error = '';
      if (out.status === 'refused') {
        if (!openGateRefusal(out.error!.code, out.error!.msg)) error = out.error!.msg;
      } else if (out.status === 'failed') error = out.error!.msg;
      // What arrived stands; the error shows only for an answer without text.
      setShown({ query, error: out.text ? '' : error });
    },
  });
  const { value, setValue } = page;
  const run = page.search;

  const stop = () => {
    delayAbort.current?.abort();
    setWaiting(false);
    stopStream();
  };
  const back = () => {
    delayAbort.current?.abort();
    setWaiting(false);
    resetStream();
    setShown(null);
  };
  const answer: Answer | null = shown && { ...shown, text: stream.state.text, streaming: waiting || stream.running };

  return (
    <SearchLayout
      {...page.layout}
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
