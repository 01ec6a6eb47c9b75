import { memo, useState } from 'react';
import { App, Button, Tooltip } from 'antd';
import { DislikeFilled, DislikeOutlined, LikeFilled, LikeOutlined, PauseCircleOutlined, SoundOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { voteMessage } from '../../../api/feedback';
import { useChatStore } from '../../../stores/chat';
import type { ChatMessage } from '../../../stores/chat-state';
import { CopyButton } from '../CopyButton';
import { RegenerateButton } from './RegenerateButton';
import { MindMapButton } from '../../mindmap/MindMapButton';
import { PptButton } from '../../slides/PptButton';
import { ReportDialog } from './ReportDialog';
import { speechSupported, toggleSpeech, useSpeechStore } from './speech';
import { countChars, formatCount } from './word-count';
import styles from './actions.module.css';

export interface MessageActionsProps {
  message: ChatMessage;
  /** The newest reply of the session: it alone can be regenerated. */
  last: boolean;
  /** A reply is streaming: regenerate waits. */
  sending: boolean;
}

/** What the reader can do with a finished reply (docs/product/chat.md §4). */
export const MessageActions = memo(function MessageActions({ message: m, last, sending }: MessageActionsProps) {
  const { message } = App.useApp();
  const [reporting, setReporting] = useState(false);
  const speaking = useSpeechStore((s) => s.speakingId === m.id);

  const setVote = (vote: 1 | -1 | undefined): void => {
    const st = useChatStore.getState();
    st.patchMessage(st.currentId, m.id, { vote });
  };

  // Optimistic: the icon changes at once and goes back if the server refuses.
  const vote = async (next: 1 | -1 | 0): Promise<boolean> => {
    const before = m.vote;
    setVote(next === 0 ? undefined : next);
    try {
      await voteMessage({ messageId: m.id, vote: next, model: m.modelname });
      return true;
    } catch {
      setVote(before);
      return false;
    }
  };

  const like = () => void vote(m.vote === 1 ? 0 : 1);
  const dislike = async () => {
    if (m.vote === -1) {
      await vote(0);
      return;
    }
    if (await vote(-1)) setReporting(true);
  };

  const speak = () => {
    if (!speechSupported()) {
      void message.warning(MSG.chatSpeakUnsupported);
      return;
    }
    toggleSpeech(m.id, m.message);
  };

  return (
    <div className={styles.bar} data-testid="message-actions">
      <CopyButton text={m.message} />
      <Tooltip title={MSG.chatLike}>
        <Button
          type="text"
          size="small"
          aria-label={MSG.chatLike}
          aria-pressed={m.vote === 1}
          className={m.vote === 1 ? styles.active : undefined}
          icon={m.vote === 1 ? <LikeFilled /> : <LikeOutlined />}
          onClick={like}
        />
      </Tooltip>
      <Tooltip title={MSG.chatDislike}>
        <Button
          type="text"
          size="small"
          aria-label={MSG.chatDislike}
          aria-pressed={m.vote === -1}
          className={m.vote === -1 ? styles.active : undefined}
          icon={m.vote === -1 ? <DislikeFilled /> : <DislikeOutlined />}
          onClick={() => void dislike()}
        />
      </Tooltip>
      <Tooltip title={speaking ? MSG.chatSpeakStop : MSG.chatSpeak}>
        <Button
          type="text"
          size="small"
          aria-label={speaking ? MSG.chatSpeakStop : MSG.chatSpeak}
          aria-pressed={speaking}
          className={speaking ? styles.active : undefined}
          icon={speaking ? <PauseCircleOutlined /> : <SoundOutlined />}
          onClick={speak}
        />
      </Tooltip>
      {last && !sending && <RegenerateButton />}
      <MindMapButton message={m} />
      <PptButton message={m} />
      <span className={styles.count} data-testid="reply-count">
        {MSG.chatWordCount(formatCount(countChars(m.message)))}
      </span>
      {reporting && <ReportDialog message={m} onClose={() => setReporting(false)} />}
    </div>
  );
});

/** A failed last reply can only be asked again (the failed attempt is dropped). */
export function FailedReplyActions() {
  return (
    <div className={styles.bar} data-testid="failed-reply-actions">
      <RegenerateButton />
    </div>
  );
}
