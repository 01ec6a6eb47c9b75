import { Typography } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { MindMapButton } from '../mindmap/MindMapButton';
import type { ChatMessage } from '../../stores/chat-state';
import type { AiSearchState } from './useAiSearch';
import styles from './search.module.css';

/** The right panel of an AI search (2.2): the mind map of the finished answer. */
export function MindMapSlot({ state }: { state: AiSearchState }) {
  const done = state.phase === 'done' && state.answer.trim() !== '';
  const message: ChatMessage = {
    id: state.conversationId || 'search',
    state: done ? 'ok' : 'waite',
    target: 'assistant',
    message: state.answer,
    reasoning: '',
    messageType: 'text',
    modelname: 'net_search',
    search: { query: state.searchQuery, sources: state.sources, done: true },
    dateTime: 0,
  };
  return (
    <div className={styles.mindMap}>
      <div className={styles.sectionTitle}>
        <ApartmentOutlined /> {MSG.searchMindMap}
      </div>
      {done ? <MindMapButton message={message} /> : null}
      <Typography.Text type="secondary">{MSG.searchMindMapHint}</Typography.Text>
    </div>
  );
}
