import { CHART_TOOLS } from './charts';
import { DESIGN_DOC_TOOLS } from './design-docs';
import { DESIGN_TOOLS } from './design';
import { TASK_TOOLS } from './effects';
import { GENERATE_TOOLS } from './generate';
import { IMAGE_TOOLS } from './images';
import { MEDIA_TOOLS } from './media';
import { PAGE_ENTRIES } from './pages';
import { PDF_TOOLS } from './pdf-tools';
import { PENDING_ROUTES } from './pending';
import type { ToolSpec } from './spec';
import { TRANSLATE_TOOLS } from './translate';
import { THESIS_TOOLS } from './thesis';
import { DOC_TRANSLATE_TOOL_SPECS } from './translate-docs';
import { WRITING_TOOLS } from './writing';

export * from './spec';
export * from './inputs';
export { PROMPT_TOOL_MODELS } from './models';
export * from './runs';
export { PENDING_ROUTES, type PendingRoute } from './pending';

export * from './task';
export * from './effects';
export { IMAGE_TOOLS, FACE_TOOL_IDS, FACE_CONSENT_LINE } from './images';
export * from './images-styles';
export { DESIGN_TOOLS, DESIGN_TASK_TOOLS, DESIGN_STYLES, COVER_PLATFORMS, RED_COVER, SIGN_STYLES, SIGN_STYLE_MIXED, SIGN_COLORS, DESIGN_NAME_MAX, type DesignStyle, type SignStyle } from './design';
export * from './design-docs';
export { CHART_TOOLS, CHART_TYPE_LABELS, DATA_FILE_EXTENSIONS, DATA_FILE_MAX_BYTES, PAGE_THEMES } from './charts';
export * from './chart-check';
export * from './html-page';
export * from './pdf-tools';
export * from './pdf-pages';
export * from './translate';
export * from './thesis';
export * from './translate-docs';
export * from './media';
export * from './media-voice';
export * from './media-talk';
export * from './media-music';
export * from './media-video';
export * from './media-video-edit';
/** The whole registry: every tool and built page. Ids are unique, paths belong to one entry. */
export const TOOLS: readonly ToolSpec[] = [...GENERATE_TOOLS, ...TASK_TOOLS, ...IMAGE_TOOLS, ...DESIGN_TOOLS, ...WRITING_TOOLS, ...CHART_TOOLS, ...PAGE_ENTRIES, ...DESIGN_DOC_TOOLS, ...DOC_TRANSLATE_TOOL_SPECS, ...THESIS_TOOLS, ...TRANSLATE_TOOLS, ...PDF_TOOLS, ...MEDIA_TOOLS];

const byId = new Map(TOOLS.map((t) => [t.id, t]));
const byPath = new Map(TOOLS.flatMap((t) => t.paths.map((p) => [p, t] as const)));

export function toolById(id: string): ToolSpec | undefined {
  return byId.get(id);
}

export function toolByPath(path: string): ToolSpec | undefined {
  return byPath.get(path);
}

/** Ids of every registry entry of one group (the listing calls' ?group=, 翻译记录). */
export function toolIdsOfGroup(group: ToolSpec['group']): string[] {
  return TOOLS.filter((t) => t.group === group).map((t) => t.id);
}

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
