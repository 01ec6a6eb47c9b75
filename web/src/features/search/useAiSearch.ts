import { useCallback, useState } from 'react';
import { Code, MSG } from '@wanxiang/contract';
import { useAnswerStream } from '../../hooks/useAnswerStream';
import { openGateRefusal } from '../chat/gates/quota-gate';
import type { Source } from './citations';

/**
 * One AI search (mode 2): the query goes to the chat route of the net_search model, which
 * searches the web (`search`, `search_read` events) and streams an answer citing the sources.
 * The conversation is kept in chat history (model net_search), which is the server search history.
 */

export interface AiSearchState {
  query: string;
  conversationId: string;
  phase: 'idle' | 'searching' | 'answering' | 'done' | 'failed';
  searchQuery: string;
  sources: Source[];
  answer: string;
  error: string;
}

export const AI_SEARCH_MODEL = 'net_search';

const idle: AiSearchState = { query: '', conversationId: '', phase: 'idle', searchQuery: '', sources: [], answer: '', error: '' };

/** The search of the answer streaming or shown now; `ended` once it has an outcome. */
interface RunInfo {
  query: string;
  conversationId: string;
  searchQuery: string;
  sources: Source[];
  ended: { phase: 'done' | 'failed'; error: string } | null;
}

export function useAiSearch(model = AI_SEARCH_MODEL) {
  const stream = useAnswerStream();
  const { start, reset: resetStream } = stream;
  const [info, setInfo] = useState<RunInfo | null>(null);
  /** A finished search shown again from history (no stream). */
  const [shown, setShown] = useState<AiSearchState | null>(null);

  const run = useCallback(
    async (query: string, conversationId: string = crypto.randomUUID()) => {
      setShown(null);
      setInfo({ query, conversationId, searchQuery: '', sources: [], ended: null });
      const patch = (next: Partial<RunInfo>) => setInfo((s) => (s && s.conversationId === conversationId ? { ...s, ...next } : s));
      const out = await start({ model, body: { prompt: query, conversationId } }, (ev) => {
        if (ev.event === 'search') patch({ searchQuery: ev.data.query });
        else if (ev.event === 'search_read') patch({ sources: ev.data.sources });
      });
      if (out.status === 'stopped') return;
      const answered = out.text.trim() !== '';
      if (out.status === 'done') {
        patch({ ended: { phase: answered ? 'done' : 'failed', error: answered ? '' : MSG.searchFailed } });
        return;
      }
      let error = out.error?.msg ?? '';
      if (out.status === 'refused') {
        if (openGateRefusal(out.error!.code, out.error!.msg)) error = '';
      } else if (out.error?.code === Code.NO_COUNT) openGateRefusal(Code.NO_COUNT, error);
      patch({ ended: { phase: 'failed', error } });
    },
    [model, start],
  );

  const reset = useCallback(() => {
    resetStream();
    setInfo(null);
    setShown(null);
  }, [resetStream]);

  /** Show a finished search again (a history entry), without searching. */
  const show = useCallback(
    (next: Partial<AiSearchState>) => {
      resetStream();
      setInfo(null);
      setShown({ ...idle, phase: 'done', ...next });
    },
    [resetStream],
  );

  const answer = stream.state.text;
  const state: AiSearchState =
    shown ??
    (info
      ? {
          query: info.query,
          conversationId: info.conversationId,
          searchQuery: info.searchQuery,
          sources: info.sources,
          answer,
          phase: info.ended?.phase ?? (answer ? 'answering' : 'searching'),
          error: info.ended?.error ?? '',
        }
      : idle);

  return { state, run, reset, show };
}
