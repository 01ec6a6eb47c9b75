import { describe, expect, it } from 'vitest';
import { changedCells, gridRows, isTiersContent, parseJson, withCount, type TiersContent } from './tiers-grid';

const doc: TiersContent = {
  _comment: 'kept',
  fallbackMemberVip: 1,
  quotaKeys: { chat: '普通对话', ai_music: 'AI音乐' },
  levels: [
    { vip: 0, name: '普通用户', daily: { chat: 20 } },
    { vip: 1, name: '月度会员', daily: { chat: -1, ai_music: 5 } },
  ],
};

describe('the tiers grid', () => {
  it('reads one row per quota key with each level’s count, a missing count as 0', () => {
    expect(gridRows(doc)).toEqual([
      { key: 'chat', label: '普通对话', counts: { 0: 20, 1: -1 } },
      { key: 'ai_music', label: 'AI音乐', counts: { 0: 0, 1: 5 } },
    ]);
  });

  it('changes one cell and keeps the rest of the document, without touching the loaded one', () => {
    const next = withCount(doc, 'ai_music', 0, 3);
    expect(next.levels[0]!.daily).toEqual({ chat: 20, ai_music: 3 });
    expect(next.levels[1]).toBe(doc.levels[1]);
    expect(next._comment).toBe('kept');
    expect(next.fallbackMemberVip).toBe(1);
    expect(doc.levels[0]!.daily).toEqual({ chat: 20 });
    expect([...changedCells(doc, next)]).toEqual(['ai_music@0']);
    expect(changedCells(doc, withCount(next, 'ai_music', 0, 0)).size).toBe(0);
  });

  it('knows a tiers document from anything else, and parses editor text without throwing', () => {
    expect(isTiersContent(doc)).toBe(true);
    expect(isTiersContent({ levels: [] })).toBe(false);
    expect(isTiersContent([doc])).toBe(false);
    expect(isTiersContent({ quotaKeys: {}, levels: [{ vip: 0, name: 'x' }] })).toBe(false);
    expect(parseJson('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJson('{a:1}').ok).toBe(false);
  });
});
