import { memo } from 'react';
import { Think } from '@ant-design/x';
import { MSG } from '@wanxiang/contract';

export interface ReasoningBlockProps {
  text: string;
  /** Still thinking (no answer text yet). */
  running: boolean;
  ms?: number;
}

/** The collapsible deep-thinking block, titled with how long the model thought. */
export const ReasoningBlock = memo(function ReasoningBlock({ text, running, ms }: ReasoningBlockProps) {
  const title = running ? MSG.reasoningRunning : ms === undefined ? MSG.reasoningTitle : MSG.reasoningDone((ms / 1000).toFixed(1));
  return (
    <Think title={title} loading={running} defaultExpanded blink={running} className="wx-reasoning">
      <div style={{ whiteSpace: 'pre-wrap' }}>{text}</div>
    </Think>
  );
});
