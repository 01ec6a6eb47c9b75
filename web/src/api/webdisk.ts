import { LOOKFORWEB_AGENT_ID, MSG, type CloudResult, type SearchPage, type WebResult, type WebdiskSearchQuery } from '@wanxiang/contract';
import type { ChatStreamBody, ChatStreamOptions } from './chat-stream';
import { get } from './request';

/** Cloud-disk search (docs/product/search.md §7). A failing channel answers an empty page, not an error. */

export function searchWebdisk(q: Partial<WebdiskSearchQuery> & { keyword: string }, signal?: AbortSignal): Promise<SearchPage<CloudResult>> {
  return get<SearchPage<CloudResult>>('/v1/search/webdisk', { ...q }, { silent: true, signal });
}

/** Chat type of the find-websites agent call (7.1): desktop or mobile web. */
export function lookforwebChatType(desktop: boolean): string {
  return desktop ? 'pc-AI找网站' : 'web-AI找网站';
}

/** Website results out of a tool_result `outputs`: only well-formed entries with an http(s) url (the stream is not trusted). */
export function toWebResults(outputs: unknown): WebResult[] {
  if (!Array.isArray(outputs)) return [];
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return outputs.flatMap((o): WebResult[] => {
    if (!o || typeof o !== 'object') return [];
    const r = o as Record<string, unknown>;
    const url = text(r.url);
    if (!/^https?:\/\//i.test(url) || !text(r.title)) return [];
    const tag = Array.isArray(r.tag) ? r.tag.filter((t): t is string => typeof t === 'string') : [];
    return [{ title: text(r.title), describe: text(r.describe), type: text(r.type), classify: text(r.classify), url, tag, resource: url }];
  });
}

/**
 * Find websites (4.3, 7.1): the find-websites agent's chat stream request; the list is read from
 * the stream by features/webdisk/find-websites.ts.
 */
export function findWebsitesRequest(keyword: string, desktop: boolean): Omit<ChatStreamOptions, 'signal'> {
  const body = {
    messages: [{ role: 'user', content: MSG.lookforwebPrompt(keyword) }],
    assistant_id: LOOKFORWEB_AGENT_ID,
    conversation_id: null,
    file_id: [],
    chat_type: lookforwebChatType(desktop),
  };
  return { model: LOOKFORWEB_AGENT_ID, path: '/v1/agent/chat', body: body as unknown as ChatStreamBody };
}
