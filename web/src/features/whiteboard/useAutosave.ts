import { useCallback, useEffect, useRef, useState } from 'react';
import type { WhiteboardScene } from '@wanxiang/contract';
import { saveBoardScene } from '../../api/whiteboard';

export type SaveStatus = 'saved' | 'dirty' | 'saving' | 'error';

/** Quiet time after the last edit before the board is saved; a failed save is tried again after RETRY_MS. */
export const AUTOSAVE_DELAY_MS = 1200;
const RETRY_MS = 5000;

/**
 * Debounced autosave of one board: every change replaces the pending scene, and the scene is sent
 * once edits pause. Switching boards, leaving the page or hiding the tab sends what is pending at
 * once, so nothing typed just before is lost.
 */
export function useAutosave(boardId: number): { status: SaveStatus; schedule: (scene: WhiteboardScene) => void; flush: () => Promise<void> } {
  const [status, setStatus] = useState<SaveStatus>('saved');
  const pending = useRef<WhiteboardScene | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<void> | null>(null);

  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    if (inFlight.current) await inFlight.current;
    const scene = pending.current;
    if (!scene) return;
    pending.current = null;
    setStatus('saving');
    const run = saveBoardScene(boardId, scene)
      .then(() => setStatus(pending.current ? 'dirty' : 'saved'))
      .catch(() => {
        // Keep the newest scene: a later edit may already have replaced this one.
        pending.current ??= scene;
        setStatus('error');
        timer.current = setTimeout(() => void flush(), RETRY_MS);
      });
    inFlight.current = run;
    await run;
    inFlight.current = null;
  }, [boardId]);

  const schedule = useCallback(
    (scene: WhiteboardScene) => {
      pending.current = scene;
      setStatus('dirty');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    [flush],
  );

  useEffect(() => {
    const onLeave = () => void flush();
    const onHide = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    window.addEventListener('pagehide', onLeave);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', onLeave);
      document.removeEventListener('visibilitychange', onHide);
      // Leaving this board (another board or another page): send what is pending now.
      void flush();
    };
  }, [flush]);

  return { status, schedule, flush };
}
