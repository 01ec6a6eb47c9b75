import { Button, Empty, Popconfirm, Spin, Tag, Upload } from 'antd';
import { DeleteOutlined, FileTextOutlined, UploadOutlined } from '@ant-design/icons';
import { DOC_LIBRARY_MAX_BYTES, DOC_LIBRARY_MSG, DOC_LIBRARY_TYPES, type DocFileInfo } from '@wanxiang/contract';
import type { IndexProgress } from './use-doc-library';
import styles from './doc-chat.module.css';

const ACCEPT = DOC_LIBRARY_TYPES.map((t) => `.${t}`).join(',');
const TYPES_TEXT = DOC_LIBRARY_TYPES.map((t) => t.toUpperCase()).join('、');

const STATUS: Record<DocFileInfo['status'], { color: string; text: string }> = {
  indexing: { color: 'processing', text: DOC_LIBRARY_MSG.statusIndexing },
  ready: { color: 'success', text: DOC_LIBRARY_MSG.statusReady },
  failed: { color: 'error', text: DOC_LIBRARY_MSG.statusFailed },
};

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function UploadDocButton({ onUpload, busy }: { onUpload: (file: File) => void; busy: boolean }) {
  return (
    <div className={styles.upload}>
      <Upload
        accept={ACCEPT}
        showUploadList={false}
        beforeUpload={(file) => {
          onUpload(file);
          return false;
        }}
      >
        <Button type="primary" icon={<UploadOutlined />} loading={busy} data-testid="doc-upload">
          {DOC_LIBRARY_MSG.uploadButton}
        </Button>
      </Upload>
      <span className={styles.muted}>{DOC_LIBRARY_MSG.uploadHint(TYPES_TEXT, DOC_LIBRARY_MAX_BYTES / 1024 / 1024)}</span>
    </div>
  );
}

/**
 * The caller's documents: name, size, status (解析中 while its indexing task runs, the reason when it
 * failed), open and delete. `selected` marks the open one on the chat page.
 */
export function DocList({
  docs,
  loading,
  progress = {},
  selected,
  onOpen,
  onDelete,
  openLabel,
}: {
  docs: DocFileInfo[];
  loading: boolean;
  /** Indexing tasks' progress by file id. */
  progress?: Record<string, IndexProgress>;
  selected?: string;
  onOpen: (doc: DocFileInfo) => void;
  onDelete: (doc: DocFileInfo) => void;
  openLabel?: string;
}) {
  if (loading) return <Spin className={styles.center} />;
  if (docs.length === 0) return <Empty description={DOC_LIBRARY_MSG.listEmpty} />;
  return (
    <ul className={styles.list} data-testid="doc-list">
      {docs.map((d) => (
        <li key={d.file_id} className={`${styles.item} ${selected === d.file_id ? styles.itemActive : ''}`} data-testid="doc-item">
          <button type="button" className={styles.itemMain} onClick={() => onOpen(d)} disabled={d.status !== 'ready'} title={d.name}>
            <FileTextOutlined className={styles.itemIcon} />
            <span className={styles.itemText}>
              <span className={styles.itemName}>{d.name}</span>
              <span className={styles.muted}>
                {sizeText(d.bytes)}
                {d.status === 'ready' ? ` · ${DOC_LIBRARY_MSG.chunksLabel(d.chunks)}` : ''}
                {d.error ? ` · ${d.error}` : ''}
                {d.status === 'indexing' && progress[d.file_id]
                  ? ` · ${progress[d.file_id]!.stage || ''} ${progress[d.file_id]!.progress}%`
                  : ''}
              </span>
            </span>
          </button>
          <Tag color={STATUS[d.status].color} className={styles.itemTag} data-testid="doc-status">
            {STATUS[d.status].text}
          </Tag>
          {openLabel && d.status === 'ready' && (
            <Button size="small" onClick={() => onOpen(d)} data-testid="doc-open">
              {openLabel}
            </Button>
          )}
          <Popconfirm title={DOC_LIBRARY_MSG.deleteConfirm} onConfirm={() => onDelete(d)} okText="删除" cancelText="取消">
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="删除" data-testid="doc-delete" />
          </Popconfirm>
        </li>
      ))}
    </ul>
  );
}
