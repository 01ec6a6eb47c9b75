import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { testConfig } from '../config';
import { loadCatalog, type Catalog, type CatalogModel } from '../catalog';
import { buildAnswer, buildReasoning } from './demo-upstream/answer';
import { startDemoUpstream } from './demo-upstream/server';
import { createLlmGateway, LlmError, type LlmDelta, type LlmStreamRequest } from './gateway';
import { sse, startFakeVendor, type FakeVendor } from './testing/fake-vendor';

const logger = pino({ level: 'silent' });
const catalog = loadCatalog();
const model = (key: string): CatalogModel => {
  const m = catalog.get(key);
  if (!m) throw new Error(`no model ${key}`);
  return m;
};
const req = (key: string, content: string, over: Partial<LlmStreamRequest> = {}): LlmStreamRequest => ({
  model: model(key),
  messages: [{ role: 'user', content }],
  signal: new AbortController().signal,
  ...over,
});

async function collect(it: AsyncIterable<LlmDelta>) {
  const text: string[] = [];
  const reasoning: string[] = [];
  const order: string[] = [];
  let usage: LlmDelta | undefined;
  for await (const d of it) {
    order.push(d.type);
    if (d.type === 'text') text.push(d.text);
    else if (d.type === 'reasoning') reasoning.push(d.text);
    else usage = d;
  }
  return { text: text.join(''), reasoning: reasoning.join(''), order, usage };
}

let fake: FakeVendor;
beforeAll(async () => {
  fake = await startFakeVendor();
  fake.handler = (_req, res) =>
    sse(res, [{ delta: { content: '真实回答' }, finish_reason: 'stop' }], {
      usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
    });
});
afterAll(async () => {
  await fake.close();
});

describe('gateway with no vendor configured (demo)', () => {
  it('serves every model from the demo upstream it starts on loopback', async () => {
    const gw = await createLlmGateway(testConfig({ DEMO_TOKEN_DELAY_MS: '0' }), catalog, logger);
    try {
      expect(gw.demo).toBe(true);
      expect(gw.demoUpstream?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      for (const m of catalog.models()) expect(gw.available(m)).toBe(true);
      const r = await collect(gw.stream(req('deepseek_v3', '介绍一下万象')));
      expect(r.text).toBe(buildAnswer('介绍一下万象', 'deepseek-chat'));
      expect(r.reasoning).toBe('');
      expect(r.usage).toMatchObject({ type: 'usage', completionTokens: expect.any(Number) });
    } finally {
      await gw.close();
    }
  });

  it('streams a reasoning phase for deep-thinking models, before the answer', async () => {
    const gw = await createLlmGateway(testConfig({ DEMO_TOKEN_DELAY_MS: '0' }), catalog, logger);
    try {
      for (const key of ['deepseek-r1', 'chat_o1_mini', 'glm_zero_preview', 'doubao_thinking']) {
        const r = await collect(gw.stream(req(key, '一加一等于几')));
        expect(r.reasoning).toBe(buildReasoning('一加一等于几'));
        expect(r.order.indexOf('text')).toBeGreaterThan(r.order.lastIndexOf('reasoning'));
      }
    } finally {
      await gw.close();
    }
  });

  it('passes fault markers through and reports upstream failures as LlmError', async () => {
    const gw = await createLlmGateway(testConfig({ DEMO_TOKEN_DELAY_MS: '0' }), catalog, logger);
    try {
      await expect(collect(gw.stream(req('v35', '坏了 [demo:error=503]')))).rejects.toMatchObject({ kind: 'http', status: 503 });
      await expect(collect(gw.stream(req('v35', '断了', { headers: { 'x-demo-fault': 'cut=2' } })))).rejects.toMatchObject({
        kind: 'network',
      });
      const exact = await collect(gw.stream(req('v35', '三个 [demo:tokens=3]')));
      expect(exact.order.filter((t) => t === 'text')).toHaveLength(3);
    } finally {
      await gw.close();
    }
  });

  it('closes the demo connection within 500 ms when the request aborts', async () => {
    const gw = await createLlmGateway(testConfig({ DEMO_TOKEN_DELAY_MS: '5' }), catalog, logger);
    try {
      const demo = gw.demoUpstream!;
      const closed = new Promise<number>((resolve) => {
        const off = demo.onEarlyClose((e) => {
          off();
          resolve(e.at);
        });
      });
      const ac = new AbortController();
      let abortedAt = 0;
      let n = 0;
      const run = (async () => {
        for await (const d of gw.stream(req('v35', '一直说 [demo:never-end]', { signal: ac.signal }))) {
          if (d.type === 'text' && ++n === 5) {
            abortedAt = performance.now();
            ac.abort();
          }
        }
      })();
      await expect(run).rejects.toBeInstanceOf(LlmError);
      await expect(run).rejects.toMatchObject({ kind: 'aborted' });
      expect((await closed) - abortedAt).toBeLessThan(500);
    } finally {
      await gw.close();
    }
  });

  it('close() stops the demo upstream', async () => {
    const gw = await createLlmGateway(testConfig(), catalog, logger);
    const url = gw.demoUpstream!.baseUrl;
    await gw.close();
    await expect(fetch(`${url}/models`)).rejects.toThrow();
  });

  it('uses DEMO_UPSTREAM_URL instead of starting its own', async () => {
    const external = await startDemoUpstream({ tokenDelayMs: 0 });
    const gw = await createLlmGateway(testConfig({ DEMO_UPSTREAM_URL: external.baseUrl }), catalog, logger);
    try {
      expect(gw.demo).toBe(true);
      expect(gw.demoUpstream).toBeUndefined();
      const before = external.stats.requests;
      const r = await collect(gw.stream(req('v35', '外部演示')));
      expect(r.text).toBe(buildAnswer('外部演示', 'deepseek-chat'));
      expect(external.stats.requests).toBe(before + 1);
    } finally {
      await gw.close();
      await external.close();
    }
  });

  it('DEMO_UPSTREAM=1 forces the demo even with a vendor key', async () => {
    const gw = await createLlmGateway(testConfig({ DEMO_UPSTREAM: '1', DEEPSEEK_API_KEY: 'sk-real' }), catalog, logger);
    try {
      expect(gw.demo).toBe(true);
      expect(gw.available(model('qwen_max'))).toBe(true);
    } finally {
      await gw.close();
    }
  });
});

describe('gateway with vendors configured', () => {
  it('serves only the configured vendors, with their key, base URL and upstream model id', async () => {
    const gw = await createLlmGateway(testConfig({ DEEPSEEK_API_KEY: 'sk-deep-123456', DEEPSEEK_BASE_URL: fake.baseUrl }), catalog, logger);
    try {
      expect(gw.demo).toBe(false);
      expect(gw.demoUpstream).toBeUndefined();
      expect(gw.available(model('deepseek_v3'))).toBe(true);
      expect(gw.available(model('deepseek-r1'))).toBe(true);
      expect(gw.available(model('glm_4_plus'))).toBe(false);
      expect(gw.available(model('chat_4o'))).toBe(false);
      const r = await collect(
        gw.stream(req('deepseek_v3', '你好', { temperature: 0.8, maxTokens: 1888, presencePenalty: 0, frequencyPenalty: 0 })),
      );
      expect(r.text).toBe('真实回答');
      expect(r.usage).toEqual({ type: 'usage', promptTokens: 3, completionTokens: 4, totalTokens: 7 });
      const sent = fake.requests.at(-1)!;
      expect(sent.headers.authorization).toBe('Bearer sk-deep-123456');
      expect(sent.body).toEqual({
        model: 'deepseek-chat',
        messages: [{ role: 'user', content: '你好' }],
        stream: true,
        stream_options: { include_usage: true },
        temperature: 0.8,
        max_tokens: 1888,
        presence_penalty: 0,
        frequency_penalty: 0,
      });
      // A model of a vendor without a key is refused, never sent anywhere.
      const count = fake.requests.length;
      await expect(collect(gw.stream(req('glm_4_plus', '你好')))).rejects.toBeInstanceOf(LlmError);
      expect(fake.requests.length).toBe(count);
    } finally {
      await gw.close();
    }
  });

  it('applies vendor rules: GLM clamps temperature and drops penalties and stream_options', async () => {
    const gw = await createLlmGateway(testConfig({ ZHIPU_API_KEY: 'zk.abcdef', ZHIPU_BASE_URL: fake.baseUrl }), catalog, logger);
    try {
      await collect(gw.stream(req('glm_4_flash', '你好', { temperature: 1.6, presencePenalty: 0.5 })));
      const body = fake.requests.at(-1)!.body;
      expect(body).toMatchObject({ model: 'glm-4-flash', temperature: 1 });
      expect(body).not.toHaveProperty('presence_penalty');
      expect(body).not.toHaveProperty('stream_options');
      // Catalog extras reach the body (GLM's built-in web search for the networked model).
      await collect(gw.stream(req('completionNet', '今天的新闻')));
      expect(fake.requests.at(-1)!.body.tools).toEqual([{ type: 'web_search', web_search: { enable: true } }]);
    } finally {
      await gw.close();
    }
  });

  it("applies OpenAI's reasoning-model quirk and DashScope's search extra", async () => {
    const gw = await createLlmGateway(
      testConfig({
        OPENAI_API_KEY: 'sk-oa-123456',
        OPENAI_BASE_URL: fake.baseUrl,
        DASHSCOPE_API_KEY: 'sk-ds-123456',
        DASHSCOPE_BASE_URL: fake.baseUrl,
      }),
      catalog,
      logger,
    );
    try {
      await collect(gw.stream(req('chat_o1_mini', '证明', { temperature: 0.8, maxTokens: 1888 })));
      const o1 = fake.requests.at(-1)!.body;
      expect(o1).toMatchObject({ model: 'o1-mini', max_completion_tokens: 1888 });
      expect(o1).not.toHaveProperty('temperature');
      expect(o1).not.toHaveProperty('max_tokens');
      await collect(gw.stream(req('chat_4o', '你好', { temperature: 0.8, maxTokens: 100 })));
      expect(fake.requests.at(-1)!.body).toMatchObject({ model: 'gpt-4o', temperature: 0.8, max_tokens: 100 });
      await collect(gw.stream(req('net', '今天的新闻')));
      expect(fake.requests.at(-1)!.body).toMatchObject({ model: 'qwen-plus', enable_search: true });
      expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk-ds-123456');
    } finally {
      await gw.close();
    }
  });

  it('switches keyless vendors on by base URL: Ollama without a key header', async () => {
    const gw = await createLlmGateway(testConfig({ OLLAMA_BASE_URL: fake.baseUrl }), catalog, logger);
    try {
      expect(gw.demo).toBe(false);
      expect(gw.available(model('llama3'))).toBe(true);
      expect(gw.available(model('v35'))).toBe(false);
      await collect(gw.stream(req('llama3', 'hi')));
      expect(fake.requests.at(-1)!.headers.authorization).toBeUndefined();
      expect(fake.requests.at(-1)!.body.model).toBe('llama3.1:8b');
    } finally {
      await gw.close();
    }
  });

  it('needs a base URL for the generic compatible vendor: a key alone configures nothing', async () => {
    const gw = await createLlmGateway(testConfig({ COMPATIBLE_API_KEY: 'sk-c-123456' }), catalog, logger);
    try {
      expect(gw.demo).toBe(true);
    } finally {
      await gw.close();
    }
  });

  it('treats a model switched off in the catalog as unavailable', async () => {
    const off: CatalogModel = { ...model('v35'), online: false };
    const gw = await createLlmGateway(testConfig(), catalog, logger);
    try {
      expect(gw.available(off)).toBe(false);
      await expect(collect(gw.stream({ ...req('v35', 'x'), model: off }))).rejects.toMatchObject({ kind: 'protocol' });
    } finally {
      await gw.close();
    }
  });

  it('refuses a catalog that names an unknown vendor', async () => {
    const bad: Catalog = { ...catalog, models: () => [{ ...model('v35'), vendor: 'nowhere' }] };
    await expect(createLlmGateway(testConfig(), bad, logger)).rejects.toThrow(/unknown vendor "nowhere"/);
  });
});
