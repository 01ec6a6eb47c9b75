import { PENDING_ROUTES, TOOLS, type ToolSpec } from '@wanxiang/contract';
import { PAGES } from '../pages';
import { ALL_ROLES, route, type PageKey, type RouteConfig } from '../types';
import { PAGE_COMPONENTS } from './page-keys';

/**
 * The route table of docs/product/shell-and-navigation.md §2, derived from the tool registry: every registry entry x path is a
 * route (title and login flag from the entry), every pending route (contract/src/tools/pending.ts)
 * opens the placeholder until its issue builds it, and any other path is the 404.
 */

/** The generic page a prompt or task tool renders with, once the tool pages are registered. */
const TOOL_PAGE_KEYS: Record<'prompt' | 'task', string> = { prompt: 'promptTool', task: 'taskTool' };

function isRegisteredPage(key: string): key is PageKey {
  return key in PAGES;
}

/** The component key of a registry entry ('placeholder' when nothing can render it yet). */
export function pageKeyOf(tool: ToolSpec): PageKey {
  if (tool.kind === 'page') return PAGE_COMPONENTS[tool.id] ?? 'placeholder';
  const key = TOOL_PAGE_KEYS[tool.kind];
  return isRegisteredPage(key) ? key : 'placeholder';
}

function toolRoutes(tool: ToolSpec): RouteConfig[] {
  return tool.paths.map((path) => ({
    id: path,
    path,
    verifToken: tool.loginRequired ?? false,
    roles: ALL_ROLES,
    title: tool.title,
    element: pageKeyOf(tool),
  }));
}

/** The catch-all: any unknown path renders the 404 page (through the /chat redirect guard). */
export const notFoundRoute: RouteConfig = route('*', '页面不存在', { element: 'notFound' });

export const ROUTES: readonly RouteConfig[] = [
  ...TOOLS.flatMap(toolRoutes),
  ...PENDING_ROUTES.map((p) => route(p.path, p.title, { verifToken: p.loginRequired ?? false })),
  notFoundRoute,
];
