import { useCallback, useRef, useState } from 'react';
import { Code, MSG } from '@wanxiang/contract';
import { streamChat } from '../../api/chat-stream';
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

export function useAiSearch(model = AI_SEARCH_MODEL) {
  const [state, setState] = useState<AiSearchState>(idle);
  const abort = useRef<AbortController | null>(null);

  const run = useCallback(
    async (query: string, conversationId: string = crypto.randomUUID()) => {
      abort.current?.abort();
      const ctrl = new AbortController();
      abort.current = ctrl;
      let s: AiSearchState = { ...idle, query, conversationId, phase: 'searching' };
      setState(s);
      const update = (next: Partial<AiSearchState>) => {
        if (ctrl.signal.aborted) return;
        s = { ...s, ...next };
        setState(s);
      };
      for await (const ev of streamChat({ model, body: { prompt: query, conversationId }, signal: ctrl.signal })) {
        if (ctrl.signal.aborted) return;
        switch (ev.event) {
          case 'search':
            update({ searchQuery: ev.data.query });
            break;
          case 'search_read':
            update({ sources: ev.data.sources });
            break;
          case 'text':
            update({ answer: s.answer + ev.data.text, phase: 'answering' });
            break;
          case 'refusal':
            if (!openGateRefusal(ev.data.code, ev.data.msg)) update({ phase: 'failed', error: ev.data.msg });
            else update({ phase: 'failed', error: '' });
            return;
          case 'no_count':
            openGateRefusal(Code.NO_COUNT, ev.data.text);
            update({ phase: 'failed', error: ev.data.text });
            return;
          case 'error':
            update({ phase: 'failed', error: ev.data.msg });
            return;
          case 'done':
            update({ phase: s.answer.trim() ? 'done' : 'failed', error: s.answer.trim() ? '' : MSG.searchFailed });
            return;
          default:
            break;
        }
      }
      if (s.phase === 'searching' || s.phase === 'answering') update({ phase: s.answer.trim() ? 'done' : 'failed' });
    },
    [model],
  );

  const reset = useCallback(() => {
    abort.current?.abort();
    setState(idle);
  }, []);

  /** Show a finished search again (a history entry), without searching. */
  const show = useCallback((next: Partial<AiSearchState>) => {
    abort.current?.abort();
    setState({ ...idle, phase: 'done', ...next });
  }, []);

  return { state, run, reset, show };
}
