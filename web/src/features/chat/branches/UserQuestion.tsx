import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { BRANCH_MSG } from '@wanxiang/contract';
import type { ChatMessage } from '../../../stores/chat-state';
import { BranchSwitcher } from './BranchSwitcher';
import { QuestionEditor } from './QuestionEditor';
import styles from './branches.module.css';

/**
 * The user's question: its bubble, or the inline editor after 编辑; under it the 编辑 action and, when
 * it was edited before, the `< 2/3 >` switcher between its versions.
 */
export function UserQuestion({ message: m, bubbleClass }: { message: ChatMessage; bubbleClass: string }) {
  const [editing, setEditing] = useState(false);
  if (editing) return <QuestionEditor id={m.id} text={m.message} onClose={() => setEditing(false)} />;
  return (
    <div className={styles.userCol}>
      <div className={bubbleClass}>{m.message}</div>
      <div className={styles.userBar}>
        <BranchSwitcher id={m.id} />
        <Tooltip title={BRANCH_MSG.branchEditLabel}>
          <Button type="text" size="small" icon={<EditOutlined />} aria-label={BRANCH_MSG.branchEdit} onClick={() => setEditing(true)} />
        </Tooltip>
      </div>
    </div>
  );
}
