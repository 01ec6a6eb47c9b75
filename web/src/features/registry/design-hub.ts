import { TOOLS, type ToolSpec } from '@wanxiang/contract';
import { galleryItems, type GalleryItem } from './gallery';

/**
 * What /aiDesign/index (AI设计) lists: every tool and page under /aiDesign but the hub itself,
 * built first (the design generators, then posters, resumes and data pages as they land), the
 * routes still pending greyed as 即将上线; the classroom is linked on its own. Pure, unit-tested.
 */
export const DESIGN_PREFIX = '/aiDesign/';
export const DESIGN_HUB_PATH = '/aiDesign/index';
export const DESIGN_CLASSROOM_PATH = '/aiDesign/classRoom';

const underDesign = (path: string) => path.startsWith(DESIGN_PREFIX) && path !== DESIGN_HUB_PATH && path !== DESIGN_CLASSROOM_PATH;

export function designHubItems(items: readonly GalleryItem[] = galleryItems(), tools: readonly ToolSpec[] = TOOLS): GalleryItem[] {
  // Pages under /aiDesign (e.g. a poster editor) count even without a scenario: the gallery leaves those out.
  const listed = new Set(items.map((i) => i.id));
  const pages: GalleryItem[] = tools
    .filter((t) => t.kind === 'page' && !listed.has(t.id) && t.paths.some(underDesign))
    .map((t) => ({ id: t.id, title: t.title, description: t.description, icon: t.icon, path: t.paths.find(underDesign)!, group: t.group, scenarios: [], keywords: t.keywords ?? [], kind: t.kind }));
  const titles = new Set<string>();
  // Two entries of one title (AI简历 经典 and 简约) show once: the first, the tool's home.
  const mine = [...items.filter((i) => underDesign(i.path)), ...pages].filter((i) => !titles.has(i.title) && Boolean(titles.add(i.title)));
  return [...mine.filter((i) => i.kind !== 'pending'), ...mine.filter((i) => i.kind === 'pending')];
}
