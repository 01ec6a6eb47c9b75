import { describe, expect, it } from 'vitest';
import { MSG } from '@wanxiang/contract';
import { lookforwebChatType, toWebResults } from '../../api/webdisk';
import { clip, pickRandom, safeHref, shownUrl } from './webdisk-logic';

describe('webdisk page rules', () => {
  it('picks distinct random samples out of the 10 file prompts and 20 website keywords', () => {
    expect(MSG.lookforfileSamples).toHaveLength(10);
    expect(MSG.lookforwebSamples).toHaveLength(20);
    expect(MSG.webdiskSuggestions.length).toBeLessThanOrEqual(10);
    const six = pickRandom(MSG.lookforwebSamples, 6);
    expect(new Set(six).size).toBe(6);
    for (const k of six) expect(MSG.lookforwebSamples).toContain(k);
    expect(pickRandom(['a', 'b'], 5, () => 0).sort()).toEqual(['a', 'b']);
    expect(pickRandom(MSG.lookforfileSamples, 1, () => 0.999)).toHaveLength(1);
  });

  it('clips cloud-disk urls at 50 for display and opens only http(s) links', () => {
    const url = `https://pan.example.com/s/${'x'.repeat(60)}`;
    expect([...shownUrl(url)]).toHaveLength(51);
    expect(shownUrl('https://a.cn/s/1')).toBe('https://a.cn/s/1');
    expect(clip('一二三', 2)).toBe('一二…');
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref('HTTPS://a.cn')).toBe('HTTPS://a.cn');
  });

  it('reads website results out of tool outputs, skipping malformed ones', () => {
    expect(toWebResults(null)).toEqual([]);
    expect(
      toWebResults([
        { title: '站', describe: 'd', type: '工具', classify: '设计', url: 'https://a.cn', tag: ['x', 1] },
        { title: 'no url', url: 'javascript:1' },
        'junk',
        { url: 'https://b.cn' },
      ]),
    ).toEqual([{ title: '站', describe: 'd', type: '工具', classify: '设计', url: 'https://a.cn', tag: ['x'], resource: 'https://a.cn' }]);
    expect(lookforwebChatType(true)).toBe('pc-AI找网站');
    expect(lookforwebChatType(false)).toBe('web-AI找网站');
  });
});
