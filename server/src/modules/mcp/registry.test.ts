import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type McpServerConfig } from '@wanxiang/contract';
import { startFakeSources, type FakeSourcesServer } from '../../../test/fake-sources/server';
import { MCP_FAKES } from '../../../test/fake-sources/mcp';
import type { FakeSource } from '../../../test/fake-sources/types';
import { createSafeStreamFetch } from '../../infra/safe-fetch';
import { McpLimitError, McpRegistry, type McpRegistryOptions } from './registry';

/** The connection manager against a real MCP server (the SDK's, in the fake-sources server) through the SSRF-safe fetch. */
describe('MCP registry', () => {
  let fakes: FakeSourcesServer;
  let requests = 0;
  const open: McpRegistry[] = [];

  beforeAll(async () => {
    // Every request is counted, so the SSRF test can show that nothing was sent.
    const counted: FakeSource[] = MCP_FAKES.map((f) => ({ prefix: f.prefix, handle: (...a) => (requests++, f.handle(...a)) }));
    fakes = await startFakeSources(0, counted);
  });
  afterAll(async () => {
    await Promise.all(open.map((r) => r.close()));
    await fakes.close();
  });

  const server = (name: string, path: string, status: 0 | 1 = 1): McpServerConfig => ({
    name,
    description: `测试服务 ${name}`,
    type: 'streamable_http',
    status,
    url: path.startsWith('http') ? path : `${fakes.baseUrl}${path}`,
  });
  const registry = (servers: McpServerConfig[], over: Partial<McpRegistryOptions> = {}) => {
    const allow = over.allow ?? ['127.0.0.1'];
    const r = new McpRegistry({
      servers,
      fetch: createSafeStreamFetch({ allow }),
      allow,
      connectTimeoutMs: 3_000,
      toolTimeoutMs: 3_000,
      resultMaxChars: 50,
      ...over,
    });
    open.push(r);
    return r;
  };

  it('connects over streamable HTTP, lists the tools namespaced and runs calls', async () => {
    const r = registry([server('fake', '/mcp-fake'), server('off', '/mcp-fake/off', 0)]);
    await r.connectAll();
    expect(r.views()).toEqual([
      expect.objectContaining({ name: 'fake', connected: true, toolCount: 4, status: 1 }),
      expect.objectContaining({ name: 'off', connected: false, toolCount: 0, status: 0 }),
    ]);
    expect(r.tools().map((t) => t.name)).toEqual(['fake__echo', 'fake__add', 'fake__current_time', 'fake__fail']);
    const echo = r.tools()[0]!;
    expect(echo.parameters).toMatchObject({ type: 'object', properties: { text: { type: 'string' } }, required: ['text'] });

    expect(await r.call('fake__echo', '{"text":"你好"}')).toEqual({ ok: true, content: 'echo: 你好', server: 'fake' });
    expect(await r.call('fake__add', '{"a":2,"b":3}')).toMatchObject({ ok: true, content: '5' });
    // The answer is capped (resultMaxChars 50).
    const long = await r.call('fake__echo', JSON.stringify({ text: 'x'.repeat(200) }));
    expect(long.content).toHaveLength(51);
    expect(await r.call('fake__fail', '{}')).toMatchObject({ ok: false, content: 'fake tool failure' });
    expect(await r.call('fake__nope', '{}')).toEqual({ ok: false, content: MSG.mcpToolUnknown });
    expect(await r.call('fake__echo', '[1,')).toMatchObject({ ok: false, content: MSG.mcpToolBadArguments });
    // Arguments the tool's schema refuses come back as a failed call, not an exception.
    expect((await r.call('fake__add', '{"a":"x"}')).ok).toBe(false);
    expect(r.views()[0]!.connected).toBe(true);
  });

  it('connects at most 4 servers at once and refuses a 5th with the Chinese message', async () => {
    const r = registry(['a', 'b', 'c', 'd', 'e'].map((n) => server(n, `/mcp-fake/${n}`)));
    await r.connectAll();
    const views = r.views();
    expect(views.filter((v) => v.connected).map((v) => v.name)).toEqual(['a', 'b', 'c', 'd']);
    expect(views[4]).toMatchObject({ name: 'e', connected: false, error: MSG.mcpLimitReached });
    expect(r.connectedCount).toBe(4);
    await expect(r.connect('e')).rejects.toBeInstanceOf(McpLimitError);
    expect(r.tools()).toHaveLength(16);
  });

  it('refuses loopback, private and metadata addresses without SSRF_ALLOW, sending nothing', async () => {
    const before = requests;
    const r = registry(
      [
        server('loop', `${fakes.baseUrl}/mcp-fake`),
        server('private', 'http://10.0.0.8/mcp'),
        server('lan', 'http://192.168.1.20/mcp'),
        server('meta', 'http://169.254.169.254/latest/meta-data'),
      ],
      { allow: [] },
    );
    await r.connectAll();
    for (const v of r.views()) expect(v).toMatchObject({ connected: false, error: MSG.mcpConnectFailed });
    expect(r.tools()).toEqual([]);
    expect(requests).toBe(before);
  });

  it('skips a failing server, keeps the others, and retries it only after a pause', async () => {
    let now = 1_000_000;
    const r = registry([server('broken', '/mcp-broken'), server('good', '/mcp-fake/good')], { now: () => now });
    await r.connectAll();
    expect(r.views().map((v) => [v.name, v.connected, v.error])).toEqual([
      ['broken', false, MSG.mcpConnectFailed],
      ['good', true, undefined],
    ]);
    expect(r.tools().every((t) => t.server === 'good')).toBe(true);
    const before = requests;
    await r.connectAll();
    expect(requests).toBe(before); // still within the backoff: no new attempt
    now += 1_500;
    await r.connectAll();
    expect(requests).toBeGreaterThan(before);
    expect(r.views()[0]!.connected).toBe(false);
  });

  it('closes every connection', async () => {
    const r = registry([server('fake', '/mcp-fake/close')]);
    await r.connectAll();
    expect(r.connectedCount).toBe(1);
    await r.close();
    expect(r.connectedCount).toBe(0);
    expect(r.tools()).toEqual([]);
  });
});
