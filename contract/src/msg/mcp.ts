/** Messages of the MCP servers and tool calls (3, 5, 9): the spec's exact texts. Spread into MSG (messages.ts). */
export const MCP_MSG = {} as const;
