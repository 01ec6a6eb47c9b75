import { checkToolInputs, PROMPT_TOOL_MODELS, TOOLS, type ToolSpec } from '@wanxiang/contract';
import type { Catalog } from '../catalog';
import { LIFE_PROMPTS } from './prompts-life';
import { WORK_PROMPTS } from './prompts-work';
import { WRITING_PROMPTS } from './prompts-writing';
import { CHART_PROMPTS } from './prompts-charts';
import { TRANSLATE_PROMPTS } from './prompts-translate';
import { THESIS_PROMPTS } from './prompts-thesis';
import { DEMO_ANSWER_MAX_CHARS, type PromptToolServer, type RandomSource } from './types';

export type { PromptToolServer, ToolFact, RandomSource, OwnFileReader } from './types';
export { cryptoRandom } from './draws';
export { renderToolUserMessage } from './render';

/** Every prompt tool's server half, by tool id. */
const PROMPT_SERVERS: readonly PromptToolServer[] = [...LIFE_PROMPTS, ...WORK_PROMPTS, ...WRITING_PROMPTS, ...CHART_PROMPTS, ...THESIS_PROMPTS, ...TRANSLATE_PROMPTS];
const byId = new Map(PROMPT_SERVERS.map((s) => [s.id, s]));

export function promptToolServer(id: string): PromptToolServer | undefined {
  return byId.get(id);
}

/** Models a run of this tool may name: its own, plus the switchable ones when the tool has a model switch. */
export function allowedModels(tool: Pick<ToolSpec, 'modelSwitch'>, server: PromptToolServer): readonly string[] {
  return tool.modelSwitch ? [server.model, ...PROMPT_TOOL_MODELS.filter((k) => k !== server.model)] : [server.model];
}

export { DEMO_ANSWER_MAX_CHARS } from './types';

/** A fixed "random" source for checks and tests: always the same draw. */
export const firstChoice: RandomSource = () => 0;

/**
 * The boot check of the registry (also a unit test): every prompt tool has a server half and
 * every server half a prompt tool; every tool's quota key is one of tiers.json; every model
 * named is in the catalog; every example passes the tool's own input check and yields a demo
 * answer that fits its header. Throws one message listing every problem.
 */
export function checkToolRegistry(catalog: Pick<Catalog, 'get' | 'quotaKeys'>, tools: readonly ToolSpec[] = TOOLS): void {
  const problems: string[] = [];
  const quotaKeys = new Set(catalog.quotaKeys().map((q) => q.key));
  const prompt = tools.filter((t) => t.kind === 'prompt');
  for (const tool of tools) {
    // Tools are always metered; a page only when it names a key.
    const metered = tool.kind !== 'page' || tool.quotaKey !== '';
    if (metered && !quotaKeys.has(tool.quotaKey)) problems.push(`${tool.id}: quotaKey "${tool.quotaKey}" is not in tiers.json quotaKeys`);
  }
  for (const tool of prompt) {
    const server = byId.get(tool.id);
    if (!server) {
      problems.push(`${tool.id}: prompt tool without a server half (server/src/tools)`);
      continue;
    }
    if (!tool.fields.some((f) => f.name === 'text')) problems.push(`${tool.id}: no main field named text`);
    for (const key of allowedModels(tool, server)) if (!catalog.get(key)) problems.push(`${tool.id}: model "${key}" is not in the catalog`);
    for (const example of tool.examples ?? []) {
      const check = checkToolInputs(tool, example.inputs);
      if (!check.ok) {
        problems.push(`${tool.id}: example "${example.label}" fails its own form: ${check.msg}`);
        continue;
      }
      const facts = server.facts?.(check.values, firstChoice) ?? [];
      if (!Array.isArray(facts)) {
        problems.push(`${tool.id}: example "${example.label}" is refused: ${facts.refusal}`);
        continue;
      }
      const demo = server.demo(check.values, facts);
      if (!demo.trim() || [...demo].length > DEMO_ANSWER_MAX_CHARS) problems.push(`${tool.id}: example "${example.label}" demo answer is empty or too long`);
    }
  }
  const promptIds = new Set(prompt.map((t) => t.id));
  for (const server of PROMPT_SERVERS) if (!promptIds.has(server.id)) problems.push(`${server.id}: server half without a prompt tool in the registry`);
  if (byId.size !== PROMPT_SERVERS.length) problems.push('two server halves share one tool id');
  if (problems.length) throw new Error(`tool registry check failed:\n- ${problems.join('\n- ')}`);
}
