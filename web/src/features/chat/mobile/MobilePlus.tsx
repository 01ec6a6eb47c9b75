import { useState, type ReactNode } from 'react';
import { Button, Popover } from 'antd';
import {
  AudioOutlined,
  BulbOutlined,
  ClearOutlined,
  EditOutlined,
  FileTextOutlined,
  GlobalOutlined,
  PictureOutlined,
  PlusOutlined,
  SmileOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { MSG } from '@wanxiang/contract';
import { openChatTool } from '../toolbar/tool-bus';
import { SHORTCUTS, type Shortcut, type ShortcutKind } from './shortcuts';
import styles from './mobile.module.css';

const ICONS: Record<ShortcutKind, ReactNode> = {
  image: <PictureOutlined />,
  doc: <FileTextOutlined />,
  video: <VideoCameraOutlined />,
  voice: <AudioOutlined />,
  web: <GlobalOutlined />,
  creation: <EditOutlined />,
  persona: <SmileOutlined />,
  examples: <BulbOutlined />,
  clear: <ClearOutlined />,
};

/**
 * Mobile: the plus button inside the pill-shaped input and its panel of shortcuts. Each shortcut
 * asks its tool to open through the tool bus (the tool's owner listens), or goes to its screen.
 */
export function MobilePlus({ disabled = false }: { disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const run = (s: Shortcut) => {
    setOpen(false);
    if (s.tool) openChatTool(s.tool);
    else if (s.path) navigate(s.path);
  };
  const panel = (
    <div className={styles.plusPanel} data-testid="mobile-plus-panel" role="menu">
      {SHORTCUTS.map((s) => (
        <button key={s.kind} type="button" role="menuitem" className={styles.plusItem} onClick={() => run(s)}>
          <span className={styles.plusIcon}>{ICONS[s.kind]}</span>
          <span className={styles.plusLabel}>{s.label}</span>
        </button>
      ))}
    </div>
  );
  return (
    <Popover
      open={open && !disabled}
      onOpenChange={(v) => setOpen(v && !disabled)}
      trigger="click"
      placement="topLeft"
      arrow={false}
      content={panel}
      styles={{ container: { padding: 12 } }}
    >
      <Button
        shape="circle"
        type="text"
        disabled={disabled}
        className={`${styles.plusButton} ${open ? styles.plusButtonOpen : ''}`}
        icon={<PlusOutlined />}
        aria-label={open ? MSG.mobilePlusClose : MSG.mobilePlusOpen}
        aria-expanded={open}
        data-testid="mobile-plus"
      />
    </Popover>
  );
}
