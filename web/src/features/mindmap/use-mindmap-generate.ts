import { useCallback, useState } from 'react';
import { App } from 'antd';
import { create } from 'zustand';
import { MSG, type MindMapGenerateRequest } from '@wanxiang/contract';
import { mindMapStreamRequest } from '../../api/mindmap';
import { useAnswerStream } from '../../hooks/useAnswerStream';
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
  /** Whether the outline came from the demo model (shown as 演示). */
  demo: boolean;
  /** A text (and title), or a request naming the caller's uploaded document ({fileId}, docs/product/mindmap-and-slides.md §11). */
  start: (content: string | MindMapGenerateRequest, title?: string) => Promise<void>;
  stop: () => void;
}

/**
 * Streams an outline from /mindmap/generate. A quota refusal opens the upgrade dialog; any other
 * refusal shows the server's message; a failed stream shows 生成失败,请检查生成内容后再试！.
 */
export function useMindMapGenerate(): MindMapGeneration {
  const { message } = App.useApp();
  const answer = useAnswerStream();
  const { start: startStream, stop } = answer;
  const [failed, setFailed] = useState(false);

  const start = useCallback(
    async (content: string | MindMapGenerateRequest, title?: string) => {
      setFailed(false);
      useMindMapBusy.getState().set(true);
      try {
        const out = await startStream(mindMapStreamRequest(typeof content === 'string' ? { content, title } : content));
        if (out.status === 'refused') {
          if (!openGateRefusal(out.error!.code, out.error!.msg)) void message.error(out.error!.msg);
        } else if (out.status === 'failed') {
          void message.error(MSG.mindmapFailed);
          setFailed(true);
        }
      } finally {
        useMindMapBusy.getState().set(false);
      }
    },
    [message, startStream],
  );

  return { markdown: answer.state.text, generating: answer.running, failed, demo: Boolean(answer.state.meta?.demo), start, stop };
}
