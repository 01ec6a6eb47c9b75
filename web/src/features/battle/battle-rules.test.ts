import { describe, expect, it } from 'vitest';
import { MSG, type ModelEntry } from '@wanxiang/contract';
import type { BattleRound } from '../../stores/battle';
import { battleModels, continuationOf, defaultBattleModels, filterModels, historyFor, messageCount, sendRefusal, toggleModel } from './battle-rules';

const entry = (key: string, over: Partial<ModelEntry> = {}): ModelEntry =>
  ({ key, label: key.toUpperCase(), shortName: '', isAttack: true, online: true, isChecked: false, free: false, ...over }) as ModelEntry;

const round = (id: string, answers: Record<string, { message: string; state?: 'ok' | 'error' | 'waite' }>): BattleRound => ({
  id,
  question: `问题${id}`,
  dateTime: 0,
  models: Object.keys(answers),
  answers: Object.fromEntries(
    Object.entries(answers).map(([model, a]) => [
      model,
      { id: `${id}-${model}`, model, message: a.message, reasoning: '', state: a.state ?? 'ok' },
    ]),
  ),
});

describe('battle switches', () => {
  it('at most 4 on: the fifth is refused with 对话模型（最多选择4个）', () => {
    let on: string[] = [];
    for (const k of ['a', 'b', 'c', 'd']) {
      const r = toggleModel(on, k, true);
      expect(r.ok).toBe(true);
      if (r.ok) on = r.models;
    }
    expect(on).toEqual(['a', 'b', 'c', 'd']);
    expect(toggleModel(on, 'e', true)).toEqual({ ok: false, msg: MSG.battleMaxModels });
    // Switching one already on again changes nothing; switching off always works.
    expect(toggleModel(on, 'a', true)).toEqual({ ok: true, models: on });
    expect(toggleModel(on, 'b', false)).toEqual({ ok: true, models: ['a', 'c', 'd'] });
  });

  it('at least 2 on to send: 请开启想要对抗的模型，最少选择两个', () => {
    expect(sendRefusal([])).toBe(MSG.battleMinModels);
    expect(sendRefusal(['a'])).toBe(MSG.battleMinModels);
    expect(sendRefusal(['a', 'b'])).toBeNull();
    expect(sendRefusal(['a', 'b', 'c', 'd'])).toBeNull();
    expect(sendRefusal(['a', 'b', 'c', 'd', 'e'])).toBe(MSG.battleMaxModels);
  });

  it('only online isAttack models take part; two pre-checked ones are on by default, free first', () => {
    const list = [
      entry('x', { isAttack: false, isChecked: true, free: true }),
      entry('r1', { isChecked: true }),
      entry('v35', { isChecked: true, free: true }),
      entry('off', { online: false, isChecked: true, free: true }),
      entry('flash', { isChecked: true, free: true }),
      entry('plain'),
    ];
    const candidates = battleModels(list);
    expect(candidates.map((m) => m.key)).toEqual(['r1', 'v35', 'flash', 'plain']);
    expect(defaultBattleModels(candidates)).toEqual(['v35', 'flash']);
    expect(defaultBattleModels([entry('p'), entry('q'), entry('r')])).toEqual(['p', 'q']);
    // Two keys with one label give one switch, the pre-checked one.
    const aliases = battleModels([
      entry('deepseek-v3', { label: 'DeepSeek-V3' }),
      entry('deepseek_v3', { label: 'DeepSeek-V3', isChecked: true }),
    ]);
    expect(aliases.map((m) => m.key)).toEqual(['deepseek_v3']);
  });

  it('search matches label, short name or key', () => {
    const list = [entry('deepseek_v3', { label: 'DeepSeek-V3' }), entry('qwen', { label: '通义千问', shortName: '千问' })];
    expect(filterModels(list, 'deepseek').map((m) => m.key)).toEqual(['deepseek_v3']);
    expect(filterModels(list, '千问').map((m) => m.key)).toEqual(['qwen']);
    expect(filterModels(list, ' ')).toHaveLength(2);
  });
});

describe('battle history', () => {
  const rounds = [
    round('1', { a: { message: 'A1' }, b: { message: 'B1' } }),
    round('2', { a: { message: '', state: 'error' }, b: { message: 'B2' } }),
    round('3', { a: { message: 'A3' }, b: { message: 'B3' }, c: { message: 'C3' } }),
  ];

  it('multi-turn off: every question is asked without history', () => {
    expect(historyFor(rounds, 'a', false)).toEqual([]);
  });

  it('multi-turn on: each model gets its own earlier answers, ok ones only', () => {
    expect(historyFor(rounds, 'a', true)).toEqual([
      { role: 'user', content: '问题1', id: '1' },
      { role: 'assistant', content: 'A1', id: '1-a' },
      { role: 'user', content: '问题3', id: '3' },
      { role: 'assistant', content: 'A3', id: '3-a' },
    ]);
    expect(
      historyFor(rounds, 'b', true)
        .filter((m) => m.role === 'assistant')
        .map((m) => m.content),
    ).toEqual(['B1', 'B2', 'B3']);
    // A model switched on later sees only the rounds it answered.
    expect(historyFor(rounds, 'c', true).map((m) => m.content)).toEqual(['问题3', 'C3']);
  });

  it('continue with an answer: the rounds up to the chosen one with that model\'s ok answers, multi-turn or not', () => {
    expect(continuationOf(rounds, '2', 'b').map((m) => m.content)).toEqual(['问题1', 'B1', '问题2', 'B2']);
    expect(continuationOf(rounds, '3', 'a').map((m) => m.content)).toEqual(['问题1', 'A1', '问题3', 'A3']);
    expect(continuationOf(rounds, 'gone', 'a')).toEqual([]);
  });

  it('the header counts each question and each answer', () => {
    expect(messageCount(rounds)).toBe(3 + 2 + 2 + 3);
    expect(messageCount([])).toBe(0);
  });
});
