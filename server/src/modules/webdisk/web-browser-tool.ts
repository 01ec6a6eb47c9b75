import type { WebResult } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { CatalogModel } from '../../catalog';
import type { WebSearchResult } from '../../infra/web-search';
import type { AgentTool } from '../agents/tool-types';
import { CLASSIFY_MARKER } from './classify-marker';

export { CLASSIFY_MARKER };
import { filterWebResults } from './filter';
import { webdiskState } from './service';

/**
 * The `web_browser` agent tool (docs/product/search.md §4, §7): search the web for the question,
 * have a small model sort each site into a type, a category and tags, drop what the result
 * filter refuses (5) and hand the sites over as WebResult outputs. The find-websites page reads
 * these outputs from the tool_result event. No search backend, or a failing one, gives [].
 */

/** Classification is a nicety: without an answer in this time the sites go out unclassified. */
export const CLASSIFY_TIMEOUT_MS = 8_000;
const CLASSIFY_MODEL = 'glm_4_air';
const OUTPUT_MAX_CHARS = 8_000;

/** The keyword inside the find-websites message (请帮我查找与“X”相关的网站...), else the whole question. */
export function keywordOf(query: string): string {
  const m = /查找与[“"「](.+?)[”"」]相关的网站/.exec(query);
  return (m?.[1] ?? query).trim().slice(0, 200);
}

export function classifyPrompt(keyword: string, sites: WebSearchResult[]): string {
  const lines = sites.map((s, i) => `${i + 1}. ${s.title} | ${s.href} | ${s.snippet}`);
  return [
    `${CLASSIFY_MARKER}用户在找与“${keyword}”相关的网站。请为下面每个网站给出类型（type，如 工具、资源、社区、资讯、教程、官网）、分类（classify，一个简短的领域名）和 1 到 3 个标签（tag）。`,
    '只输出一个 JSON 数组，例如 [{"i":1,"type":"工具","classify":"设计","tag":["素材","免费"]}]，不要输出其他内容。',
    '网站：',
    ...lines,
  ].join('\n');
}

interface Label {
  type: string;
  classify: string;
  tag: string[];
}

/** Labels by site number from the model's answer (a JSON array, bare or fenced); entries that do not fit are skipped. */
export function parseLabels(output: string): Map<number, Label> {
  const out = new Map<number, Label>();
  const start = output.indexOf('[');
  const end = output.lastIndexOf(']');
  if (start < 0 || end <= start) return out;
  let json: unknown;
  try {
    json = JSON.parse(output.slice(start, end + 1));
  } catch {
    return out;
  }
  if (!Array.isArray(json)) return out;
  for (const e of json) {
    if (!e || typeof e !== 'object') continue;
    const r = e as Record<string, unknown>;
    const i = typeof r.i === 'number' ? r.i : Number(r.i);
    if (!Number.isInteger(i)) continue;
    const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 20) : '');
    const tag = Array.isArray(r.tag) ? r.tag.map(text).filter(Boolean).slice(0, 3) : [];
    out.set(i, { type: text(r.type), classify: text(r.classify), tag });
  }
  return out;
}

function hostOf(href: string): string {
  try {
    return new URL(href).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** A site with the model's labels, or plain defaults (网站, the keyword, the host) without them. */
export function toWebResult(site: WebSearchResult, keyword: string, label?: Label): WebResult {
  return {
    title: site.title,
    describe: site.snippet,
    type: label?.type || '网站',
    classify: label?.classify || keyword.slice(0, 20),
    url: site.href,
    tag: label?.tag.length ? label.tag : [hostOf(site.href)].filter(Boolean),
    resource: site.href,
  };
}

async function classify(ctx: AppContext, keyword: string, sites: WebSearchResult[], parent: AbortSignal): Promise<Map<number, Label>> {
  const model: CatalogModel | undefined = ctx.catalog.get(CLASSIFY_MODEL);
  if (!model || !model.online || !ctx.llm.available(model) || sites.length === 0) return new Map();
  const signal = AbortSignal.any([parent, AbortSignal.timeout(CLASSIFY_TIMEOUT_MS)]);
  let out = '';
  try {
    for await (const d of ctx.llm.stream({
      model,
      messages: [{ role: 'user', content: classifyPrompt(keyword, sites) }],
      temperature: 0.2,
      maxTokens: 1_200,
      signal,
    })) {
      if (d.type === 'text') out += d.text;
      if (out.length > OUTPUT_MAX_CHARS) break;
    }
  } catch {
    // Timeout or upstream error: what arrived may still parse; otherwise defaults.
  }
  return parseLabels(out);
}

export const webBrowserTool: AgentTool = async (ctx, { query, signal }) => {
  const keyword = keywordOf(query);
  const sites = keyword && ctx.webSearch.adapter ? await ctx.webSearch.adapter.search({ query: keyword, signal }) : [];
  const labels = await classify(ctx, keyword, sites, signal);
  const words = await webdiskState(ctx).forbidden.words();
  const outputs = filterWebResults(
    sites.map((s, i) => toWebResult(s, keyword, labels.get(i + 1))),
    words,
  );
  const content = outputs.map((r, i) => `${i + 1}. ${r.title}（${r.type}/${r.classify}）${r.url}\n${r.describe}`).join('\n');
  return { outputs, content };
};
