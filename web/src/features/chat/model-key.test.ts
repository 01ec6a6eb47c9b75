import { describe, expect, it } from 'vitest';
import { chatPath, decodeModelKey, encodeModelKey, resolveModelKey } from './model-key';

describe('model key in the /msg URL', () => {
  it('round-trips base64 keys, including non-ASCII ones', () => {
    for (const key of ['v35', 'deepseek-r1', 'chat4.0', 'rec-deepseek-r1', '自定义模型']) {
      expect(decodeModelKey(encodeModelKey(key))).toBe(key);
    }
    expect(encodeModelKey('v35')).toBe('djM1');
    expect(chatPath('v35')).toBe('/msg?type=djM1');
  });

  it('accepts a plain key and falls back to index when missing or unknown', () => {
    expect(decodeModelKey('deepseek-r1')).toBe('deepseek-r1');
    expect(decodeModelKey(null)).toBe('index');
    expect(resolveModelKey('nope', (k) => k === 'v35')).toBe('index');
    expect(resolveModelKey('v35', (k) => k === 'v35')).toBe('v35');
  });
});
