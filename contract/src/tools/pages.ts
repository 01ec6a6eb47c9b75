import type { ToolSpec } from './spec';

/** Bespoke pages of the route table (kind 'page'): chat, search, agents, account, info and registry views. */
export const PAGE_ENTRIES: readonly ToolSpec[] = [];
