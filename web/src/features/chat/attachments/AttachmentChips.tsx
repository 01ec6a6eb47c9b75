import type { ReactNode } from 'react';
import { Tooltip } from 'antd';
import {
  AudioOutlined,
  CloseOutlined,
  ExclamationCircleOutlined,
  FileTextOutlined,
  GlobalOutlined,
  LoadingOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { formatBytes, formatChars, MSG } from '@wanxiang/contract';
import { useChatExtras, type Attachment } from '../../../stores/chat-extras';
import { removeAttachment } from './add-files';
import styles from './attachments.module.css';

const ICONS: Record<string, ReactNode> = {
  audio: <AudioOutlined />,
  video: <VideoCameraOutlined />,
  web: <GlobalOutlined />,
};

/** What a chip says under its name: 解析中..., the failure, or the size and word count. */
function statusLine(a: Attachment): string {
  if (a.status === 'loading') return MSG.fileParsing;
  if (a.status === 'error') return a.reason || MSG.fileParseFailed;
  if (a.type === 'image') return formatBytes(a.size);
  return a.chars ? `${formatBytes(a.size)} · ${formatChars(a.chars)}` : formatBytes(a.size);
}

/** The attachments of the next question, above the input; each can be removed before sending. */
export function AttachmentChips({ disabled }: { disabled?: boolean }) {
  const attachments = useChatExtras((s) => s.attachments);
  if (attachments.length === 0) return null;
  return (
    <div className={styles.chips} data-testid="attachment-chips">
      {attachments.map((a) => (
        <div
          key={a.uid}
          className={`${styles.chip} ${a.status === 'error' ? styles.chipError : ''}`}
          data-testid="attachment-chip"
          data-status={a.status}
        >
          <span className={styles.chipIcon}>
            {a.preview ? (
              <img src={a.preview} alt="" className={styles.thumb} />
            ) : a.status === 'loading' ? (
              <LoadingOutlined />
            ) : (
              (ICONS[a.type] ?? <FileTextOutlined />)
            )}
          </span>
          <span className={styles.chipText}>
            <span className={styles.chipName} title={a.name}>
              {a.name}
            </span>
            <span className={styles.chipStatus}>
              {a.status === 'error' && <ExclamationCircleOutlined />} {statusLine(a)}
            </span>
          </span>
          <Tooltip title={MSG.attachRemove}>
            <button
              type="button"
              className={styles.remove}
              aria-label={MSG.attachRemove}
              disabled={disabled}
              onClick={() => removeAttachment(a.uid)}
            >
              <CloseOutlined />
            </button>
          </Tooltip>
        </div>
      ))}
    </div>
  );
}
