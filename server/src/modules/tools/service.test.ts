import { describe, expect, it } from 'vitest';
import { Code, MSG, toolById } from '@wanxiang/contract';
import { loadCatalog } from '../../catalog';
import type { CatalogModel } from '../../catalog';
import { preparePromptRun, type ToolsContext } from './service';

/** Which model answers a run, with some vendors missing (a deployment without DashScope, say). */
const catalog = loadCatalog();
function ctxServing(vendors: string[]): ToolsContext {
  return {
    catalog,
    llm: { demo: false, available: (m: CatalogModel) => vendors.includes(m.vendor), stream: () => [][Symbol.iterator]() as never, close: async () => {} },
    config: {} as ToolsContext['config'],
    database: {} as ToolsContext['database'],
  };
}
const legal = toolById('aiLegalConsultation')!;
const titles = toolById('AiTitleCreate')!;
const question = { inputs: { text: '公司拖欠工资怎么办？' } };

describe('the model of a prompt-tool run', () => {
  it("is the tool's own when its vendor is served", () => {
    expect(preparePromptRun(ctxServing(['dashscope', 'deepseek']), legal, question).model.key).toBe('qwen_farui');
  });

  it('falls back to the first served switchable model when the tool model is not served', () => {
    expect(preparePromptRun(ctxServing(['deepseek']), legal, question).model.key).toBe('deepseek-v3');
    expect(preparePromptRun(ctxServing(['zhipu']), legal, question).model.key).toBe('glm_4_flash');
  });

  it('refuses a picked model that is not served, and answers 4205 when nothing is', () => {
    expect(() => preparePromptRun(ctxServing(['deepseek']), titles, { inputs: { text: '理财' }, model: 'glm_4_flash' })).toThrow(
      expect.objectContaining({ code: Code.MODEL_OFFLINE, message: MSG.modelOffline }),
    );
    expect(() => preparePromptRun(ctxServing([]), legal, question)).toThrow(expect.objectContaining({ code: Code.MODEL_OFFLINE }));
  });
});
