import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, LOOKFORFILE_MODEL, MSG, type Envelope, type QuotaBalance, type WebResult } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { buildWebSearch, createDemoSearchAdapter, loadInternetSources, type WebSearchAdapter } from '../../infra/web-search';
import { agentTool } from '../agents/tools';
import { keywordOf, parseLabels, toWebResult, webBrowserTool } from './web-browser-tool';

/**
 * The web_browser agent tool and find files, on the real context in demo mode: the offline demo
 * search and the demo upstream's answers (server/src/llm/demo-upstream/answers/webdisk.ts).
 */
describe.each(testDbKinds().slice(-1))('web_browser tool and find files on %s', (kind) => {
  let t: TestApp;
  // The offline demo search, as the context builds it in demo mode, in an object the tests may point elsewhere
  // (the context's own is rebuilt from the console's vendor settings and is not to be written to).
  const webSearch = buildWebSearch(createDemoSearchAdapter({ maxResults: 6 }), loadInternetSources());
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { DEMO_TOKEN_DELAY_MS: '0' }, overrides: { webSearch } });
  });
  afterAll(async () => {
    await t?.close();
  });
  const run = (query: string, signal = new AbortController().signal) => webBrowserTool(t.ctx, { query, userId: 1, signal });

  it('is registered for agents under the name web_browser', () => {
    expect(agentTool('web_browser')).toBe(webBrowserTool);
  });

  it('searches the keyword of the find-websites message and returns classified WebResults (resource = url)', async () => {
    const r = await run(MSG.lookforwebPrompt('免费图片素材'));
    const outputs = r.outputs as WebResult[];
    expect(outputs.length).toBeGreaterThan(0);
    for (const o of outputs) {
      expect(o.title).toContain('免费图片素材');
      expect(o.url).toMatch(/^https:\/\/example\.com\//);
      expect(o.resource).toBe(o.url);
      expect(o.type).toBe('资源'); // the demo model's label for 素材
      expect(o.classify).toBe('素材资源');
      expect(o.tag).toEqual(['免费图片素材', '素材资源']);
    }
    expect(r.content).toContain('1. ');
  });

  it('drops sites the result filter refuses and clips titles and descriptions at 200', async () => {
    const adapter: WebSearchAdapter = {
      kind: 'demo',
      search: async () => [
        { title: '在线赌博平台', href: 'https://bad.example.com/', snippet: '' },
        { title: `T${'长'.repeat(250)}`, href: 'https://long.example.com/', snippet: '简'.repeat(300) },
        { title: '好网站', href: 'https://good.example.com/', snippet: '好' },
      ],
    };
    const saved = webSearch.adapter;
    webSearch.adapter = adapter;
    try {
      const outputs = (await run('在线工具')).outputs as WebResult[];
      expect(outputs.map((o) => o.url)).toEqual(['https://long.example.com/', 'https://good.example.com/']);
      expect([...outputs[0]!.title].length).toBe(201);
      expect([...outputs[0]!.describe].length).toBe(201);
    } finally {
      webSearch.adapter = saved;
    }
  });

  it('answers no outputs without a search backend or when the caller aborts', async () => {
    const saved = webSearch.adapter;
    webSearch.adapter = null;
    try {
      expect((await run('x')).outputs).toEqual([]);
    } finally {
      webSearch.adapter = saved;
    }
    const abort = new AbortController();
    abort.abort();
    expect((await run('x', abort.signal)).outputs).toEqual([]);
  });

  it('reads the keyword, the labels and defaults', () => {
    expect(keywordOf('请帮我查找与“AI 绘画”相关的网站，以 JSON 数组返回')).toBe('AI 绘画');
    expect(keywordOf('  前端学习 ')).toBe('前端学习');
    const labels = parseLabels('```json\n[{"i":1,"type":"工具","classify":"设计","tag":["a","b","c","d"]},{"i":"x"},7]\n```');
    expect([...labels.entries()]).toEqual([[1, { type: '工具', classify: '设计', tag: ['a', 'b', 'c'] }]]);
    expect(parseLabels('不是 JSON').size).toBe(0);
    expect(toWebResult({ title: 'T', href: 'https://www.site.cn/a', snippet: 'S' }, '关键词')).toEqual({
      title: 'T',
      describe: 'S',
      type: '网站',
      classify: '关键词',
      url: 'https://www.site.cn/a',
      tag: ['site.cn'],
      resource: 'https://www.site.cn/a',
    });
  });

  it('find files: the lookforfile model streams a markdown list of files and charges resource_file', async () => {
    const { token } = await t.loginAs();
    const check = async () =>
      (await t.app.inject({ method: 'POST', url: '/api/v1/number/check', headers: { token }, payload: { type: 'resource_file', number: 1 } })).json<
        Envelope<QuotaBalance>
      >();
    const before = (await check()).data.balance;
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/chat2/${LOOKFORFILE_MODEL}`, headers: { token }, payload: { prompt: '帮我找一份 2024 年终总结 PPT 模板' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('event: search');
    const text = [...res.body.matchAll(/event: text\ndata: (.*)\n/g)].map((m) => (JSON.parse(m[1]!) as { text: string }).text).join('');
    expect(text).toContain('| 文件名 | 格式 | 大小 | 链接 |');
    expect(text).toContain('| PPTX |');
    expect(res.body).toContain('event: done');
    const after = await check();
    expect(after.code === Code.OK ? after.data.balance : 0).toBe(before - 1);
  });
});
