import { useCallback, useRef } from 'react';
import { Excalidraw, hashElementsVersion } from '@excalidraw/excalidraw';
import type { ExcalidrawElement } from '@excalidraw/excalidraw/element/types';
import type { AppState, ExcalidrawImperativeAPI, ExcalidrawInitialDataState } from '@excalidraw/excalidraw/types';
import '@excalidraw/excalidraw/index.css';
import type { WhiteboardDetail } from '@wanxiang/contract';
import { toSavedScene } from './scene';
import type { useAutosave } from './useAutosave';

interface Props {
  board: WhiteboardDetail;
  autosave: ReturnType<typeof useAutosave>;
  onApi: (api: ExcalidrawImperativeAPI | null) => void;
}

/** The library's file menu items that would bypass the board store (open a file over the board, save to a local file). */
const UI_OPTIONS = { canvasActions: { loadScene: false, saveToActiveFile: false } } as const;

/**
 * One board on the Excalidraw canvas (MIT), Chinese UI. Mounted per board (keyed by id by the
 * page), so the saved scene is the initial data. Excalidraw calls onChange for every pointer move
 * too: a save is scheduled only when the elements' version hash or the background changed.
 */
export default function BoardCanvas({ board, autosave, onApi }: Props) {
  const lastKey = useRef<string | null>(null);
  const { schedule } = autosave;

  const initialData: ExcalidrawInitialDataState = {
    elements: (board.scene?.elements ?? []) as unknown as ExcalidrawElement[],
    appState: (board.scene?.appState ?? {}) as Partial<AppState>,
    scrollToContent: true,
  };

  const onChange = useCallback(
    (elements: readonly ExcalidrawElement[], appState: AppState) => {
      const key = `${hashElementsVersion(elements)}:${appState.viewBackgroundColor}:${appState.gridModeEnabled}`;
      // The first call reports the scene as loaded: a baseline, not an edit.
      if (lastKey.current === null || lastKey.current === key) {
        lastKey.current = key;
        return;
      }
      lastKey.current = key;
      schedule(toSavedScene(elements, appState as unknown as Record<string, unknown>));
    },
    [schedule],
  );

  return <Excalidraw initialData={initialData} excalidrawAPI={onApi} onChange={onChange} langCode="zh-CN" UIOptions={UI_OPTIONS} />;
}
