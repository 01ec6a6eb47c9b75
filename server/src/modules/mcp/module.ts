import type { ServerModule } from '../../module';
import { registerMcpRoutes } from './routes';
import { closeMcpRegistry } from './store';

/** MCP: its routes; the connections to the MCP servers close with the app. */
export const mcpModule: ServerModule = {
  name: 'mcp',
  routes: registerMcpRoutes,
  shutdown: (ctx) => closeMcpRegistry(ctx),
};
