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

// Issues 13 (image family), 14 (documents) and 15 (media) built every route that was listed here: the
// list is empty, and the placeholder page only shows for a page entry whose component is missing
// (web/src/routes/table/table.test.ts checks that no route is one).
export const PENDING_ROUTES: readonly PendingRoute[] = [];
