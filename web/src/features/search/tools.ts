/** The six search tools of the mode-1 grid and the quick links (2.1), with their usage-check names (7.2). */
export interface SearchTool {
  key: string;
  mode: number;
  path: string;
  quotaKey: string;
}

export const AI_SEARCH_TOOL: SearchTool = { key: 'serachnet', mode: 2, path: '/aiSearch/serachnet', quotaKey: 'chat_networking' };

export const SEARCH_TOOLS: SearchTool[] = [
  AI_SEARCH_TOOL,
  { key: 'science', mode: 3, path: '/aiSearch/science', quotaKey: 'resource_learning_search' },
  { key: 'arxiv', mode: 4, path: '/aiSearch/arxiv', quotaKey: 'resource_learning_search' },
  { key: 'webdisk', mode: 5, path: '/aiSearch/webdisk', quotaKey: 'resource_cloud' },
  { key: 'lookforfile', mode: 6, path: '/aiSearch/lookforfile', quotaKey: 'resource_file' },
  { key: 'lookforweb', mode: 7, path: '/aiSearch/lookforweb', quotaKey: 'resource_website' },
];

/** A tool's page, with a preset search `value` when given (the page starts it after 200 ms). */
export function toolPath(key: string, value?: string): string {
  const tool = SEARCH_TOOLS.find((t) => t.key === key);
  const path = tool?.path ?? '/aiSearch/index';
  return value ? `${path}?value=${encodeURIComponent(value)}` : path;
}
