import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createParser } from 'eventsource-parser';
import { Code, MSG, type Envelope } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { testConfig } from '../../config';
import { loadCatalog } from '../../catalog';
import { createLlmGateway } from '../../llm/gateway';
import { quotaUsage } from '../quota/service';
import { buildMindMapMarkdown } from '../../llm/demo-upstream/answers/mindmap';

/** The mind-map stream through a listening server and the demo upstream (no vendor keys). */
const ENV = { DEMO_TOKEN_DELAY_MS: '5', CHAT_HEARTBEAT_MS: '1000' };

const CONTENT = [
  '## 学习方法',
  '- 番茄工作法：25分钟专注，5分钟休息',
  '- 费曼学习法：用自己的话讲给别人听',
  '',
  '## 时间管理',
  '- 先做重要的事',
  '- 每天复盘',
].join('\n');

interface Streamed {
  status: number;
  names: string[];
  text: string;
  envelope?: Envelope<unknown>;
}

describe.each(testDbKinds())('mind map generate on %s', (kind) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    const catalog = loadCatalog();
    const llm = await createLlmGateway(testConfig(ENV), catalog, pino({ level: 'silent' }));
    t = await createTestApp(kind, { env: ENV, overrides: { catalog, llm } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const usage = (userId: number) => quotaUsage(t.ctx, userId, 'doc_mindmap');

  async function generate(body: unknown, token?: string, abortAfterFirstText = false): Promise<Streamed> {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/v1/mindmap/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    const out: Streamed = { status: res.status, names: [], text: '' };
    if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      out.envelope = (await res.json()) as Envelope<unknown>;
      return out;
    }
    const parser = createParser({
      onEvent(msg) {
        out.names.push(msg.event ?? 'message');
        if (msg.event === 'text') {
          out.text += (JSON.parse(msg.data) as { text: string }).text;
          if (abortAfterFirstText) controller.abort();
        }
      },
    });
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      // aborted by us
    }
    return out;
  }

  it('streams a markdown outline derived from the content and charges one count', async () => {
    const { token, user } = await t.loginAs();
    const r = await generate({ content: CONTENT, title: '高效学习' }, token);
    expect(r.status).toBe(200);
    expect(r.names[0]).toBe('meta');
    expect(r.names.at(-1)).toBe('done');
    expect(r.text).toBe(buildMindMapMarkdown(CONTENT, '高效学习'));
    expect(r.text.split('\n')[0]).toBe('# 高效学习');
    expect(r.text).toContain('## 学习方法');
    expect(r.text).toContain('### 番茄工作法');
    expect(r.text).toContain('## 时间管理');
    expect(await usage(user.id)).toEqual({ used: 1, reserved: 0 });
  });

  it('refuses visitors and empty content without charging', async () => {
    const anon = await generate({ content: CONTENT });
    expect(anon.envelope?.code).toBe(Code.UNAUTHORIZED);
    const { token, user } = await t.loginAs();
    const empty = await generate({ content: '   ' }, token);
    expect(empty.envelope).toMatchObject({ code: Code.BAD_REQUEST, msg: MSG.mindmapContentRequired });
    const garbage = await generate([1, 2], token);
    expect(garbage.status).toBeLessThan(500);
    expect(await usage(user.id)).toEqual({ used: 0, reserved: 0 });
  });

  it('charges the count once when the reader goes away after text (QUALITY G8)', async () => {
    const { token, user } = await t.loginAs();
    const long = Array.from({ length: 40 }, (_, i) => `## 第${i}部分\n- 要点${i}：这是一段较长的说明文字，用来拖长输出`).join('\n\n');
    const r = await generate({ content: long }, token, true);
    expect(r.names).toContain('text');
    expect(r.names).not.toContain('done');
    await expect.poll(() => usage(user.id), { timeout: 3000 }).toEqual({ used: 1, reserved: 0 });
  });

  it('refuses with 次数已用尽 once the daily counts are spent', async () => {
    const { token, user } = await t.loginAs();
    const limit = t.ctx.catalog.dailyLimit('doc_mindmap', user.vip);
    expect(limit).toBeGreaterThan(0);
    for (let i = 0; i < limit; i++) expect((await generate({ content: `第${i}次：要点一。要点二。` }, token)).names.at(-1)).toBe('done');
    const refused = await generate({ content: '再来一次' }, token);
    expect(refused.envelope?.code).toBe(Code.NO_COUNT);
    expect(await usage(user.id)).toEqual({ used: limit, reserved: 0 });
  });
});

describe('demo mind-map outline', () => {
  it('turns plain paragraphs into sections and points', () => {
    const md = buildMindMapMarkdown('人工智能正在改变世界。它提高了效率。\n\n大模型需要大量数据。训练成本很高。');
    const lines = md.split('\n');
    expect(lines[0]).toMatch(/^# /);
    expect(lines.filter((l) => l.startsWith('## ')).length).toBe(2);
    expect(md).toContain('- 它提高了效率。');
  });
});
