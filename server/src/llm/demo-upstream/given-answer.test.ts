import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGivenAnswer, GIVEN_ANSWER_HEADER, givenAnswer } from './given-answer';
import { startDemoUpstream, type DemoUpstream } from './server';

/** The demo upstream streams an answer its caller wrote (prompt tools' demo answers), with the usual fault markers. */
describe('an answer given in x-demo-answer', () => {
  let demo: DemoUpstream;
  beforeAll(async () => {
    demo = await startDemoUpstream({ tokenDelayMs: 0 });
  });
  afterAll(async () => {
    await demo?.close();
  });

  const ask = (question: string, answer: string) =>
    fetch(`${demo.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [GIVEN_ANSWER_HEADER]: encodeGivenAnswer(answer) },
      body: JSON.stringify({ model: 'demo', stream: true, messages: [{ role: 'user', content: question }] }),
    });
  const contentOf = (sse: string) =>
    sse
      .split('\n')
      .filter((l) => l.startsWith('data: {'))
      .map((l) => (JSON.parse(l.slice(6)) as { choices: { delta?: { content?: string | null } }[] }).choices[0]?.delta?.content ?? '')
      .join('');

  it('streams the given answer word for word, whatever the question', async () => {
    const answer = '## 推荐名字\n\n| 名字 | 寓意 |\n| --- | --- |\n| 李明朗 | 光明开朗 |\n\n> 仅供参考 😀';
    const res = await ask('起名要求：男孩', answer);
    expect(res.status).toBe(200);
    expect(contentOf(await res.text())).toBe(answer);
  });

  it('still obeys the fault markers of the user message', async () => {
    expect((await ask('梦见考试 [demo:error=500]', '一个答案')).status).toBe(500);
    const cut = contentOf(await (await ask('梦见下雨 [demo:tokens=2]', '第一段文字，第二段文字，第三段文字')).text());
    expect(cut.length).toBeGreaterThan(0);
    expect(cut.length).toBeLessThan('第一段文字，第二段文字，第三段文字'.length);
  });

  it('ignores an empty or absent header', () => {
    expect(givenAnswer({})).toBeUndefined();
    expect(givenAnswer({ [GIVEN_ANSWER_HEADER]: encodeGivenAnswer('   ') })).toBeUndefined();
  });
});
