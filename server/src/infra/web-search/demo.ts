import type { WebSearchAdapter, WebSearchQuery, WebSearchResult } from './types';

/** Long enough for the reader to see the search phase; the demo upstream is paced the same way. */
const DEFAULT_DELAY_MS = 700;

const PAGES: readonly { title: (topic: string) => string; snippet: (topic: string) => string }[] = [
  {
    title: (t) => `【演示】${t}：概述与要点`,
    snippet: (t) => `演示搜索结果（未连接真实搜索引擎）：关于「${t}」的基本概念、背景与要点整理。`,
  },
  {
    title: (t) => `【演示】${t}：常见问题解答`,
    snippet: (t) => `演示搜索结果（未连接真实搜索引擎）：围绕「${t}」的常见疑问与解答。`,
  },
  {
    title: (t) => `【演示】${t}：最新动态`,
    snippet: (t) => `演示搜索结果（未连接真实搜索引擎）：与「${t}」相关的近期进展与讨论。`,
  },
];

/**
 * The offline search used when no search backend is configured and the app runs in demo mode:
 * deterministic, clearly labelled results (【演示】 titles, example.com links, which is reserved
 * for examples), so the whole networked flow can be tried without any outside service.
 */
export function createDemoSearchAdapter(opts: { maxResults: number; delayMs?: number }): WebSearchAdapter {
  const delayMs = opts.delayMs ?? DEFAULT_DELAY_MS;
  return {
    kind: 'demo',
    async search(q: WebSearchQuery): Promise<WebSearchResult[]> {
      if (delayMs > 0 && !(await wait(delayMs, q.signal))) return [];
      const topic = topicOf(q.query);
      const source = q.scope?.engines || q.scope?.categories || 'all';
      return PAGES.slice(0, opts.maxResults).map((p, i) => ({
        title: p.title(topic),
        href: `https://example.com/wanxiang-demo/${encodeURIComponent(source)}/${i + 1}?q=${encodeURIComponent(q.query)}`,
        snippet: p.snippet(topic),
      }));
    },
  };
}

function topicOf(query: string): string {
  const chars = [...query.replace(/\s+/g, ' ').trim()];
  return chars.length > 20 ? `${chars.slice(0, 20).join('')}…` : chars.join('');
}

/** Resolves true after `ms`, false at once when the signal aborts. */
function wait(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(ok);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
