import { describe, expect, it } from 'vitest';
import { chatToMsgTarget } from '../../routes/guards';
import { chatPath, decodeModelKey, encodeModelKey, modelKeyCandidates, resolveModelKey } from './model-key';

const CATALOG = new Set(['index', 'v35', 'echarts', 'deepseek-r1', 'chat4.0', 'rec-deepseek-r1', 'AllModelAttack', 'chat', '自定义模型']);
const known = (k: string) => CATALOG.has(k);
/** What the page opens for a /chat?… address: the guard forwards to /msg, the page resolves `type`. */
const openedFromChat = (search: string) => resolveModelKey(new URLSearchParams(chatToMsgTarget(search).slice(5)).get('type'), known);

describe('model key in the /msg URL', () => {
  it('round-trips base64 keys, including non-ASCII ones', () => {
    for (const key of ['v35', 'deepseek-r1', 'chat4.0', 'rec-deepseek-r1', '自定义模型']) {
      expect(decodeModelKey(encodeModelKey(key))).toBe(key);
      expect(resolveModelKey(encodeModelKey(key), known)).toBe(key);
    }
    expect(encodeModelKey('v35')).toBe('djM1');
    expect(chatPath('v35')).toBe('/msg?type=djM1');
    expect(chatPath('echarts', { bottomType: 'voice' })).toBe(
      `/msg?type=${encodeURIComponent(encodeModelKey('echarts'))}&bottomType=voice`,
    );
  });

  it('/msg?type= takes a plain key, base64, or base64 of base64', () => {
    expect(resolveModelKey('deepseek-r1', known)).toBe('deepseek-r1');
    expect(resolveModelKey(encodeModelKey('echarts'), known)).toBe('echarts');
    expect(resolveModelKey(encodeModelKey(encodeModelKey('echarts')), known)).toBe('echarts');
    // A plain key that also happens to decode as base64 is taken literally first.
    expect(modelKeyCandidates('chat')[0]).toBe('chat');
    expect(resolveModelKey('chat', known)).toBe('chat');
  });

  it('/chat?type= opens the model whether the key is plain or already base64, keeping bottomType', () => {
    expect(openedFromChat('?type=echarts')).toBe('echarts');
    expect(openedFromChat(`?type=${encodeModelKey('AllModelAttack')}`)).toBe('AllModelAttack');
    expect(openedFromChat('?type=v35&bottomType=voice')).toBe('v35');
    expect(chatToMsgTarget('?type=v35&bottomType=voice')).toContain('bottomType=voice');
    expect(openedFromChat('')).toBe('index');
  });

  it('falls back to index when the type is missing, unknown or garbage', () => {
    expect(resolveModelKey(null, known)).toBe('index');
    expect(resolveModelKey('', known)).toBe('index');
    expect(resolveModelKey('nope', known)).toBe('index');
    expect(resolveModelKey(encodeModelKey('nope'), known)).toBe('index');
    expect(resolveModelKey('%%%', known)).toBe('index');
    expect(resolveModelKey('<script>', known)).toBe('index');
    expect(decodeModelKey(null)).toBe('index');
  });
});
