import type { AppContext } from '../../context';
import { McpRegistry } from './registry';
import { loadMcpServers } from './servers';

/** The name of the connection manager in the context's module states (one per app: tests build several). */
const MCP_STATE = 'mcp.registry';

/** The context's MCP registry, made on first use from the configured servers. */
export function mcpRegistryOf(ctx: AppContext): McpRegistry {
  return ctx.moduleStates.get(
    MCP_STATE,
    () =>
      new McpRegistry({
        servers: loadMcpServers(ctx.config),
        fetch: ctx.safeStreamFetch,
        allow: ctx.config.ssrfAllow,
        connectTimeoutMs: ctx.config.mcp.connectTimeoutMs,
        toolTimeoutMs: ctx.config.mcp.toolTimeoutMs,
        resultMaxChars: ctx.config.mcp.resultMaxChars,
      }),
  );
}

/** Use this registry for the context (tests with their own fetch or DNS). */
export function setMcpRegistry(ctx: AppContext, registry: McpRegistry): void {
  ctx.moduleStates.set(MCP_STATE, registry);
}

/** Close the context's MCP connections, if any were made (the module's shutdown). */
export async function closeMcpRegistry(ctx: AppContext): Promise<void> {
  await ctx.moduleStates.peek<McpRegistry>(MCP_STATE)?.close();
}
