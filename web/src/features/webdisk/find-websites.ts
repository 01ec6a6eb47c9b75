import type { WebResult } from '@wanxiang/contract';
import { findWebsitesRequest, toWebResults } from '../../api/webdisk';
import { runAnswerStream, type AnswerDeps } from '../../hooks/answer-stream';

export interface FindWebsitesResult {
  items: WebResult[];
  /** Set when the server refused before streaming (login, quota...). */
  refusal?: { code: number; msg: string };
}

/**
 * Find websites (4.3, 7.1): the find-websites agent streamed; the list is the `outputs` of the
 * tool_result whose type is web_browser. Stopping or an error without outputs gives [].
 */
export async function findWebsites(keyword: string, desktop: boolean, signal: AbortSignal, deps?: AnswerDeps): Promise<FindWebsitesResult> {
  let items: WebResult[] = [];
  const out = await runAnswerStream(
    findWebsitesRequest(keyword, desktop),
    signal,
    {
      onEvent: (ev) => {
        if (ev.event !== 'tool_result' || ev.data.type !== 'web_browser') return;
        const found = toWebResults(ev.data.outputs);
        if (found.length > 0) items = found;
      },
    },
    deps,
  );
  if (out.status === 'refused') return { items: [], refusal: out.error! };
  // What arrived stands, also when the stream broke off later.
  return { items };
}
