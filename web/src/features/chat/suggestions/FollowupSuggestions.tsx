import { useEffect, useRef } from 'react';
import { Button } from 'antd';
import { BulbOutlined, RightOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { useChatTool } from '../toolbar/chat-tool-context';
import { useFollowupStore } from './followup-store';
import styles from './suggestions.module.css';

/** The scroll that brings the suggestions into view waits this long after they appear (docs/product/chat.md §9). */
export const FOLLOWUP_SCROLL_DELAY_MS = 300;

/**
 * Suggested follow-up questions under the last reply; clicking one asks it. Rendered inside the
 * message list's scroll area, after the messages.
 */
export function FollowupSuggestions({ lastReplyId }: { lastReplyId: string | undefined }) {
  const replyId = useFollowupStore((s) => s.replyId);
  const questions = useFollowupStore((s) => s.questions);
  const { send, sending } = useChatTool();
  const box = useRef<HTMLDivElement>(null);
  const shown = !sending && replyId !== null && replyId === lastReplyId && questions.length > 0;

  useEffect(() => {
    if (!shown) return;
    const t = setTimeout(() => box.current?.scrollIntoView({ behavior: 'smooth', block: 'end' }), FOLLOWUP_SCROLL_DELAY_MS);
    return () => clearTimeout(t);
  }, [shown, questions]);

  if (!shown) return null;
  return (
    <div className={styles.box} ref={box} data-testid="followup-suggestions">
      <div className={styles.title}>
        <BulbOutlined /> {MSG.suggestionsTitle}
      </div>
      <div className={styles.list}>
        {questions.map((q) => (
          <Button key={q} className={styles.item} onClick={() => send(q)}>
            <span className={styles.text}>{q}</span>
            <RightOutlined className={styles.arrow} />
          </Button>
        ))}
      </div>
    </div>
  );
}
