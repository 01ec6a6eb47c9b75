import { memo } from 'react';
import { Avatar, Spin } from 'antd';
import { UserOutlined, ExclamationCircleFilled } from '@ant-design/icons';
import type { ModelEntry } from '@wanxiang/contract';
import { Markdown } from '../../components/markdown';
import type { ChatMessage } from '../../stores/chat-state';
import { FailedReplyActions, MessageActions } from './actions/MessageActions';
import { ModelIcon } from './ModelIcon';
import { ReasoningBlock } from './ReasoningBlock';
import { SearchSources } from './search/SearchSources';
import { ToolCallsBlock } from '../mcp/ToolCallsBlock';
import { BranchSwitcher } from './branches/BranchSwitcher';
import { UserQuestion } from './branches/UserQuestion';
import styles from './chat.module.css';

export interface MessageItemProps {
  message: ChatMessage;
  model: ModelEntry | undefined;
  userAvatar?: string;
  /** The newest message of the session (regenerate is offered there). */
  last?: boolean;
  /** A reply is streaming somewhere in the session. */
  sending?: boolean;
}

/**
 * One bubble: the user's on the right, the model's on the left with its icon. Memoized on the
 * message object: while a reply streams only that message changes identity, so the rest of
 * the list does not re-render.
 */
export const MessageItem = memo(function MessageItem({ message: m, model, userAvatar, last = false, sending = false }: MessageItemProps) {
  if (m.target === 'user') {
    return (
      <div className={`${styles.row} ${styles.rowUser}`} data-role="user" data-id={m.id}>
        <UserQuestion message={m} bubbleClass={`${styles.bubble} ${styles.bubbleUser}`} />
        <Avatar size={32} src={userAvatar || undefined} icon={<UserOutlined />} className={styles.avatar} />
      </div>
    );
  }
  const waiting = m.state === 'waite';
  const thinking = waiting && !m.message;
  return (
    <div className={styles.row} data-role="assistant" data-id={m.id} data-state={m.state}>
      <ModelIcon model={model} size={32} />
      <div className={styles.replyCol}>
        {m.search && <SearchSources search={m.search} streaming={waiting} />}
        {m.reasoning && <ReasoningBlock text={m.reasoning} running={waiting && !m.message} ms={m.reasoningMs} />}
        {m.tools && m.tools.length > 0 && <ToolCallsBlock tools={m.tools} />}
        <div className={`${styles.bubble} ${styles.bubbleAssistant}`}>
          {m.message && <Markdown text={m.message} streaming={waiting} />}
          {thinking && !m.reasoning && <Spin size="small" className={styles.waiting} />}
          {m.state === 'error' && (
            <div className={styles.errorText} role="alert">
              <ExclamationCircleFilled /> {m.errorText}
            </div>
          )}
        </div>
        {m.state === 'ok' && m.message && <MessageActions message={m} last={last} sending={sending} />}
        {/* Answers to the same question (regenerate): < 2/3 > switches, not while one streams. */}
        <BranchSwitcher id={m.id} disabled={waiting} />
        {m.state === 'error' && last && !sending && <FailedReplyActions />}
      </div>
    </div>
  );
});
