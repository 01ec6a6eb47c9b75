import type { ToolGroup } from './spec';

/**
 * Routes of the route table that no registry entry serves yet: they open the shared placeholder
 * page (功能开发中) until the issue named here builds them. This list is the whole placeholder set,
 * as data that only shrinks: when a family's tools land in the registry, their rows go. It is never
 * part of TOOLS (GET /api/v1/tools lists built things only); the /function pages show these greyed
 * as 即将上线.
 */
export interface PendingRoute {
  path: string;
  title: string;
  group: ToolGroup;
  /** The issue that builds it: 13 image family, 14 documents, 15 media. */
  issue: 13 | 14 | 15;
  /** The route needs a login (the route table's verifToken). */
  loginRequired?: boolean;
}

type Rows = Record<string, readonly [title: string, group: ToolGroup]>;

/** Rows under one prefix ('' = the prefix itself). */
function family(issue: PendingRoute['issue'], prefix: string, rows: Rows): PendingRoute[] {
  return Object.entries(rows).map(([sub, [title, group]]) => ({ path: sub ? `${prefix}/${sub}` : prefix, title, group, issue }));
}

/** Issue 15: video, music and voice (their slide and mind-map imports too). */
const MEDIA_FAMILY: PendingRoute[] = [
  ...family(15, '/video', {
  }),
  ...family(15, '/AICreateVideo', {
  }),
  ...family(15, '/AiVideo', {
  }),
  ...family(15, '/AiVioce', {
  }),
];

// Issue 13's routes (drawing, photo, design, charts, data, whiteboard) and issue 14's (documents,
// translation, thesis, AIGC, PDF tools) are all built: none of them is pending.
export const PENDING_ROUTES: readonly PendingRoute[] = [...MEDIA_FAMILY];
