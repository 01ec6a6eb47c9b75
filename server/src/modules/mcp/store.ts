import type { McpServerConfig } from '@wanxiang/contract';
import { liveValueOf } from '../../catalog/documents/live';
import type { AppContext } from '../../context';
import { McpRegistry } from './registry';
import { MCP_SPEC } from './servers';

/** The name of the connection manager in the context's module states (one per app: tests build several). */
const MCP_STATE = 'mcp.registry';

interface McpState {
  /** The list the registry was made from; null: a registry a test put in place, never replaced. */
  servers: McpServerConfig[] | null;
  registry: McpRegistry;
}

function newRegistry(ctx: AppContext, servers: McpServerConfig[]): McpRegistry {
  return new McpRegistry({
    servers,
    fetch: ctx.safeStreamFetch,
    allow: ctx.config.ssrfAllow,
    connectTimeoutMs: ctx.config.mcp.connectTimeoutMs,
    toolTimeoutMs: ctx.config.mcp.toolTimeoutMs,
    resultMaxChars: ctx.config.mcp.resultMaxChars,
  });
}

/**
 * The context's MCP registry for the server list in force (the console's saved list over the file). When the list
 * changes, the next caller gets a new registry; the old one closes once its running tool calls had their time, so an
 * answer already using it finishes its turn.
 */
export function mcpRegistryOf(ctx: AppContext): McpRegistry {
  const servers = liveValueOf(ctx, 'mcp.servers', MCP_SPEC);
  const state = ctx.moduleStates.get<McpState>(MCP_STATE, () => ({ servers, registry: newRegistry(ctx, servers) }));
  if (state.servers !== null && state.servers !== servers) {
    const old = state.registry;
    state.servers = servers;
    state.registry = newRegistry(ctx, servers);
    const timer = setTimeout(() => void old.close().catch(() => undefined), ctx.config.mcp.toolTimeoutMs + ctx.config.mcp.connectTimeoutMs);
    timer.unref();
  }
  return state.registry;
}

/** Use this registry for the context (tests with their own fetch or DNS). */
export function setMcpRegistry(ctx: AppContext, registry: McpRegistry): void {
  ctx.moduleStates.set<McpState>(MCP_STATE, { servers: null, registry });
}

/** Close the context's MCP connections, if any were made (the module's shutdown). */
export async function closeMcpRegistry(ctx: AppContext): Promise<void> {
  await ctx.moduleStates.peek<McpState>(MCP_STATE)?.registry.close();
}
