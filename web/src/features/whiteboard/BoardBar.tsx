import { useState } from 'react';
import { Button, Dropdown, Input, Modal, Popconfirm, Select, Tooltip, Typography } from 'antd';
import { CheckCircleOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, ExclamationCircleOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { WHITEBOARD_TITLE_MAX, type WhiteboardSummary } from '@wanxiang/contract';
import { useIsMobile } from '../../hooks/useIsMobile';
import type { ExportKind } from './export-board';
import type { SaveStatus } from './useAutosave';
import { T } from './texts';
import styles from './whiteboard.module.css';

interface Props {
  boards: WhiteboardSummary[];
  currentId: number;
  status: SaveStatus;
  onSelect: (id: number) => void;
  onCreate: () => void;
  onRename: (title: string) => void;
  onDelete: () => void;
  onExport: (kind: ExportKind) => void;
}

const STATUS_TEXT: Record<SaveStatus, { text: string; type?: 'secondary' | 'warning' | 'danger'; icon: React.ReactNode }> = {
  saved: { text: T.saved, type: 'secondary', icon: <CheckCircleOutlined /> },
  saving: { text: T.saving, type: 'secondary', icon: <LoadingOutlined /> },
  dirty: { text: T.unsaved, type: 'warning', icon: <LoadingOutlined /> },
  error: { text: T.saveFailed, type: 'danger', icon: <ExclamationCircleOutlined /> },
};

/**
 * The board switcher (the user's boards, last edited first), new / rename / delete, PNG and SVG
 * export and the save state. On a phone the buttons show their icons only (named by tooltip and
 * aria-label) so the bar stays one row and the canvas keeps the screen.
 */
export function BoardBar({ boards, currentId, status, onSelect, onCreate, onRename, onDelete, onExport }: Props) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const mobile = useIsMobile();
  const current = boards.find((b) => b.id === currentId);
  const shown = STATUS_TEXT[status];
  const label = (text: string) => (mobile ? undefined : text);
  return (
    <div className={styles.toolbar}>
      <Select
        className={styles.boardSelect}
        value={currentId}
        placeholder={T.boardPlaceholder}
        aria-label={T.boardPlaceholder}
        options={boards.map((b) => ({ value: b.id, label: b.title }))}
        onChange={onSelect}
      />
      <div className={styles.boardActions}>
        <Tooltip title={mobile ? T.newBoard : undefined}>
          <Button icon={<PlusOutlined />} aria-label={T.newBoard} onClick={onCreate}>
            {label(T.newBoard)}
          </Button>
        </Tooltip>
        <Tooltip title={mobile ? T.rename : undefined}>
          <Button icon={<EditOutlined />} aria-label={T.rename} onClick={() => setRenaming(current?.title ?? '')}>
            {label(T.rename)}
          </Button>
        </Tooltip>
        <Popconfirm title={T.removeConfirm} onConfirm={onDelete}>
          <Button danger icon={<DeleteOutlined />} aria-label={T.remove}>
            {label(T.remove)}
          </Button>
        </Popconfirm>
        <Dropdown
          menu={{
            items: [
              { key: 'png', label: T.exportPng },
              { key: 'svg', label: T.exportSvg },
            ],
            onClick: ({ key }) => onExport(key as ExportKind),
          }}
        >
          <Button icon={<DownloadOutlined />} aria-label={T.export}>
            {label(T.export)}
          </Button>
        </Dropdown>
      </div>
      <Tooltip title={mobile ? shown.text : undefined}>
        <Typography.Text className={styles.status} type={shown.type} data-testid="whiteboard-save-status" data-status={status} aria-label={shown.text}>
          {shown.icon} {mobile ? null : shown.text}
        </Typography.Text>
      </Tooltip>
      <Modal
        open={renaming !== null}
        title={T.renameTitle}
        onCancel={() => setRenaming(null)}
        onOk={() => {
          if (renaming?.trim()) onRename(renaming.trim());
          setRenaming(null);
        }}
        destroyOnHidden
      >
        <Input value={renaming ?? ''} maxLength={WHITEBOARD_TITLE_MAX} placeholder={T.namePlaceholder} onChange={(e) => setRenaming(e.target.value)} autoFocus />
      </Modal>
    </div>
  );
}
