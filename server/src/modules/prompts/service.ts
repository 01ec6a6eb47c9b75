import { MSG, parsePromptList, type PromptFetchRes } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { refused } from '../../http/errors';
import { SafeFetchError } from '../../infra/safe-fetch';

/** A prompt list is text; anything bigger than this is not one. */
export const PROMPT_LIST_MAX_BYTES = 2 * 1024 * 1024;
export const PROMPT_LIST_TIMEOUT_MS = 10_000;

export type PromptFetchDeps = Pick<AppContext, 'safeFetch'>;

/**
 * Download a prompt list for the network-import panel through the SSRF-safe fetch. The answer
 * must be a non-empty JSON array whose first item has key+value or act+prompt (数据格式不正确
 * otherwise); refusals and fetch failures answer the safe fetch's own Chinese sentence.
 */
export async function fetchPromptList(deps: PromptFetchDeps, url: string): Promise<PromptFetchRes> {
  let body: Buffer;
  try {
    const res = await deps.safeFetch(url, {
      headers: { accept: 'application/json, text/plain;q=0.9, */*;q=0.1' },
      maxBytes: PROMPT_LIST_MAX_BYTES,
      timeoutMs: PROMPT_LIST_TIMEOUT_MS,
    });
    body = res.body;
  } catch (err) {
    if (err instanceof SafeFetchError) throw refused(err.message);
    throw err;
  }
  let data: unknown;
  try {
    // A UTF-8 byte order mark is common in files saved on Windows.
    data = JSON.parse(body.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw refused(MSG.promptRemoteInvalid);
  }
  const list = parsePromptList(data);
  if (!list) throw refused(MSG.promptRemoteInvalid);
  return { list };
}
