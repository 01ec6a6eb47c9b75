import { describe, expect, it } from 'vitest';
import { MSG } from '@wanxiang/contract';
import { loadCatalog } from '../../catalog';
import { buildPreferenceInstruction, withPreferences } from './preferences';
import { buildUpstreamMessages } from './service';

describe('reply preferences', () => {
  it('defaults and nothing add no instruction', () => {
    expect(buildPreferenceInstruction(undefined)).toBeUndefined();
    expect(buildPreferenceInstruction({})).toBeUndefined();
    expect(buildPreferenceInstruction({ angle: 'default', length: 'short', language: 'zh', modifiers: [] })).toBeUndefined();
  });

  it('turns angle, modifiers, length and language into one instruction', () => {
    const text = buildPreferenceInstruction({ angle: 'history', modifiers: ['幽默', '简洁', '幽默'], length: 'long', language: 'en' });
    expect(text).toBe(
      `回答偏好：请从${MSG.prefsAngles.history}的角度回答；回答风格：幽默、简洁；篇幅：详细，可超过800字，分点充分展开；请使用English回答。`,
    );
  });

  it('ignores unknown values instead of failing the turn', () => {
    expect(buildPreferenceInstruction({ angle: 'nonsense', modifiers: ['不存在的词'], length: 'huge', language: 'xx' })).toBeUndefined();
    expect(buildPreferenceInstruction({ angle: 'law', language: 'xx' })).toBe('回答偏好：请从法律的角度回答。');
  });

  it('every angle and modifier of the catalog is accepted', () => {
    expect(Object.keys(MSG.prefsAngles)).toHaveLength(21);
    expect(MSG.prefsModifierWords).toHaveLength(49);
    expect(new Set(MSG.prefsModifierWords).size).toBe(49);
    for (const angle of Object.keys(MSG.prefsAngles).filter((a) => a !== 'default')) {
      expect(buildPreferenceInstruction({ angle })).toContain('角度');
    }
    for (const m of MSG.prefsModifierWords) expect(buildPreferenceInstruction({ modifiers: [m] })).toContain(m);
  });

  it('joins the leading system message, or leads as one', () => {
    const prefs = { angle: 'health' };
    expect(withPreferences([{ role: 'user' as const, content: '问' }], prefs)).toEqual([
      { role: 'system', content: '回答偏好：请从健康的角度回答。' },
      { role: 'user', content: '问' },
    ]);
    const catalog = loadCatalog();
    const echarts = catalog.get('echarts')!;
    const msgs = buildUpstreamMessages(echarts, { prompt: '画图', messages: [{ role: 'user', content: '早先' }], prefs });
    expect(msgs[0]!.role).toBe('system');
    expect(msgs[0]!.content).toMatch(/^你是万象 AI 的图表助手[\s\S]*\n\n回答偏好：请从健康的角度回答。$/);
    expect(msgs.slice(1)).toEqual([
      { role: 'user', content: '早先' },
      { role: 'user', content: '画图' },
    ]);
    expect(buildUpstreamMessages(echarts, { prompt: '画图' })).toHaveLength(2);
  });
});
