import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { WEBDISK_CHANNELS, WEBDISK_CONFIG_KEYS, type WebdiskChannel, type WebdiskConfigKey } from '@wanxiang/contract';
import { catalogFile } from '../../catalog';
import { liveValueOf, type LiveSpec, type LiveValueHost } from '../../catalog/documents/live';

/**
 * The web-disk channels of catalog/webdisk.json (docs/product/search.md §3, §7): one entry per
 * configuration key, a URL template with {keyword} and {page}, and how its answer is read.
 * An empty template means the operator has not configured that channel: it answers [].
 */

/** A dotted path into a JSON answer, e.g. "result.items" or "page_url". */
const jsonPath = z.string().regex(/^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/, 'a dotted path such as result.items');
/** A CSS selector, optionally `@attr` to read an attribute instead of the text. */
const selector = z.string().trim().min(1).max(200);

const FieldsSchema = z.strictObject({
  title: jsonPath,
  url: jsonPath,
  time: jsonPath.optional(),
  size: jsonPath.optional(),
  geshi: jsonPath.optional(),
  content: jsonPath.optional(),
});

const SelectorsSchema = z.strictObject({
  item: selector,
  title: selector,
  url: selector,
  time: selector.optional(),
  size: selector.optional(),
});

const template = z
  .string()
  .trim()
  .refine((v) => v === '' || /^https?:\/\//.test(v), 'url: empty (disabled) or an http(s) URL template with {keyword} and {page}');

const ChannelSchema = z
  .strictObject({
    key: z.enum(WEBDISK_CONFIG_KEYS),
    label: z.string().trim().min(1),
    /** Result type of 3: 0 up1, 1 up2, 2 yunpan, 6 brother, 7 pickup, 8 aggregation. */
    type: z.number().int().min(0).max(99),
    /** The tab (or the aggregation source) this channel serves; channels without one are kept for the unified page. */
    tab: z.enum(WEBDISK_CHANNELS).optional(),
    url: template,
    method: z.enum(['GET', 'POST']).default('GET'),
    /** json: items at itemsPath; base64json: the body is base64 of such JSON; html: scraped with selectors. */
    format: z.enum(['json', 'base64json', 'html']),
    itemsPath: jsonPath.optional(),
    fields: FieldsSchema.optional(),
    selectors: SelectorsSchema.optional(),
    /** POST only: the `type` field of the aggregation body. */
    searchType: z.string().max(40).optional(),
  })
  .superRefine((c, ctx) => {
    if (c.format === 'html' && !c.selectors) ctx.addIssue({ code: 'custom', path: ['selectors'], message: 'html channels need selectors' });
    if (c.format !== 'html' && (!c.itemsPath || !c.fields)) {
      ctx.addIssue({ code: 'custom', path: ['fields'], message: 'json and base64json channels need itemsPath and fields' });
    }
  });

const FileSchema = z.strictObject({ _comment: z.string().optional(), channels: z.array(ChannelSchema) });

export type WebdiskChannelConfig = z.infer<typeof ChannelSchema>;

export class WebdiskCatalogError extends Error {
  override name = 'WebdiskCatalogError';
}

export interface WebdiskChannels {
  all: WebdiskChannelConfig[];
  byKey(key: WebdiskConfigKey): WebdiskChannelConfig | undefined;
  byTab(tab: WebdiskChannel): WebdiskChannelConfig | undefined;
}

/** Read and validate {catalog}/webdisk.json (the CATALOG_DIR copy when present); fails fast naming the field. */
export function loadWebdiskChannels(catalogDir?: string): WebdiskChannels {
  const path = catalogFile(catalogDir, 'webdisk.json');
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new WebdiskCatalogError(`${path}: ${(err as Error).message}`);
  }
  return parseWebdiskChannels(json, path);
}

export function parseWebdiskChannels(json: unknown, where = 'webdisk.json'): WebdiskChannels {
  const parsed = FileSchema.safeParse(json);
  if (!parsed.success) {
    const why = parsed.error.issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new WebdiskCatalogError(`${where}: ${why}`);
  }
  const all = parsed.data.channels;
  const keys = new Set<string>();
  const tabs = new Set<string>();
  for (const c of all) {
    if (keys.has(c.key)) throw new WebdiskCatalogError(`${where}: duplicate channel key "${c.key}"`);
    keys.add(c.key);
    if (c.tab) {
      if (tabs.has(c.tab)) throw new WebdiskCatalogError(`${where}: two channels serve the tab "${c.tab}"`);
      tabs.add(c.tab);
    }
  }
  return {
    all,
    byKey: (key) => all.find((c) => c.key === key),
    byTab: (tab) => all.find((c) => c.tab === tab),
  };
}

export const WEBDISK_SPEC: LiveSpec<WebdiskChannels> = { documents: ['webdisk'], build: (read) => parseWebdiskChannels(read('webdisk')) };

/** The channels in force for this app: the console's saved copy over the file, rebuilt when either changes. */
export function webdiskChannelsOf(ctx: LiveValueHost): WebdiskChannels {
  return liveValueOf(ctx, 'webdisk.channels', WEBDISK_SPEC);
}

/**
 * The address one channel is asked: its template with the keyword (URL-encoded) and page, or,
 * when WEBDISK_BASE_URL is set, {base}/{key}?keyword=&page= (every channel at one test base).
 * null = not configured.
 */
export function channelUrl(c: WebdiskChannelConfig, keyword: string, page: number, baseOverride?: string): string | null {
  const tpl = baseOverride ? `${baseOverride.replace(/\/+$/, '')}/${c.key}?keyword={keyword}&page={page}` : c.url;
  if (!tpl) return null;
  return tpl.replaceAll('{keyword}', encodeURIComponent(keyword)).replaceAll('{page}', String(page));
}
