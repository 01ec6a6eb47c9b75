import { useEffect, useState } from 'react';
import { Button, Input, Modal, Upload } from 'antd';
import { FileTextOutlined, PictureOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { feedback } from '../../../components/feedback/holder';
import { useChatExtras } from '../../../stores/chat-extras';
import { useChatTool } from '../toolbar/chat-tool-context';
import { onChatTool } from '../toolbar/tool-bus';
import { addAttachmentFiles } from './add-files';
import { AttachmentChips } from './AttachmentChips';
import { acceptAttr } from './attach-rules';
import styles from './attachments.module.css';

export type AttachMode = 'image' | 'doc';

/**
 * Picking images or documents for the next question (tool names 'image' and 'doc'): a drag-and-drop
 * area that uploads at once and shows the chips. In image mode it is the chat-with-image dialog:
 * one image and a question (请输入图片问题), asked right away.
 */
export function AttachDialog() {
  const { sending, send, mobile } = useChatTool();
  const [mode, setMode] = useState<AttachMode | null>(null);
  const [question, setQuestion] = useState('');
  const image = useChatExtras((s) => (s.docMode === 'image' ? s.attachments.find((a) => a.status === 'complete') : undefined));

  useEffect(() => {
    const offImage = onChatTool('image', () => setMode('image'));
    const offDoc = onChatTool('doc', () => setMode('doc'));
    return () => {
      offImage();
      offDoc();
    };
  }, []);

  const close = () => {
    setMode(null);
    setQuestion('');
  };

  const ask = () => {
    if (!image) return feedback().warn(MSG.noImageYet);
    if (!question.trim()) return feedback().warn(MSG.imageQuestionEmpty);
    if (send(question.trim())) close();
  };

  const want = mode === 'image' ? 'image' : 'file';
  return (
    <Modal
      open={mode !== null}
      onCancel={close}
      title={mode === 'image' ? MSG.attachImageQuestionTitle : MSG.attachDoc}
      width={mobile ? '100%' : 520}
      destroyOnHidden
      footer={
        mode === 'image' ? (
          <Button type="primary" onClick={ask} disabled={sending} data-testid="attach-ask">
            {MSG.attachImageAsk}
          </Button>
        ) : (
          <Button type="primary" onClick={close} data-testid="attach-done">
            {MSG.attachDone}
          </Button>
        )
      }
    >
      <div className={styles.dialogBody} data-testid={`attach-dialog-${mode ?? ''}`}>
        <Upload.Dragger
          accept={acceptAttr(want)}
          multiple={mode === 'doc'}
          showUploadList={false}
          beforeUpload={(file, list) => {
            // antd calls this once per file; hand the whole batch over once.
            if (file === list[0]) addAttachmentFiles(list, { sending, want });
            return Upload.LIST_IGNORE;
          }}
        >
          <p className={styles.dragIcon}>{mode === 'image' ? <PictureOutlined /> : <FileTextOutlined />}</p>
          <p>{MSG.importDragHint}</p>
          <p className={styles.hint}>{mode === 'image' ? MSG.attachImageHint : MSG.attachDocHint}</p>
        </Upload.Dragger>
        <AttachmentChips disabled={sending} />
        {mode === 'image' && (
          <Input.TextArea
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            placeholder={MSG.attachImageQuestionPlaceholder}
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={2000}
            data-testid="attach-question"
          />
        )}
      </div>
    </Modal>
  );
}
