import { describe, expect, it } from 'vitest';
import { countText, groupEquity } from './equity-groups';

describe('equity groups', () => {
  it('groups the tier keys by category and keeps unknown keys under 其他', () => {
    const groups = groupEquity({
      quota_keys: [
        { key: 'chat', label: '普通对话' },
        { key: 'chat_networking', label: '联网搜索' },
        { key: 'music', label: 'AI 音乐' },
      ],
      levels: [],
    });
    expect(groups.map((g) => [g.type, g.keys.map((k) => k.key)])).toEqual([
      ['chat', ['chat']],
      ['search', ['chat_networking']],
      ['other', ['music']],
    ]);
  });

  it('writes counts: -1 unlimited, 0 none', () => {
    expect(countText(-1)).toBe('不限');
    expect(countText(0)).toBe('—');
    expect(countText(30)).toBe('30次/天');
  });
});
