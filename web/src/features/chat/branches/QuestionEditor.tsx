import { useState } from 'react';
import { Button, Input } from 'antd';
import { BRANCH_MSG } from '@wanxiang/contract';
import { useChatTool } from '../toolbar/chat-tool-context';
import { useChatSender } from '../useChatSender';
import styles from './branches.module.css';

export interface QuestionEditorProps {
  id: string;
  text: string;
  onClose(): void;
}

/**
 * Inline editor of a sent question (issue 17 branches): 发送 asks the edited text as a sibling of the
 * question, under the same earlier conversation, and shows it with its new answer; the original stays
 * one `<` away.
 */
export function QuestionEditor({ id, text, onClose }: QuestionEditorProps) {
  const tool = useChatTool();
  const { editQuestion } = useChatSender(tool.modelKey, tool.model, tool.fillInput);
  const [draft, setDraft] = useState(text);
  const unchanged = !draft.trim() || draft.trim() === text.trim();
  const submit = () => {
    if (!unchanged && editQuestion(id, draft)) onClose();
  };
  return (
    <div className={styles.editor} data-testid="question-editor">
      <Input.TextArea
        value={draft}
        autoFocus
        autoSize={{ minRows: 2, maxRows: 10 }}
        aria-label={BRANCH_MSG.branchEditLabel}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <div className={styles.editorBar}>
        <Button size="small" onClick={onClose}>
          {BRANCH_MSG.branchEditCancel}
        </Button>
        <Button size="small" type="primary" disabled={unchanged || tool.sending} onClick={submit}>
          {BRANCH_MSG.branchEditSend}
        </Button>
      </div>
    </div>
  );
}
