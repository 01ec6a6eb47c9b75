import { WEBDISK_CHANNELS, WEBDISK_CONFIG_KEYS } from '@wanxiang/contract';

/**
 * The web-disk channels document (server/catalog/webdisk.json, checked by parseWebdiskChannels in
 * server/src/modules/webdisk/channels.ts) as the console's table and drawer form. The form edits a channel's key,
 * label, result type, tab, URL template, method, format, items path and POST type; the field paths (fields) and CSS
 * selectors (selectors) and the file's _comment are kept as they are (edited in 高级).
 */

export type WebdiskFormat = 'json' | 'base64json' | 'html';

export interface WebdiskChannelDoc {
  key: string;
  label: string;
  type: number;
  tab?: string;
  url: string;
  method?: 'GET' | 'POST';
  format: WebdiskFormat;
  itemsPath?: string;
  fields?: Record<string, string>;
  selectors?: Record<string, string>;
  searchType?: string;
  [field: string]: unknown;
}

export interface WebdiskContent {
  channels: WebdiskChannelDoc[];
  [other: string]: unknown;
}

export interface WebdiskFormValues {
  key: string;
  label: string;
  type: number;
  /** '' = serves no tab. */
  tab: string;
  url: string;
  method: 'GET' | 'POST';
  format: WebdiskFormat;
  itemsPath: string;
  searchType: string;
  /** fields.title / fields.url: where a json item's title and link sit (the other field paths are kept). */
  fieldTitle: string;
  fieldUrl: string;
  /** selectors.item / .title / .url of an html channel (the others are kept). */
  selItem: string;
  selTitle: string;
  selUrl: string;
}

export const WEBDISK_KEYS: readonly string[] = WEBDISK_CONFIG_KEYS;
export const WEBDISK_TABS: readonly string[] = WEBDISK_CHANNELS;

/** The schema's template rule: empty (not configured) or an http(s) URL. */
export const isUrlTemplate = (v: string) => v.trim() === '' || /^https?:\/\//.test(v.trim());
/** The schema's dotted path (`result.items`). */
export const JSON_PATH_RE = /^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/;

export function isWebdiskContent(v: unknown): v is WebdiskContent {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const channels = (v as { channels?: unknown }).channels;
  return Array.isArray(channels) && channels.every((c) => !!c && typeof c === 'object' && typeof (c as WebdiskChannelDoc).key === 'string');
}

export const webdiskValuesOf = (c: WebdiskChannelDoc): WebdiskFormValues => ({
  key: c.key,
  label: c.label ?? '',
  type: c.type ?? 0,
  tab: c.tab ?? '',
  url: c.url ?? '',
  method: c.method ?? 'GET',
  format: c.format ?? 'json',
  itemsPath: c.itemsPath ?? '',
  searchType: c.searchType ?? '',
  fieldTitle: c.fields?.title ?? '',
  fieldUrl: c.fields?.url ?? '',
  selItem: c.selectors?.item ?? '',
  selTitle: c.selectors?.title ?? '',
  selUrl: c.selectors?.url ?? '',
});

/**
 * The channel with the form's values. Optional fields left empty are dropped, and a GET method the file did not
 * write stays unwritten (GET is the schema's default), so an unchanged channel saves exactly as loaded.
 */
export function channelWithValues(before: WebdiskChannelDoc | undefined, v: WebdiskFormValues): WebdiskChannelDoc {
  const c: WebdiskChannelDoc = { ...before, key: v.key, label: v.label.trim(), type: v.type, url: v.url.trim(), format: v.format };
  const optional = { tab: v.tab, itemsPath: v.itemsPath.trim(), searchType: v.searchType.trim() };
  for (const [field, value] of Object.entries(optional)) {
    if (value) c[field] = value;
    else delete c[field];
  }
  if (v.method === 'POST' || before?.method) c.method = v.method;
  // Only the format in use writes its paths; the other kind is kept as it was (a channel may carry both).
  if (v.format === 'html') c.selectors = { ...before?.selectors, item: v.selItem.trim(), title: v.selTitle.trim(), url: v.selUrl.trim() };
  else c.fields = { ...before?.fields, title: v.fieldTitle.trim(), url: v.fieldUrl.trim() };
  return c;
}

/** The document with the channel saved: in place at `index`, or added at the end when `index` is null. */
export function withChannel(content: WebdiskContent, index: number | null, v: WebdiskFormValues): WebdiskContent {
  const channel = channelWithValues(index === null ? undefined : content.channels[index], v);
  const channels = index === null ? [...content.channels, channel] : content.channels.map((c, i) => (i === index ? channel : c));
  return { ...content, channels };
}

export const withoutChannel = (content: WebdiskContent, index: number): WebdiskContent => ({ ...content, channels: content.channels.filter((_, i) => i !== index) });

/** A new channel's starting values: the first configuration key without a channel, not configured (empty URL). */
export function newChannelValues(content: WebdiskContent, label: string): WebdiskFormValues | null {
  const taken = new Set(content.channels.map((c) => c.key));
  const key = WEBDISK_KEYS.find((k) => !taken.has(k));
  if (!key) return null;
  return { key, label, type: 0, tab: '', url: '', method: 'GET', format: 'json', itemsPath: '', searchType: '', fieldTitle: '', fieldUrl: '', selItem: '', selTitle: '', selUrl: '' };
}

/**
 * Whether the server's refusal names the channel at `index`: zod paths (`channels.2.url: …`), or the duplicate checks'
 * quoted key or tab (`duplicate channel key "Up1Url"`, `two channels serve the tab "up1"`).
 */
export function channelNamed(problem: string | null, index: number, c: WebdiskChannelDoc | undefined): boolean {
  if (!problem || !c) return false;
  if (new RegExp(`channels\\.${index}(?![0-9])`).test(problem)) return true;
  if (problem.includes(`key "${c.key}"`)) return true;
  return !!c.tab && problem.includes(`tab "${c.tab}"`);
}
