import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type Envelope } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import type { LlmGateway, LlmStreamRequest } from '../../llm/gateway';

/** Reply preferences through the real chat route: the instruction reaches the upstream request. */
describe.each(testDbKinds())('reply preferences on %s', (kind) => {
  let t: TestApp;
  const seen: LlmStreamRequest[] = [];
  const llm: LlmGateway = {
    demo: true,
    available: (m) => m.online,
    stream: (req) => {
      seen.push(req);
      return (async function* () {
        yield { type: 'text' as const, text: '好的' };
      })();
    },
    close: async () => undefined,
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { overrides: { llm } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const chat = (token: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/chat2/v35', headers: { token }, payload });

  it('adds one instruction for the picked angle, modifiers, length and language', async () => {
    const { token } = await t.loginAs();
    seen.length = 0;
    const res = await chat(token, {
      prompt: '人为什么要读书？',
      prefs: { angle: 'philosophy', modifiers: ['幽默'], length: 'long', language: 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('event: done');
    const system = seen[0]!.messages
      .filter((m) => m.role === 'system')
      .map((m) => m.content)
      .join('\n');
    expect(system).toContain('回答偏好：请从哲学的角度回答；回答风格：幽默；篇幅：详细');
    expect(system).toContain('请使用English回答');
    expect(seen[0]!.messages.at(-1)).toEqual({ role: 'user', content: '人为什么要读书？' });
  });

  it('no preferences, no instruction; malformed ones are refused with 400', async () => {
    const { token } = await t.loginAs();
    seen.length = 0;
    await chat(token, { prompt: '你好' });
    expect(seen[0]!.messages.some((m) => m.content.includes('回答偏好'))).toBe(false);
    const bad = await chat(token, { prompt: '你好', prefs: { modifiers: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Envelope>().code).toBe(Code.BAD_REQUEST);
  });
});
