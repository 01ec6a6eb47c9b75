import type { FastifyInstance } from 'fastify';
import { MCP_MAX_CONNECTED, ok, type McpServersRes, type McpToolsRes } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { mcpRegistryOf } from './store';

/**
 * MCP servers (docs/product/custom-models.md §2, §3, §5, §9), login required (listing connects to them):
 * `GET /api/v1/mcp/servers` the display-only list with each server's state and tool count,
 * `GET /api/v1/mcp/tools` the tools offered to tools-capable models. The server list is read
 * (and checked) at boot, then follows the admin console's saves; the connections close with the app.
 */
export async function registerMcpRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Checks the list now (a bad one stops the boot). The connections close with the app (mcpModule.shutdown, module.ts);
  // each request asks for the registry again, since a save in the console replaces it.
  mcpRegistryOf(ctx);

  app.get('/v1/mcp/servers', async (req) => {
    requireUser(req);
    const registry = mcpRegistryOf(ctx);
    await registry.connectAll();
    const data: McpServersRes = { max: MCP_MAX_CONNECTED, servers: registry.views() };
    return ok(data);
  });

  app.get('/v1/mcp/tools', async (req) => {
    requireUser(req);
    const registry = mcpRegistryOf(ctx);
    await registry.connectAll();
    const data: McpToolsRes = { tools: registry.toolViews() };
    return ok(data);
  });
}
