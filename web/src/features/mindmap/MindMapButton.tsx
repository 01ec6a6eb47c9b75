import { useState } from 'react';
import { App, Button, Drawer, Spin, Tooltip } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import type { ChatMessage } from '../../stores/chat-state';
import { useChatStore } from '../../stores/chat';
import { useIsMobile } from '../../hooks/useIsMobile';
import { MindMapView } from './MindMapView';
import { useMindMapBusy, useMindMapGenerate } from './use-mindmap-generate';
import styles from './mindmap.module.css';

/**
 * 思维导图 on a finished reply (2.8, 4.5): idle, generating (button loading), done. The outline
 * streams into a right-side drawer (full width on phones) and is drawn as it arrives.
 */
export function MindMapButton({ message: m }: { message: ChatMessage }) {
  const { message } = App.useApp();
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const gen = useMindMapGenerate();
  const chatSending = useChatStore((s) => s.sending);
  const otherRunning = useMindMapBusy((s) => s.running);

  const onClick = () => {
    const text = m.message.trim();
    if (!text || m.state === 'waite' || chatSending || gen.generating || otherRunning) {
      void message.warning(MSG.mindmapBusy);
      return;
    }
    setOpen(true);
    void gen.start(text);
  };

  return (
    <>
      <Tooltip title={MSG.mindmapButton}>
        <Button
          type="text"
          size="small"
          aria-label={MSG.mindmapButton}
          data-testid="mindmap-button"
          loading={gen.generating}
          icon={<ApartmentOutlined />}
          onClick={onClick}
        />
      </Tooltip>
      <Drawer
        title={MSG.mindmapTitle}
        placement="right"
        open={open}
        size={mobile ? '100%' : 'min(760px, 60vw)'}
        onClose={() => setOpen(false)}
        styles={{ body: { display: 'flex', flexDirection: 'column', padding: 12 } }}
      >
        <div className={styles.panel} data-testid="mindmap-panel">
          {gen.generating && (
            <div className={styles.status} data-testid="mindmap-generating">
              <Spin size="small" /> {MSG.mindmapGenerating}
            </div>
          )}
          {gen.failed && <div className={styles.status}>{MSG.mindmapFailed}</div>}
          <MindMapView markdown={gen.markdown} streaming={gen.generating} />
        </div>
      </Drawer>
    </>
  );
}
