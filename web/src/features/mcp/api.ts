import type { McpServersRes } from '@wanxiang/contract';
import { get } from '../../api/request';

/** GET /api/v1/mcp/servers: the configured servers with their state (login required). Silent: the modal shows its own message. */
export function listMcpServers(): Promise<McpServersRes> {
  return get<McpServersRes>('/v1/mcp/servers', undefined, { silent: true });
}
