/** The MCP server list (search-agents-tools 2.11): display only. Being built by the MCP area. */
export function McpServersModal(_props: { open: boolean; onClose: () => void }) {
  return null;
}
