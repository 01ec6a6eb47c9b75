import type { AppContext } from '../../context';
import { McpRegistry } from './registry';
import { loadMcpServers } from './servers';

/** One connection manager per app context (the tests build several apps in one process). */
const registries = new WeakMap<AppContext, McpRegistry>();

/** The context's MCP registry, made on first use from the configured servers. */
export function mcpRegistryOf(ctx: AppContext): McpRegistry {
  let registry = registries.get(ctx);
  if (!registry) {
    registry = new McpRegistry({
      servers: loadMcpServers(ctx.config),
      fetch: ctx.safeStreamFetch,
      allow: ctx.config.ssrfAllow,
      connectTimeoutMs: ctx.config.mcp.connectTimeoutMs,
      toolTimeoutMs: ctx.config.mcp.toolTimeoutMs,
      resultMaxChars: ctx.config.mcp.resultMaxChars,
    });
    registries.set(ctx, registry);
  }
  return registry;
}

/** Use this registry for the context (tests with their own fetch or DNS). */
export function setMcpRegistry(ctx: AppContext, registry: McpRegistry): void {
  registries.set(ctx, registry);
}
