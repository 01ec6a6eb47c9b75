import { CaptureUpdateAction, convertToExcalidrawElements } from '@excalidraw/excalidraw';
import type { ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';
import { insertOffset } from './scene';

/**
 * Mermaid from the server -> Excalidraw shapes on the board. The converter (MIT,
 * @excalidraw/mermaid-to-excalidraw) lays the diagram out in the browser and is loaded only when a
 * diagram is drawn, so opening a board does not pay for it. The shapes land right of what is
 * already there, are selected, and the view scrolls to them; the change is one undo step.
 */
export async function insertMermaid(api: ExcalidrawImperativeAPI, mermaid: string): Promise<number> {
  const { parseMermaidToExcalidraw } = await import('@excalidraw/mermaid-to-excalidraw');
  const { elements: skeleton } = await parseMermaidToExcalidraw(mermaid, { themeVariables: { fontSize: '18px' } });
  const made = convertToExcalidrawElements(skeleton, { regenerateIds: true });
  if (made.length === 0) return 0;
  const existing = api.getSceneElementsIncludingDeleted();
  const { dx, dy } = insertOffset(existing, made);
  // Every element moves by the same amount: arrows keep their relative points and bindings.
  const moved = made.map((el) => ({ ...el, x: el.x + dx, y: el.y + dy }));
  api.updateScene({
    elements: [...existing, ...moved],
    appState: { selectedElementIds: Object.fromEntries(moved.map((el) => [el.id, true as const])) },
    captureUpdate: CaptureUpdateAction.IMMEDIATELY,
  });
  api.scrollToContent(moved, { fitToContent: true, animate: true });
  return moved.length;
}
