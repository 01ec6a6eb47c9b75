import { describe, expect, it } from 'vitest';
import { speakable, takeSentences } from './sentences';

describe('answers spoken sentence by sentence', () => {
  it('finished sentences go out, the unfinished rest waits for more text', () => {
    const a = takeSentences('你好！今天天气晴朗。明天', false);
    expect(a.sentences).toEqual(['你好！', '今天天气晴朗。']);
    expect(a.rest).toBe('明天');
    expect(takeSentences(`${a.rest}会下雨`, true)).toEqual({ sentences: ['明天会下雨'], rest: '' });
  });

  it('a long run without a sentence end is cut at a comma, and never longer than the limit', () => {
    const long = `${'很长的一段话'.repeat(10)}，${'继续说下去'.repeat(10)}`;
    const out = takeSentences(long, false);
    expect(out.sentences[0]!.endsWith('，')).toBe(true);
    const hard = takeSentences('字'.repeat(700), true, 300);
    expect(hard.sentences.map((s) => s.length)).toEqual([300, 300, 100]);
  });

  it('markdown marks and links are not read aloud; empty pieces are dropped', () => {
    expect(speakable('**重点**：见 [文档](https://x.cn/a)。')).toBe('重点 ：见 文档。');
    expect(takeSentences('---\n## 标题\n', true).sentences).toEqual(['标题']);
  });
});
