import type { AgentTool } from './tool-types';
import { webBrowserTool } from '../webdisk/web-browser-tool';

/**
 * Built-in tools a system agent may name in its catalog entry (`tools`), run on the server
 * before the agent's model answers. Each tool's area registers it here with one line; the
 * agent chat streams a `tool_call` then a `tool_result` {type: name, outputs} for each run.
 */
export type { AgentTool, AgentToolRun } from './tool-types';

// A Map, not an object: a name such as 'constructor' or 'toString' is not a tool.
const AGENT_TOOLS = new Map<string, AgentTool>([['web_browser', webBrowserTool]]);

/** The tool of this name, or undefined (own entries only). */
export function agentTool(name: string): AgentTool | undefined {
  return AGENT_TOOLS.get(name);
}

/** Names of every registered tool, in registration order. */
export function agentToolNames(): string[] {
  return [...AGENT_TOOLS.keys()];
}

/** Add a tool (an area's own, or a test's); answers the function that takes it away again. */
export function registerAgentTool(name: string, tool: AgentTool): () => void {
  AGENT_TOOLS.set(name, tool);
  return () => void AGENT_TOOLS.delete(name);
}
