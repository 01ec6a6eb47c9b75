import { MSG, PAGE_TEXT_MAX_CHARS, type PageTextRes } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { rateLimited, refused } from '../../http/errors';
import { SafeFetchError } from '../../infra/safe-fetch';
import { decodeHtml, looksLikeHtml } from './decode';
import { ExtractError, sharedPageExtractor, type PageExtractor } from './extractor';
import type { ReadablePage } from './readable';

/** What reading a page needs: the context's safe fetch, and the worker pool (shared by default). */
export type PageReaderDeps = Pick<AppContext, 'safeFetch'> & { extractor?: PageExtractor };

/** Page bytes read at most; larger pages are refused rather than cut mid-markup. */
export const PAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PAGE_TIMEOUT_MS = 10_000;

const REQUEST_HEADERS = {
  accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
  'accept-language': 'zh-CN,zh;q=0.9,en;q=0.6',
  'user-agent': 'Mozilla/5.0 (compatible; WanxiangReader/1.0)',
};

/**
 * The readable text of a public web page, for web import into a chat. Every failure is a
 * business refusal with a Chinese sentence: refused address, fetch failure, too large, timeout,
 * not HTML, or nothing readable on the page.
 */
export async function readPageText(deps: PageReaderDeps, url: string): Promise<PageTextRes> {
  let res;
  try {
    res = await deps.safeFetch(url, { headers: REQUEST_HEADERS, maxBytes: PAGE_MAX_BYTES, timeoutMs: PAGE_TIMEOUT_MS });
  } catch (err) {
    if (err instanceof SafeFetchError) throw refused(err.message);
    throw err;
  }
  const contentType = res.headers['content-type'];
  if (!looksLikeHtml(contentType, res.body)) throw refused(MSG.urlNotHtml);

  const page = await extract(deps.extractor ?? sharedPageExtractor(), decodeHtml(res.body, contentType), res.url);
  const text = page.text.slice(0, PAGE_TEXT_MAX_CHARS);
  if (!text) throw refused(MSG.pageNoContent);
  return { url: res.url, title: page.title, text, length: text.length };
}

async function extract(extractor: PageExtractor, html: string, url: string): Promise<ReadablePage> {
  try {
    return await extractor.extract(html, url);
  } catch (err) {
    if (!(err instanceof ExtractError)) throw err;
    if (err.reason === 'timeout') throw refused(MSG.urlTimeout);
    if (err.reason === 'busy') throw rateLimited();
    throw refused(MSG.urlFetchFailed);
  }
}
