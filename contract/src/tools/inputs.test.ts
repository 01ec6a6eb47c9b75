import { describe, expect, it } from 'vitest';
import { TOOLS_MSG } from '../msg/tools';
import { GENERATE_TOOLS } from './generate';
import { checkToolInputs } from './inputs';
import type { ToolSpec } from './spec';
import { WRITING_TOOLS } from './writing';

const PROMPT_TOOLS: readonly ToolSpec[] = [...GENERATE_TOOLS, ...WRITING_TOOLS];
const tool = (id: string) => PROMPT_TOOLS.find((t) => t.id === id)!;

describe('the prompt tools of the generators and writing lists', () => {
  it('are the 22 generators and 8 writing tools, one route each, with a text field and examples that validate', () => {
    expect(GENERATE_TOOLS).toHaveLength(22);
    expect(WRITING_TOOLS).toHaveLength(8);
    for (const t of PROMPT_TOOLS) {
      expect(t.paths, t.id).toEqual([`/${t.group === 'writing' ? 'AiWriter' : 'aiGenerate'}/${t.id}`]);
      expect(t.kind).toBe('prompt');
      expect(t.quotaKey).toBe(t.group === 'writing' ? 'tool_writing' : 'tool_generate');
      expect(t.fields.some((f) => f.name === 'text'), t.id).toBe(true);
      expect(t.examples?.length, t.id).toBeGreaterThanOrEqual(2);
      for (const ex of t.examples ?? []) expect(checkToolInputs(t, ex.inputs), `${t.id}: ${ex.label}`).toMatchObject({ ok: true });
    }
  });
});

describe('checkToolInputs', () => {
  it('fills defaults and trims text', () => {
    expect(checkToolInputs(tool('aiNaming'), { text: '  男孩  ' })).toEqual({ ok: true, values: { text: '男孩', target: '宝宝', count: 8 } });
  });

  it('refuses with a Chinese sentence naming the field', () => {
    const naming = tool('aiNaming');
    expect(checkToolInputs(naming, {})).toEqual({ ok: false, msg: TOOLS_MSG.toolInputRequired('起名要求') });
    expect(checkToolInputs(naming, { text: '好'.repeat(301) })).toEqual({ ok: false, msg: TOOLS_MSG.toolInputTooLong('起名要求', 300) });
    expect(checkToolInputs(naming, { text: '男孩', target: '外星人' })).toEqual({ ok: false, msg: TOOLS_MSG.toolInputBadOption('起名对象') });
    expect(checkToolInputs(naming, { text: '男孩', count: 99 })).toEqual({ ok: false, msg: TOOLS_MSG.toolInputNumberRange('名字个数', 1, 20) });
    expect(checkToolInputs(naming, { text: '男孩', count: 'abc' })).toEqual({ ok: false, msg: TOOLS_MSG.toolInputBadNumber('名字个数') });
    expect(checkToolInputs(naming, { text: '男孩', hack: 1 })).toEqual({ ok: false, msg: TOOLS_MSG.toolInputUnknown('hack') });
    expect(checkToolInputs(naming, { text: 42 })).toEqual({ ok: false, msg: TOOLS_MSG.toolInputBadText('起名要求') });
    expect(checkToolInputs(naming, [1])).toEqual({ ok: false, msg: TOOLS_MSG.toolInputsMissing });
  });

  it('checks dates as real calendar days and counts an emoji as one character', () => {
    const days = tool('aiAuspicious');
    expect(checkToolInputs(days, { text: '搬家', startDate: '2026-02-30' })).toEqual({ ok: false, msg: TOOLS_MSG.toolInputBadDate('开始日期') });
    expect(checkToolInputs(days, { text: '搬家', startDate: '2026-02-28' })).toMatchObject({ ok: true });
    expect(checkToolInputs(tool('aiNaming'), { text: '😀'.repeat(300) })).toMatchObject({ ok: true });
  });
});
