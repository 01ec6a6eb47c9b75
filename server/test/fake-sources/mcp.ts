import type { IncomingMessage, ServerResponse } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import type { FakeSource } from './types';

/**
 * A real MCP server (the SDK's own server and streamable-HTTP transport, stateless) with small
 * deterministic tools, standing in for the public MCP servers of catalog/mcp.json. Any path
 * under the prefix is the same server, so tests can configure several "servers" at
 * /mcp-fake/a, /mcp-fake/b... `/mcp-broken` answers every request with HTTP 500.
 */
function buildServer(): McpServer {
  const server = new McpServer({ name: 'wanxiang-fake-mcp', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echo the given text back', inputSchema: { text: z.string().describe('Text to echo') } },
    ({ text }) => ({ content: [{ type: 'text', text: `echo: ${text}` }] }),
  );
  server.registerTool(
    'add',
    { description: 'Add two numbers', inputSchema: { a: z.number(), b: z.number() } },
    ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
  );
  server.registerTool(
    'current_time',
    { description: 'The fixed time of the fake server (ISO 8601)', inputSchema: {} },
    () => ({ content: [{ type: 'text', text: '2026-01-01T08:00:00.000Z' }] }),
  );
  server.registerTool(
    'fail',
    { description: 'Always reports an error', inputSchema: {} },
    () => ({ isError: true, content: [{ type: 'text', text: 'fake tool failure' }] }),
  );
  return server;
}

async function handleMcp(req: IncomingMessage, res: ServerResponse, _path: string, body: Buffer): Promise<void> {
  if (req.method !== 'POST') {
    // Stateless: no standalone SSE stream and no sessions to delete.
    res.writeHead(405, { allow: 'POST', 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }));
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }));
    return;
  }
  const server = buildServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, parsed);
}

export const MCP_FAKES: FakeSource[] = [
  { prefix: '/mcp-fake', handle: handleMcp },
  {
    prefix: '/mcp-broken',
    handle: (_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('fake MCP server failure');
    },
  },
];
