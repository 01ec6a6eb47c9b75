import { PROMPT_TOOL_MODELS, TOOLS, type ModelEntry, type ToolSpec, type UsageItem } from '@wanxiang/contract';

/** Catalog views of the registry pages (/deepseek, /moxing/office, /modelDetail): pure, unit-tested. */

/** Every model of the catalog, children included, each once. */
export function flattenModels(list: readonly ModelEntry[]): ModelEntry[] {
  const seen = new Map<string, ModelEntry>();
  const visit = (m: ModelEntry): void => {
    if (seen.has(m.key)) return;
    seen.set(m.key, m);
    m.children?.forEach(visit);
  };
  list.forEach(visit);
  return [...seen.values()];
}

function isDeepSeek(m: ModelEntry): boolean {
  return m.resloveType === 'deepSeek' || /deep[-_ ]?seek/i.test(`${m.key} ${m.label}`);
}

/** The DeepSeek family: DeepSeek models first (online ones before offline), then hub entries naming it. */
export function deepseekModels(list: readonly ModelEntry[]): ModelEntry[] {
  const all = flattenModels(list).filter(isDeepSeek);
  return [...all.filter((m) => m.online), ...all.filter((m) => !m.online)];
}

/** Tools that can answer with a DeepSeek model (a model switch offering one) or that name DeepSeek. */
export function deepseekTools(tools: readonly ToolSpec[] = TOOLS, switchModels: readonly string[] = PROMPT_TOOL_MODELS): ToolSpec[] {
  const switchHasDeepSeek = switchModels.some((k) => /deepseek/i.test(k));
  return tools.filter(
    (t) => t.id !== 'deepseek' && ((t.kind === 'prompt' && t.modelSwitch && switchHasDeepSeek) || t.keywords?.some((k) => /deepseek/i.test(k))),
  );
}

/** Models suited to office work: document reading, official writing, tables and charts. */
export function officeModels(list: readonly ModelEntry[]): ModelEntry[] {
  return flattenModels(list).filter((m) => m.online && (m.resloveType === 'file' || ['chat_doc', 'hat_official', 'chat_table'].includes(m.checkKey)));
}

/** Office tools of the registry: built tools and pages of the office scenario. */
export function officeTools(tools: readonly ToolSpec[] = TOOLS): ToolSpec[] {
  return tools.filter((t) => t.id !== 'modelOffice' && t.scenarios?.includes('office'));
}

/** Today's count line of a quota key from /v1/number/all, or null when the list has no such key. */
export function usageOf(items: readonly UsageItem[], quotaKey: string): UsageItem | null {
  return items.find((i) => i.key === quotaKey) ?? null;
}

/** Where a model's chat opens. */
export function chatLink(modelKey: string): string {
  return `/chat?type=${encodeURIComponent(modelKey)}`;
}
