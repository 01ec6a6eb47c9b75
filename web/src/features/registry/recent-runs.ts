import { toolById, type ToolRunItem } from '@wanxiang/contract';

/**
 * How the data board shows one of the user's recent tool runs (GET /api/v1/tools/runs): the tool's
 * title and icon from the registry (the run stores only the tool id), a link to the tool's page
 * where its history lives, and a one-line excerpt of the answer.
 */
export interface RecentRunView {
  id: string;
  title: string;
  icon: string;
  /** The tool's page; null when the tool has left the registry (its runs are still listed). */
  link: string | null;
  excerpt: string;
  time: string;
}

/** Characters of the answer the board shows before "…". */
export const EXCERPT_CHARS = 60;
export const GONE_TOOL_TITLE = '已下线的工具';

/**
 * The answer as one plain line: markdown marks (headings, emphasis, code fences, quotes, list
 * bullets, table bars and rules, link targets) dropped, whitespace collapsed, cut by characters as a person
 * counts them (an emoji is one) so a cut never splits one.
 */
export function excerptOf(markdown: string, max = EXCERPT_CHARS): string {
  const plain = markdown
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/:?-{3,}:?/g, ' ')
    .replace(/[*`~]+/g, '')
    .replace(/\|/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(plain);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : plain;
}

function timeText(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString('zh-CN', { hour12: false });
}

export function recentRunView(run: ToolRunItem): RecentRunView {
  const tool = toolById(run.toolId);
  const path = tool && tool.kind !== 'page' ? tool.paths[0] : undefined;
  // An answer that came out empty still says what was asked.
  const excerpt = excerptOf(run.content) || excerptOf(typeof run.inputs.text === 'string' ? run.inputs.text : '');
  return { id: run.id, title: tool?.title ?? GONE_TOOL_TITLE, icon: tool?.icon ?? '🧰', link: path ?? null, excerpt, time: timeText(run.createdAt) };
}
