import { exportToBlob, exportToSvg } from '@excalidraw/excalidraw';
import type { ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';
import { saveBlob, saveText } from '../../api/save-file';

export type ExportKind = 'png' | 'svg';

/** A file name from the board's title: characters file systems refuse become 「_」. */
export function exportName(title: string, kind: ExportKind): string {
  const base = title.replace(/[\\/:*?"<>|\s]+/g, '_').replace(/^_+|_+$/g, '') || '白板';
  return `${base}.${kind}`;
}

/**
 * The board as PNG or SVG through the library's own export (same drawing as the canvas, the
 * background included, the fonts embedded in the SVG). False when the board is empty.
 */
export async function exportBoard(api: ExcalidrawImperativeAPI, title: string, kind: ExportKind): Promise<boolean> {
  const elements = api.getSceneElements();
  if (elements.length === 0) return false;
  const appState = { ...api.getAppState(), exportBackground: true };
  const files = api.getFiles();
  if (kind === 'png') {
    saveBlob(await exportToBlob({ elements, appState, files, mimeType: 'image/png', exportPadding: 24 }), exportName(title, kind));
  } else {
    const svg = await exportToSvg({ elements, appState, files, exportPadding: 24 });
    saveText(new XMLSerializer().serializeToString(svg), exportName(title, kind), 'image/svg+xml');
  }
  return true;
}
