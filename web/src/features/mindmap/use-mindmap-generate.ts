import { useCallback, useEffect, useRef, useState } from 'react';
import { App } from 'antd';
import { create } from 'zustand';
import { MSG } from '@wanxiang/contract';
import { streamMindMap } from '../../api/mindmap';
import { openGateRefusal } from '../chat/gates/quota-gate';

/** One outline generation at a time across the page (5: no other generation running). */
export const useMindMapBusy = create<{ running: boolean; set: (running: boolean) => void }>((set) => ({
  running: false,
  set: (running) => set({ running }),
}));

export interface MindMapGeneration {
  markdown: string;
  generating: boolean;
  failed: boolean;
  start: (content: string, title?: string) => Promise<void>;
  stop: () => void;
}

/**
 * Streams an outline from /mindmap/generate. A quota refusal opens the upgrade dialog; any other
 * refusal shows the server's message; a failed stream shows 生成失败,请检查生成内容后再试！.
 */
export function useMindMapGenerate(): MindMapGeneration {
  const { message } = App.useApp();
  const [markdown, setMarkdown] = useState('');
  const [generating, setGenerating] = useState(false);
  const [failed, setFailed] = useState(false);
  const abortRef = useRef<AbortController | null>(null);

  const stop = useCallback(() => {
    abortRef.current?.abort();
    abortRef.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const start = useCallback(
    async (content: string, title?: string) => {
      stop();
      const ctrl = new AbortController();
      abortRef.current = ctrl;
      setMarkdown('');
      setFailed(false);
      setGenerating(true);
      useMindMapBusy.getState().set(true);
      let text = '';
      let ok = false;
      try {
        for await (const ev of streamMindMap({ content, title }, ctrl.signal)) {
          if (ev.event === 'text') {
            text += ev.data.text;
            setMarkdown(text);
          } else if (ev.event === 'refusal') {
            if (!openGateRefusal(ev.data.code, ev.data.msg)) void message.error(ev.data.msg);
            return;
          } else if (ev.event === 'error') {
            void message.error(MSG.mindmapFailed);
            setFailed(true);
            return;
          } else if (ev.event === 'done') {
            ok = true;
          }
        }
        if (!ok && !ctrl.signal.aborted) {
          void message.error(MSG.mindmapFailed);
          setFailed(true);
        }
      } finally {
        if (abortRef.current === ctrl) abortRef.current = null;
        setGenerating(false);
        useMindMapBusy.getState().set(false);
      }
    },
    [message, stop],
  );

  return { markdown, generating, failed, start, stop };
}
