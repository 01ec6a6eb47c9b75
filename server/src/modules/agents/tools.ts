import type { AppContext } from '../../context';
import { webBrowserTool } from '../webdisk/web-browser-tool';

/**
 * Built-in tools a system agent may name in its catalog entry (`tools`), run on the server
 * before the agent's model answers. Each tool's area registers it here with one line; the
 * agent chat streams a `tool_call` then a `tool_result` {type: name, outputs} for each run.
 */
export interface AgentToolRun {
  /** What the tool found, shown to the reader and given to the model as context. */
  outputs: unknown[];
  /** A short text form of the outputs for the model (numbered list, JSON...). */
  content: string;
}

export type AgentTool = (ctx: AppContext, input: { query: string; userId: number; signal: AbortSignal }) => Promise<AgentToolRun>;

export const AGENT_TOOLS: Record<string, AgentTool> = {};
AGENT_TOOLS.web_browser = webBrowserTool;
