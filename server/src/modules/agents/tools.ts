import type { AgentTool } from './tool-types';
import { webBrowserTool } from '../webdisk/web-browser-tool';

/**
 * Built-in tools a system agent may name in its catalog entry (`tools`), run on the server
 * before the agent's model answers. Each tool's area registers it here with one line; the
 * agent chat streams a `tool_call` then a `tool_result` {type: name, outputs} for each run.
 */
export type { AgentTool, AgentToolRun } from './tool-types';

export const AGENT_TOOLS: Record<string, AgentTool> = {};
AGENT_TOOLS.web_browser = webBrowserTool;
