import { PENDING_ROUTES, TOOL_GROUPS, TOOLS, toolByPath, type ToolGroup, type ToolKind, type ToolScenario, type ToolSpec } from '@wanxiang/contract';
import { GROUP_ICONS } from './texts';

/**
 * The registry as the gallery pages show it (/function/*, /stage, /AIApply, /productPage): built
 * tools and listed pages, plus the pending routes greyed as 即将上线 rather than hidden. Pure
 * functions over data, unit-tested.
 */
export interface GalleryItem {
  id: string;
  title: string;
  description: string;
  icon: string;
  path: string;
  group: ToolGroup;
  scenarios: readonly ToolScenario[];
  keywords: readonly string[];
  /** 'pending' = not built yet (a placeholder route). */
  kind: ToolKind | 'pending';
}

/** Scenarios of a pending route, by its group (the tool has no entry to say so yet). */
const GROUP_SCENARIOS: Partial<Record<ToolGroup, readonly ToolScenario[]>> = {
  draw: ['image', 'create'],
  photo: ['image', 'life'],
  design: ['image', 'office', 'create'],
  chart: ['image', 'office'],
  video: ['media', 'create'],
  music: ['media', 'create'],
  voice: ['media', 'life'],
  doc: ['office', 'study'],
  translate: ['office', 'study'],
  thesis: ['study'],
  aigc: ['study'],
  ppt: ['office'],
  mindmap: ['office', 'study'],
  writing: ['office', 'create'],
  generate: ['life'],
};

function fromTool(t: ToolSpec): GalleryItem {
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    icon: t.icon,
    path: t.paths[0]!,
    group: t.group,
    scenarios: t.scenarios ?? GROUP_SCENARIOS[t.group] ?? [],
    keywords: t.keywords ?? [],
    kind: t.kind,
  };
}

/**
 * Everything a gallery may list: every prompt and task tool, the pages that name a scenario
 * (detail, account and info pages do not), then the pending routes. Two pending routes with one
 * title (e.g. 文档翻译 twice) show once.
 */
export function galleryItems(tools: readonly ToolSpec[] = TOOLS, pending = PENDING_ROUTES): GalleryItem[] {
  const built = tools.filter((t) => t.kind !== 'page' || (t.scenarios?.length ?? 0) > 0).map(fromTool);
  const seen = new Set<string>();
  const waiting: GalleryItem[] = [];
  for (const p of pending) {
    const key = `${p.group}:${p.title}`;
    if (seen.has(key) || tools.some((t) => t.paths.includes(p.path))) continue;
    seen.add(key);
    waiting.push({
      id: `pending:${p.path}`,
      title: p.title,
      description: '',
      icon: GROUP_ICONS[p.group],
      path: p.path,
      group: p.group,
      scenarios: GROUP_SCENARIOS[p.group] ?? [],
      keywords: [],
      kind: 'pending',
    });
  }
  return [...built, ...waiting];
}

/** Items whose title, description or keywords contain the query (case ignored); a blank query keeps all. */
export function filterItems(items: readonly GalleryItem[], query: string): GalleryItem[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...items];
  return items.filter((i) => [i.title, i.description, ...i.keywords].some((s) => s.toLowerCase().includes(q)));
}

/** Built first, then pending, each in the original order. */
function builtFirst(items: readonly GalleryItem[]): GalleryItem[] {
  return [...items.filter((i) => i.kind !== 'pending'), ...items.filter((i) => i.kind === 'pending')];
}

export interface GallerySection {
  group: ToolGroup;
  items: GalleryItem[];
}

/** Sections in the registry's group order; empty groups are left out. */
export function groupItems(items: readonly GalleryItem[]): GallerySection[] {
  return TOOL_GROUPS.map((group) => ({ group, items: builtFirst(items.filter((i) => i.group === group)) })).filter((s) => s.items.length > 0);
}

/** The items of one scenario, built first. */
export function scenarioItems(items: readonly GalleryItem[], scenario: ToolScenario): GalleryItem[] {
  return builtFirst(items.filter((i) => i.scenarios.includes(scenario)));
}

/** /function/{all|image|office|study}: which slice of the gallery a path shows. */
export type FunctionView = 'all' | 'image' | 'office' | 'study';

export function functionViewOf(pathname: string): FunctionView {
  const last = pathname.replace(/\/+$/, '').split('/').at(-1);
  return last === 'image' || last === 'office' || last === 'study' ? last : 'all';
}

export function functionItems(items: readonly GalleryItem[], view: FunctionView): GalleryItem[] {
  return view === 'all' ? [...items] : scenarioItems(items, view);
}

export interface FamilyCount {
  group: ToolGroup;
  built: number;
  pending: number;
  examples: string[];
}

/** /productPage: per family, how many things are built and how many are on their way. */
export function familyCounts(items: readonly GalleryItem[]): FamilyCount[] {
  return groupItems(items).map(({ group, items: list }) => ({
    group,
    built: list.filter((i) => i.kind !== 'pending').length,
    pending: list.filter((i) => i.kind === 'pending').length,
    examples: [...new Set(list.map((i) => i.title))].slice(0, 4),
  }));
}

/** /AIApply: the prompt tools (apps with a small form), optionally of one group. */
export function appItems(tools: readonly ToolSpec[] = TOOLS, group?: ToolGroup): ToolSpec[] {
  return tools.filter((t) => t.kind === 'prompt' && (!group || t.group === group));
}

/** The entry serving a path (query ignored), for links that carry one. */
export function entryOfLink(link: string): ToolSpec | undefined {
  return toolByPath(link.split('?')[0]!);
}
