import { memo } from 'react';
import { Button } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { BRANCH_MSG } from '@wanxiang/contract';
import { useChatStore } from '../../../stores/chat';
import { selectSiblingLabel } from '../../../stores/chat-selectors';
import styles from './branches.module.css';

/**
 * `< 2/3 >` under a question or answer that has siblings (an edited question, a regenerated answer):
 * switches which one is shown; the conversation below follows the shown one (issue 17 branches).
 * Subscribes to its own label only, so a streaming reply does not re-render the other messages.
 */
export const BranchSwitcher = memo(function BranchSwitcher({ id, disabled = false }: { id: string; disabled?: boolean }) {
  const label = useChatStore(selectSiblingLabel(id));
  // Switching while an answer streams would hide it mid-way.
  const sending = useChatStore((s) => s.sending);
  if (!label) return null;
  const [at, of] = label.split('/').map(Number) as [number, number];
  const show = (step: number) => {
    const st = useChatStore.getState();
    st.showSibling(st.currentId, id, step);
  };
  return (
    <div className={styles.switcher} role="group" aria-label={BRANCH_MSG.branchGroup} data-testid="branch-switcher">
      <Button type="text" size="small" icon={<LeftOutlined />} aria-label={BRANCH_MSG.branchPrev} disabled={disabled || sending || at <= 1} onClick={() => show(-1)} />
      <span className={styles.count} aria-live="polite">
        {label}
      </span>
      <Button type="text" size="small" icon={<RightOutlined />} aria-label={BRANCH_MSG.branchNext} disabled={disabled || sending || at >= of} onClick={() => show(1)} />
    </div>
  );
});
