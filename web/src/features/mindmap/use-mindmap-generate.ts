import { useCallback, useState } from 'react';
import { App } from 'antd';
import { create } from 'zustand';
import { MSG } from '@wanxiang/contract';
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
  start: (content: string, title?: string) => Promise<void>;
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
    async (content: string, title?: string) => {
      setFailed(false);
      useMindMapBusy.getState().set(true);
      try {
        const out = await startStream(mindMapStreamRequest({ content, title }));
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

  return { markdown: answer.state.text, generating: answer.running, failed, start, stop };
}
