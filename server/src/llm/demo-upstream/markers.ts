/*
 * Markers that head a feature's prompt so the demo upstream can recognise the request and answer it offline. They
 * belong to the demo upstream (the llm layer): a feature imports its marker from here and puts it in its prompt, so
 * the demo never imports a feature (imports run one way, docs/development.md "Layers"). Kept import-free.
 */

/** Heads the search hub's intent-detection prompt (modules/search/intent.ts). */
export const INTENT_MARKER = '【搜索意图识别】';

/** Heads the find-websites classification prompt (modules/webdisk/web-browser-tool.ts). */
export const CLASSIFY_MARKER = '【网站分类】';

/** Heads the presentation-outline request (modules/slides/outline-prompt.ts). */
export const OUTLINE_MARKER = '【PPT大纲生成】';

/**
 * The content a marked request carries: the text after the first full-width colon and newline that follow the
 * marker (`{marker}instruction：\n{content}`), or everything after the marker; undefined when the marker is absent.
 */
export function contentAfterMarker(message: string, marker: string): string | undefined {
  const at = message.indexOf(marker);
  if (at < 0) return undefined;
  const rest = message.slice(at + marker.length);
  const colon = rest.indexOf('：\n');
  return colon >= 0 ? rest.slice(colon + 2) : rest;
}
