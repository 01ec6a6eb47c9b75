import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { MCP_MAX_CONNECTED, MSG, type McpServerConfig, type McpServerView, type McpToolView } from '@wanxiang/contract';
import type { FastifyBaseLogger } from 'fastify';
import { checkUserUrl, type Lookup, type StreamFetch } from '../../infra/safe-fetch';
import type { LlmTool } from '../../llm/types';
import { resultText, toolName } from './tool-text';

export interface McpRegistryOptions {
  servers: McpServerConfig[];
  /** The SSRF-safe streaming fetch: every MCP request goes through it. */
  fetch: StreamFetch;
  /** SSRF_ALLOW, for the check before connecting. */
  allow: string[];
  lookup?: Lookup;
  connectTimeoutMs: number;
  toolTimeoutMs: number;
  resultMaxChars: number;
  logger?: FastifyBaseLogger;
  now?: () => number;
}

/** A tool offered to models: its namespaced name and where it lives. */
export interface McpOfferedTool extends LlmTool {
  server: string;
  tool: string;
}

export interface McpCallResult {
  ok: boolean;
  /** The tool's answer as text (capped), or a Chinese sentence on failure. */
  content: string;
  server?: string;
}

type ConnState = 'off' | 'idle' | 'connecting' | 'connected' | 'failed' | 'refused';

interface Conn {
  server: McpServerConfig;
  state: ConnState;
  client?: Client;
  tools: McpOfferedTool[];
  error?: string;
  failures: number;
  /** After a failure, no new attempt before this time (backoff). */
  retryAt: number;
  pending?: Promise<void>;
}

/** Tools kept per server and in all: vendors refuse very long tool lists (OpenAI: 128). */
const TOOLS_PER_SERVER = 32;
const TOOLS_TOTAL = 96;
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 60_000;

export class McpLimitError extends Error {
  constructor() {
    super(MSG.mcpLimitReached);
    this.name = 'McpLimitError';
  }
}

/**
 * The MCP connection manager (docs/product/custom-models.md §5, §9: at most 4 connected at once). Servers
 * connect lazily, in file order, with the SDK's streamable-HTTP client over the SSRF-safe fetch;
 * each one's tool list is cached. A server that fails is skipped (its tools absent) and tried
 * again after a growing pause; a 5th server while 4 are connected is refused.
 */
export class McpRegistry {
  private readonly conns: Conn[];
  private readonly now: () => number;
  private closed = false;

  constructor(private readonly opts: McpRegistryOptions) {
    this.now = opts.now ?? Date.now;
    this.conns = opts.servers.map((server) => ({
      server,
      state: server.status === 1 ? 'idle' : 'off',
      tools: [],
      failures: 0,
      retryAt: 0,
    }));
  }

  /** How many are connected or connecting now. */
  get connectedCount(): number {
    return this.conns.filter((c) => c.state === 'connected' || c.state === 'connecting').length;
  }

  /** Connect every enabled server that is not connected (and not waiting out a backoff), within the 4-server limit. Never throws. */
  async connectAll(): Promise<void> {
    if (this.closed) return;
    const waits: Promise<void>[] = [];
    for (const c of this.conns) {
      if (c.state === 'off' || c.state === 'connected') continue;
      if (c.pending) {
        waits.push(c.pending);
        continue;
      }
      if (c.state === 'failed' && this.now() < c.retryAt) continue;
      if (this.connectedCount >= MCP_MAX_CONNECTED) {
        c.state = 'refused';
        c.error = MSG.mcpLimitReached;
        continue;
      }
      waits.push(this.start(c));
    }
    await Promise.all(waits);
  }

  /** Connect one server by name; throws McpLimitError when 4 are already connected. */
  async connect(name: string): Promise<void> {
    const c = this.conns.find((x) => x.server.name === name);
    if (!c || c.state === 'off' || this.closed) throw new Error(MSG.mcpServerUnavailable);
    if (c.state === 'connected') return;
    if (c.pending) return c.pending;
    if (this.connectedCount >= MCP_MAX_CONNECTED) {
      c.state = 'refused';
      c.error = MSG.mcpLimitReached;
      throw new McpLimitError();
    }
    await this.start(c);
    if ((c.state as ConnState) !== 'connected') throw new Error(c.error ?? MSG.mcpConnectFailed);
  }

  /** The tools of the connected servers, namespaced `<server>__<tool>`, in server order. */
  tools(): McpOfferedTool[] {
    const out: McpOfferedTool[] = [];
    for (const c of this.conns) if (c.state === 'connected') out.push(...c.tools);
    return out.slice(0, TOOLS_TOTAL);
  }

  toolViews(): McpToolView[] {
    return this.tools().map((t) => ({ name: t.name, server: t.server, tool: t.tool, description: t.description ?? '' }));
  }

  views(): McpServerView[] {
    return this.conns.map((c) => ({
      name: c.server.name,
      description: c.server.description,
      type: c.server.type,
      url: c.server.url,
      status: c.server.status,
      connected: c.state === 'connected',
      toolCount: c.state === 'connected' ? c.tools.length : 0,
      ...(c.state === 'failed' || c.state === 'refused' ? { error: c.error ?? MSG.mcpConnectFailed } : {}),
    }));
  }

  /** Run one tool call; failures come back as `ok: false` with a Chinese sentence, never thrown. */
  async call(name: string, args: string, signal?: AbortSignal): Promise<McpCallResult> {
    const c = this.conns.find((x) => x.state === 'connected' && x.tools.some((t) => t.name === name));
    const tool = c?.tools.find((t) => t.name === name);
    if (!c || !c.client || !tool) return { ok: false, content: MSG.mcpToolUnknown };
    let parsed: Record<string, unknown>;
    try {
      const value: unknown = args.trim() ? JSON.parse(args) : {};
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
      parsed = value as Record<string, unknown>;
    } catch {
      return { ok: false, content: MSG.mcpToolBadArguments, server: c.server.name };
    }
    try {
      const result = await c.client.callTool({ name: tool.tool, arguments: parsed }, undefined, {
        timeout: this.opts.toolTimeoutMs,
        maxTotalTimeout: this.opts.toolTimeoutMs,
        signal,
      });
      const text = resultText(result, this.opts.resultMaxChars);
      return { ok: result.isError !== true, content: text, server: c.server.name };
    } catch (err) {
      if (signal?.aborted) return { ok: false, content: MSG.mcpToolFailed, server: c.server.name };
      const timeout = isTimeout(err);
      this.opts.logger?.warn({ server: c.server.name, tool: tool.tool, err: errorText(err) }, 'mcp: tool call failed');
      // A protocol-level refusal (bad params) leaves the connection usable; anything else may mean it is gone.
      if (!isProtocolError(err)) this.fail(c, timeout ? MSG.mcpToolTimeout : MSG.mcpConnectFailed);
      return { ok: false, content: timeout ? MSG.mcpToolTimeout : MSG.mcpToolFailed, server: c.server.name };
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.conns.map((c) => c.pending?.catch(() => undefined)));
    await Promise.all(this.conns.map((c) => c.client?.close().catch(() => undefined)));
    for (const c of this.conns) {
      c.client = undefined;
      if (c.state !== 'off') c.state = 'idle';
    }
  }

  private start(c: Conn): Promise<void> {
    c.state = 'connecting';
    c.error = undefined;
    c.pending = this.open(c).finally(() => {
      c.pending = undefined;
    });
    return c.pending;
  }

  private async open(c: Conn): Promise<void> {
    const timeout = this.opts.connectTimeoutMs;
    const deadline = AbortSignal.timeout(timeout);
    let client: Client | undefined;
    try {
      // Checked before any byte is sent; the fetch checks every request (and redirect) again.
      await checkUserUrl(c.server.url, { allow: this.opts.allow, lookup: this.opts.lookup, timeoutMs: timeout });
      const transport = new StreamableHTTPClientTransport(new URL(c.server.url), {
        fetch: this.opts.fetch,
        reconnectionOptions: { maxReconnectionDelay: 30_000, initialReconnectionDelay: 1_000, reconnectionDelayGrowFactor: 2, maxRetries: 2 },
      });
      client = new Client({ name: 'wanxiang', version: '1.0.0' });
      await client.connect(transport, { timeout, signal: deadline });
      const tools = await listTools(client, c.server.name, { timeout, signal: deadline });
      if (this.closed) throw new Error('closed');
      client.onclose = () => {
        if (c.client === client) this.fail(c, MSG.mcpConnectFailed);
      };
      c.client = client;
      c.tools = tools;
      c.state = 'connected';
      c.failures = 0;
      this.opts.logger?.info({ server: c.server.name, tools: tools.length }, 'mcp: connected');
    } catch (err) {
      await client?.close().catch(() => undefined);
      this.opts.logger?.warn({ server: c.server.name, err: errorText(err) }, 'mcp: connecting failed');
      this.fail(c, MSG.mcpConnectFailed);
    }
  }

  /** Forget a connection and wait longer before each new attempt (1 s, 2 s, 4 s ... 60 s). */
  private fail(c: Conn, error: string): void {
    const client = c.client;
    c.client = undefined;
    c.tools = [];
    c.state = 'failed';
    c.error = error;
    c.failures++;
    c.retryAt = this.now() + Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (c.failures - 1));
    if (client) {
      client.onclose = undefined;
      void client.close().catch(() => undefined);
    }
  }
}

/** Every page of the server's tool list (capped), as tools offered under `<server>__<tool>`. */
async function listTools(client: Client, server: string, opts: { timeout: number; signal: AbortSignal }): Promise<McpOfferedTool[]> {
  const out: McpOfferedTool[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < 5 && out.length < TOOLS_PER_SERVER; page++) {
    const res = await client.listTools(cursor ? { cursor } : undefined, opts);
    for (const t of res.tools) {
      const name = toolName(server, t.name);
      if (seen.has(name) || out.length >= TOOLS_PER_SERVER) continue;
      seen.add(name);
      out.push({
        name,
        server,
        tool: t.name,
        description: (t.description ?? t.title ?? t.name).slice(0, 1_000),
        parameters: { ...t.inputSchema, type: 'object' },
      });
    }
    cursor = res.nextCursor;
    if (!cursor) break;
  }
  return out;
}

function isTimeout(err: unknown): boolean {
  // McpError RequestTimeout is -32001; an aborted deadline is a TimeoutError.
  const e = err as { code?: unknown; name?: unknown };
  return e?.code === -32001 || e?.name === 'TimeoutError';
}

function isProtocolError(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'number' && code !== -32001 && code !== -32000;
}

function errorText(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 300) : String(err).slice(0, 300);
}
