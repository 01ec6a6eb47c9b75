import * as cheerio from 'cheerio';
import type { FastifyBaseLogger } from 'fastify';
import type { CloudResult } from '@wanxiang/contract';
import { channelUrl, type WebdiskChannelConfig } from './channels';
import { readCappedText } from '../../infra/read-capped';

/**
 * Channel loaders (docs/product/search.md §7): ask one configured web-disk channel for a page of
 * results and read its answer by the channel's format. Channel addresses are the operator's
 * (trusted, plain fetch); only the keyword is the user's and it is URL-encoded into the template.
 * Any failure (not configured, refused, timeout, non-200, garbled) answers [] and is logged.
 */

/** Aggregation page size and filters (9): size 10, time 'year', exact true. */
export const AGGREGATE_PAGE_SIZE = 10;
/** A results page is tens of KB; anything far larger is not one. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

export interface LoaderSettings {
  timeoutMs: number;
  /** WEBDISK_BASE_URL: every channel at this base. */
  baseUrl?: string;
}

export async function loadChannel(
  c: WebdiskChannelConfig,
  keyword: string,
  page: number,
  settings: LoaderSettings,
  log: FastifyBaseLogger,
  signal?: AbortSignal,
): Promise<CloudResult[]> {
  const url = channelUrl(c, keyword, page, settings.baseUrl);
  if (!url) return [];
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const all = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    const init: RequestInit =
      c.method === 'POST'
        ? {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify({ q: keyword, page, size: AGGREGATE_PAGE_SIZE, time: 'year', type: c.searchType ?? '', exact: true }),
            signal: all,
          }
        : { headers: { accept: c.format === 'html' ? 'text/html' : 'application/json, text/plain' }, signal: all };
    const res = await fetch(url, init);
    if (!res.ok) {
      await res.body?.cancel();
      log.warn({ channel: c.key, status: res.status }, 'webdisk: channel answered an error status');
      return [];
    }
    const body = await readCappedText(res, MAX_BODY_BYTES);
    if (body === null) {
      log.warn({ channel: c.key }, 'webdisk: channel answer too large');
      return [];
    }
    return parseChannelAnswer(c, body, url);
  } catch (err) {
    if (!signal?.aborted) log.warn({ channel: c.key, err: timeout.aborted ? 'timeout' : String(err) }, 'webdisk: channel request failed');
    return [];
  }
}

/** Results of one answer by the channel's format; [] for anything that is not one. */
export function parseChannelAnswer(c: WebdiskChannelConfig, body: string, pageUrl: string): CloudResult[] {
  if (c.format === 'html') return parseHtml(c, body, pageUrl);
  let text = body.trim();
  if (c.format === 'base64json') {
    if (!/^[A-Za-z0-9+/=\s_-]+$/.test(text)) return [];
    text = Buffer.from(text, 'base64').toString('utf8');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  const items = at(json, c.itemsPath ?? '');
  if (!Array.isArray(items) || !c.fields) return [];
  const f = c.fields;
  const out: CloudResult[] = [];
  for (const it of items) {
    const url = httpUrl(str(at(it, f.url)), pageUrl);
    const title = plain(str(at(it, f.title)));
    if (!url || !title) continue;
    out.push(
      result(c, {
        title,
        url,
        time: f.time ? str(at(it, f.time)) : '',
        size: f.size ? str(at(it, f.size)) : '',
        geshi: f.geshi ? str(at(it, f.geshi)) : '',
        content: f.content ? plain(str(at(it, f.content))) : '',
      }),
    );
  }
  return out;
}

function parseHtml(c: WebdiskChannelConfig, html: string, pageUrl: string): CloudResult[] {
  const s = c.selectors;
  if (!s) return [];
  const $ = cheerio.load(html);
  const read = (el: ReturnType<typeof $>, sel: string | undefined): string => {
    if (!sel) return '';
    const [css, attr] = sel.split('@') as [string, string | undefined];
    const node = css.trim() ? el.find(css.trim()).first() : el;
    return (attr ? node.attr(attr.trim()) : node.text()) ?? '';
  };
  const out: CloudResult[] = [];
  $(s.item).each((_, node) => {
    const el = $(node);
    const url = httpUrl(read(el, s.url), pageUrl);
    const title = plain(read(el, s.title));
    if (!url || !title) return;
    out.push(result(c, { title, url, time: plain(read(el, s.time)), size: plain(read(el, s.size)), geshi: '', content: '' }));
  });
  return out;
}

function result(c: WebdiskChannelConfig, r: Pick<CloudResult, 'title' | 'url' | 'time' | 'size' | 'geshi' | 'content'>): CloudResult {
  return { ...r, geshi: r.geshi || extOf(r.title), info: c.label, sourceButton: c.tab ?? c.key, type: c.type };
}

/** A value at a dotted path; undefined when any step is missing. */
function at(v: unknown, path: string): unknown {
  if (!path) return v;
  let cur = v;
  for (const step of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[step];
  }
  return cur;
}

function str(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

/** Channels put highlight tags in titles (<em>, <span class="red">); the list shows plain text. */
function plain(s: string): string {
  return s
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Absolute http(s) link (relative links resolve against the page asked); null otherwise. */
function httpUrl(v: string, base: string): string | null {
  if (!v) return null;
  try {
    const u = new URL(v.trim(), base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/** File format from a title such as "课件.pdf" (the list shows it when the channel gives none). */
function extOf(title: string): string {
  const m = /\.([a-z0-9]{2,5})$/i.exec(title);
  return m ? m[1]!.toLowerCase() : '';
}
