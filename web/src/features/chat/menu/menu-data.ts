import { LIMITS, MSG, type ModelEntry, type ModelGroup } from '@wanxiang/contract';
import { matchesModel, modelsOfGroup } from '../../../stores/chat-catalog';

/** The group tab of the model menu (docs/product/chat.md §2): 0 = curated models, 1 = custom cloud models. */
export type MenuTab = 0 | 1;
export const CURATED_TAB: MenuTab = 0;
export const CUSTOM_TAB: MenuTab = 1;

/** The group filter's value for "every group". */
export const ALL_GROUPS = '__all__';

/** Custom cloud models are catalog entries resolved as 'customer' (they arrive with custom models). */
export function customModels(list: readonly ModelEntry[]): ModelEntry[] {
  return list.filter((m) => m.resloveType === 'customer');
}

/**
 * The tab the menu opens on. The spec's default is 1 (custom cloud); while there are no custom
 * models that tab would be an empty page, so the menu opens on the curated tab instead.
 */
export function initialMenuTab(customCount: number): MenuTab {
  return customCount > 0 ? CUSTOM_TAB : CURATED_TAB;
}

/**
 * One entry per name: the catalog keeps alias keys of one model (deepseek-v3, deepseek_v3 and
 * deep_seek3 are all DeepSeek-V3) so old links keep working, but a menu listing the same name
 * three times only confuses. The open model's own key wins its name's place.
 */
export function distinctByLabel(models: readonly ModelEntry[], current = ''): ModelEntry[] {
  const at = new Map<string, number>();
  const out: ModelEntry[] = [];
  for (const m of models) {
    const i = at.get(m.label);
    if (i === undefined) {
      at.set(m.label, out.length);
      out.push(m);
    } else if (m.key === current) out[i] = m;
  }
  return out;
}

/** Every model of every group, once each, in menu order. */
export function menuModels(groups: readonly ModelGroup[], byKey: Record<string, ModelEntry>): ModelEntry[] {
  const seen = new Set<string>();
  const out: ModelEntry[] = [];
  for (const g of groups) {
    for (const m of modelsOfGroup(g, byKey)) {
      if (seen.has(m.key)) continue;
      seen.add(m.key);
      out.push(m);
    }
  }
  return out;
}

export interface MenuFilter {
  groups: readonly ModelGroup[];
  byKey: Record<string, ModelEntry>;
  /** A group key, or ALL_GROUPS. */
  group: string;
  query: string;
  /** The open model: kept over its aliases (distinctByLabel). */
  current?: string;
}

/** The models the 'More' modal lists: the chosen group (or all), narrowed by the search. */
export function filterMenuModels({ groups, byKey, group, query, current }: MenuFilter): ModelEntry[] {
  const g = group === ALL_GROUPS ? undefined : groups.find((x) => x.key === group);
  const base = distinctByLabel(g ? modelsOfGroup(g, byKey) : menuModels(groups, byKey), current);
  return query.trim() ? base.filter((m) => matchesModel(m, query)) : base;
}

export interface RecommendedTiles {
  tiles: ModelEntry[];
  /** How many models the 'more' tile stands for; shown on the tile only when over 6. */
  moreCount: number;
  showCount: boolean;
}

/**
 * The empty chat's recommended grid (docs/product/chat.md §9): 6 models on desktop, 5 on mobile, other than
 * the one open, then a 'more' tile opening the full menu, which shows how many models there
 * are when over 6.
 */
export function recommendedTiles(
  recommended: readonly ModelEntry[],
  all: readonly ModelEntry[],
  current: string,
  mobile: boolean,
): RecommendedTiles {
  const size = mobile ? LIMITS.recommendedModelsMobile : LIMITS.recommendedModelsDesktop;
  const tiles = recommended.filter((m) => m.key !== current).slice(0, size);
  const moreCount = distinctByLabel(all).length;
  return { tiles, moreCount, showCount: moreCount > LIMITS.recommendedModelsDesktop };
}

/**
 * Why a model switch is refused, or null (docs/product/chat.md §5): not while a reply streams
 * (请等待回话回复完成！), and not to an offline model, which menus still show (该模型尚未上线).
 */
export function switchRefusal(sending: boolean, target: Pick<ModelEntry, 'online'> | undefined): string | null {
  if (sending) return MSG.switchModelWhileLoading;
  if (target && !target.online) return MSG.modelOffline;
  return null;
}
