import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Envelope, type McpServersRes, type McpToolsRes, type RecordDataRes } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { startFakeSources, type FakeSourcesServer } from '../../../test/fake-sources/server';
import { MCP_FAKES } from '../../../test/fake-sources/mcp';
import { dataOf, namesOf, postChat, textOf } from '../chat/testing/sse-client';

/**
 * A whole chat turn with tools: the real server, the real gateway and demo upstream, and a real
 * MCP server (the fake-sources one) reached through the SSRF-safe fetch. One configured server
 * is broken: the turn goes on with the others' tools.
 */
describe.each(testDbKinds())('MCP tools in chat on %s', (kind) => {
  let t: TestApp;
  let fakes: FakeSourcesServer;
  let base: string;

  beforeAll(async () => {
    fakes = await startFakeSources(0, MCP_FAKES);
    const servers = [
      { name: 'broken', description: '坏掉的服务', type: 'streamable_http', status: 1, url: `${fakes.baseUrl}/mcp-broken` },
      { name: 'fake', description: '测试服务', type: 'streamable_http', status: 1, url: `${fakes.baseUrl}/mcp-fake` },
      { name: 'spare', description: '停用的服务', type: 'streamable_http', status: 0, url: `${fakes.baseUrl}/mcp-fake/spare` },
    ];
    t = await createTestApp(kind, {
      env: { DEMO_TOKEN_DELAY_MS: '0', SSRF_ALLOW: '127.0.0.1', MCP_SERVERS_JSON: JSON.stringify(servers), MCP_CONNECT_TIMEOUT_MS: '3000' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  it('streams tool_call, tool_result, then the answer quoting the result, for a model flagged tools', async () => {
    const { token } = await t.loginAs();
    const call = await postChat(base, 'deepseek-v3', { prompt: '请使用工具 echo 回显：万象你好' }, token);
    await call.finished;
    const names = namesOf(call);
    expect(names[0]).toBe('meta');
    expect(names.at(-1)).toBe('done');
    const i = names.indexOf('tool_call');
    expect(i).toBeGreaterThan(0);
    expect(names[i + 1]).toBe('tool_result');
    expect(names.indexOf('text')).toBeGreaterThan(i + 1);
    const toolCall = dataOf(call, 'tool_call')!;
    expect(toolCall).toMatchObject({ name: 'echo', server: 'fake' });
    expect(JSON.parse(toolCall.arguments)).toEqual({ text: '请使用工具 echo 回显：万象你好' });
    expect(dataOf(call, 'tool_result')).toEqual({
      id: toolCall.id,
      name: 'echo',
      ok: true,
      content: 'echo: 请使用工具 echo 回显：万象你好',
    });
    expect(textOf(call)).toContain('> echo: 请使用工具 echo 回显：万象你好');
  });

  it('keeps the tool calls with the reply in history (the block shows again when the record is reopened)', async () => {
    const { token } = await t.loginAs();
    const call = await postChat(base, 'glm_4_plus', { prompt: '请使用工具 echo 回显：历史记录' }, token);
    await call.finished;
    expect(namesOf(call).at(-1)).toBe('done');
    const toolCall = dataOf(call, 'tool_call')!;
    const conversationId = dataOf(call, 'meta')!.conversationId;
    const rec = (
      await t.app.inject({ method: 'POST', url: '/api/v1/chat/record/data', headers: { token }, payload: { id: conversationId } })
    ).json<Envelope<RecordDataRes>>();
    const reply = rec.data!.messages.at(-1);
    expect(reply).toMatchObject({
      role: 'assistant',
      tools: [
        {
          id: toolCall.id,
          name: 'echo',
          server: 'fake',
          arguments: toolCall.arguments,
          ok: true,
          content: 'echo: 请使用工具 echo 回显：历史记录',
        },
      ],
    });
    expect(reply).not.toHaveProperty('search');
    expect(rec.data!.messages[0]).not.toHaveProperty('tools');
  });

  it('runs a numeric tool and a failing tool without breaking the turn', async () => {
    const { token } = await t.loginAs();
    const add = await postChat(base, 'deepseek-v3', { prompt: '调用 add 工具计算 20 加 22' }, token);
    await add.finished;
    expect(dataOf(add, 'tool_result')).toMatchObject({ name: 'add', ok: true, content: '42' });
    const fail = await postChat(base, 'deepseek-v3', { prompt: '试试 fail 工具' }, token);
    await fail.finished;
    expect(dataOf(fail, 'tool_result')).toMatchObject({ name: 'fail', ok: false, content: 'fake tool failure' });
    expect(namesOf(fail).at(-1)).toBe('done');
  });

  it('offers no tools to a model without the flag', async () => {
    const { token } = await t.loginAs();
    const call = await postChat(base, 'deepseek_v3', { prompt: '请使用工具 echo 回显：万象你好' }, token);
    await call.finished;
    expect(namesOf(call)).not.toContain('tool_call');
    expect(namesOf(call).at(-1)).toBe('done');
  });

  it('lists the servers (login required) with state and tool count, and the tools', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/mcp/servers' })).statusCode).toBe(401);
    const { token } = await t.loginAs();
    const res = (await t.app.inject({ method: 'GET', url: '/api/v1/mcp/servers', headers: { token } })).json<Envelope<McpServersRes>>();
    expect(res.code).toBe(200);
    expect(res.data.max).toBe(4);
    expect(res.data.servers).toEqual([
      {
        name: 'broken',
        description: '坏掉的服务',
        type: 'streamable_http',
        url: `${fakes.baseUrl}/mcp-broken`,
        status: 1,
        connected: false,
        toolCount: 0,
        error: MSG.mcpConnectFailed,
      },
      {
        name: 'fake',
        description: '测试服务',
        type: 'streamable_http',
        url: `${fakes.baseUrl}/mcp-fake`,
        status: 1,
        connected: true,
        toolCount: 4,
      },
      {
        name: 'spare',
        description: '停用的服务',
        type: 'streamable_http',
        url: `${fakes.baseUrl}/mcp-fake/spare`,
        status: 0,
        connected: false,
        toolCount: 0,
      },
    ]);
    const tools = (await t.app.inject({ method: 'GET', url: '/api/v1/mcp/tools', headers: { token } })).json<Envelope<McpToolsRes>>();
    expect(tools.data.tools.map((x) => x.name)).toEqual(['fake__echo', 'fake__add', 'fake__current_time', 'fake__fail']);
  });
});
