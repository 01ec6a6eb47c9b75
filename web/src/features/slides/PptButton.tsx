import { useState } from 'react';
import { App, Button, Modal, Tooltip } from 'antd';
import { FilePptOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import type { ChatMessage } from '../../stores/chat-state';
import { useChatStore } from '../../stores/chat';
import { PptWizard } from './PptWizard';
import { usePptFlow } from './use-ppt-flow';

/** Width of the presentation modal (2.8, 9). */
export const PPT_MODAL_WIDTH = 1000;

/**
 * 生成PPT on a finished reply (2.8, 4.5): opens the presentation modal whose outline is made
 * from this reply. Needs a message and no generation running ('没有消息或者正在生成中，请稍等...').
 */
export function PptButton({ message: m }: { message: ChatMessage }) {
  const { message } = App.useApp();
  const [source, setSource] = useState('');
  const [open, setOpen] = useState(false);
  const flow = usePptFlow();
  const chatSending = useChatStore((s) => s.sending);

  const onClick = () => {
    const text = m.message.trim();
    if (!text || m.state === 'waite' || chatSending || flow.outlining || flow.phase === 'building') {
      void message.warning(MSG.slidesNotReady);
      return;
    }
    setOpen(true);
    if (text !== source) {
      flow.reset();
      setSource(text);
    }
  };

  return (
    <>
      <Tooltip title={MSG.slidesButton}>
        <Button type="text" size="small" aria-label={MSG.slidesButton} icon={<FilePptOutlined />} onClick={onClick} data-testid="ppt-button" />
      </Tooltip>
      {/* Kept mounted once opened: closing and reopening shows the same outline and deck. */}
      {source && (
        <Modal open={open} title={MSG.slidesModalTitle} width={PPT_MODAL_WIDTH} footer={null} onCancel={() => setOpen(false)} centered>
          <PptWizard flow={flow} source={source} />
        </Modal>
      )}
    </>
  );
}
