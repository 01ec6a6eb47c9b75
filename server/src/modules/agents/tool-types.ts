import type { AppContext } from '../../context';

export interface AgentToolRun {
  /** What the tool found, shown to the reader and given to the model as context. */
  outputs: unknown[];
  /** A short text form of the outputs for the model (numbered list, JSON...). */
  content: string;
}

export type AgentTool = (ctx: AppContext, input: { query: string; userId: number; signal: AbortSignal }) => Promise<AgentToolRun>;
