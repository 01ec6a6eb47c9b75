import { toolByPath } from './index';
import { PENDING_ROUTES } from './pending';

const pendingTitles = new Map(PENDING_ROUTES.map((p) => [p.path, p.title]));

/**
 * The title the registry gives an in-app link ('/x/y?z=1' -> the entry at /x/y), or a pending
 * route's title, or undefined. Catalog files (sidebar.json, site.json) leave a label out where it
 * would only restate this, so a tool's name lives in one place.
 */
export function registryTitleOf(link: string): string | undefined {
  const path = link.split(/[?#]/)[0]!;
  return toolByPath(path)?.title ?? pendingTitles.get(path);
}

/** The registry entry's one-line description of an in-app link, if an entry serves it. */
export function registryDescriptionOf(link: string): string | undefined {
  return toolByPath(link.split(/[?#]/)[0]!)?.description;
}
