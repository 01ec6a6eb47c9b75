import { describe, expect, it } from 'vitest';
import { MSG } from '@wanxiang/contract';
import { effectivePair, glossaryCount, glossaryProblem, prefillOf, runInputs, swapPair } from './translator-state';

describe('translator page rules', () => {
  it('shows the detected source and a target turned around when the text is already in it', () => {
    expect(effectivePair('', { from: '自动检测', to: '英语' })).toEqual({ from: null, to: '英语', detected: false, switched: false });
    expect(effectivePair('今天天气很好', { from: '自动检测', to: '英语' })).toEqual({
      from: '中文',
      to: '英语',
      detected: true,
      switched: false,
    });
    expect(effectivePair('The weather is nice and the sun is out.', { from: '自动检测', to: '英语' })).toEqual({
      from: '英语',
      to: '中文',
      detected: true,
      switched: true,
    });
    expect(effectivePair('hello', { from: '日语', to: '中文' })).toMatchObject({ from: '日语', to: '中文', detected: false });
  });

  it('swaps the pair, using the detected language for an automatic source', () => {
    expect(swapPair('今天天气很好', { from: '自动检测', to: '英语' })).toEqual({ from: '英语', to: '中文' });
    expect(swapPair('', { from: '自动检测', to: '日语' })).toEqual({ from: '日语', to: '中文' });
    expect(swapPair('', { from: '自动检测', to: '中文' })).toEqual({ from: '中文', to: '英语' });
    expect(swapPair('bonjour', { from: '法语', to: '德语' })).toEqual({ from: '德语', to: '法语' });
  });

  it('sends the glossary only when it has terms, and says which line is wrong before sending', () => {
    expect(runInputs('你好', { from: '自动检测', to: '英语' }, '  ')).toEqual({ text: '你好', from: '自动检测', to: '英语' });
    expect(runInputs('你好', { from: '中文', to: '英语' }, '你好=Hi')).toEqual({
      text: '你好',
      from: '中文',
      to: '英语',
      glossary: '你好=Hi',
    });
    expect(glossaryProblem('a=b\nbad')).toBe(MSG.translateGlossaryBadLine(2));
    expect(glossaryProblem('a=b')).toBeNull();
    expect(glossaryCount('a=b\n\nc＝d')).toBe(2);
  });

  it('reads a prefill link (names or codes), leaving out what it does not know', () => {
    expect(prefillOf('?text=hi&from=en&to=zh&glossary=a%3Db')).toEqual({ text: 'hi', pair: { from: '英语', to: '中文' }, glossary: 'a=b' });
    expect(prefillOf('?to=auto&from=xx')).toEqual({});
  });
});
