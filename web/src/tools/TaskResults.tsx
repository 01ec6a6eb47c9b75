import { useState } from 'react';
import { App, Button, Modal, Spin } from 'antd';
import { DownloadOutlined, FileOutlined, PictureOutlined } from '@ant-design/icons';
import { MSG, type TaskFile } from '@wanxiang/contract';
import { apiUrl } from '../api/request';
import { fetchProtectedFile } from '../api/tools';
import { saveBlob } from '../api/save-file';
import { useProtectedUrl } from './useProtectedUrl';
import styles from './tools.module.css';

/** The download address of a stored file (the owner-only route with ?download=1). */
export function downloadUrl(file: TaskFile): string {
  return apiUrl(file.url, { download: 1 });
}

async function download(file: TaskFile, onError: (msg: string) => void): Promise<void> {
  try {
    const got = await fetchProtectedFile(downloadUrl(file), file.name);
    saveBlob(got.blob, got.name);
  } catch {
    onError(MSG.toolAnswerDownloadFailed);
  }
}

/** A task's files by kind: an image grid (thumbnails, click to enlarge, download), players for audio and video, downloads for the rest. */
export function TaskResults({ files }: { files: readonly TaskFile[] }) {
  const images = files.filter((f) => f.contentType.startsWith('image/'));
  const others = files.filter((f) => !f.contentType.startsWith('image/'));
  return (
    <div className={styles.results} data-testid="task-results">
      {images.length > 0 && (
        <div className={styles.resultGrid}>
          {images.map((f) => (
            <ResultImage key={f.id} file={f} />
          ))}
        </div>
      )}
      {others.map((f) => (
        <ResultFile key={f.id} file={f} />
      ))}
      <div className={styles.aiNote}>{MSG.taskPageAiNote}</div>
    </div>
  );
}

function DownloadButton({ file, compact }: { file: TaskFile; compact?: boolean }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    await download(file, (m) => void message.error(m));
    setBusy(false);
  };
  return (
    <Button size="small" icon={<DownloadOutlined />} loading={busy} onClick={() => void go()} aria-label={MSG.taskPageDownload} data-testid="task-download">
      {compact ? null : MSG.taskPageDownload}
    </Button>
  );
}

function ResultImage({ file }: { file: TaskFile }) {
  const [open, setOpen] = useState(false);
  const thumb = useProtectedUrl(file.thumbUrl ?? file.url);
  return (
    <div className={styles.resultImage} data-testid="task-result-image">
      {thumb.src ? (
        <img src={thumb.src} alt={file.name} title={MSG.taskPageEnlarge} onClick={() => setOpen(true)} />
      ) : thumb.failed ? (
        <PictureOutlined />
      ) : (
        <Spin size="small" />
      )}
      <div className={styles.resultImageBar}>
        <DownloadButton file={file} compact />
      </div>
      {open && <EnlargedImage file={file} onClose={() => setOpen(false)} />}
    </div>
  );
}

function EnlargedImage({ file, onClose }: { file: TaskFile; onClose: () => void }) {
  const full = useProtectedUrl(file.url);
  return (
    <Modal open onCancel={onClose} footer={<DownloadButton file={file} />} width="min(92vw, 960px)" centered title={file.name}>
      <div className={styles.enlarged} data-testid="task-enlarged">
        {full.src ? <img src={full.src} alt={file.name} /> : <Spin />}
      </div>
    </Modal>
  );
}

function ResultFile({ file }: { file: TaskFile }) {
  const media = file.contentType.startsWith('audio/') ? 'audio' : file.contentType.startsWith('video/') ? 'video' : null;
  const src = useProtectedUrl(media ? file.url : undefined);
  return (
    <div className={styles.resultFile}>
      {media === 'audio' && src.src && <audio className={styles.resultMedia} controls src={src.src} />}
      {media === 'video' && src.src && <video className={styles.resultMedia} controls src={src.src} />}
      {!media && <FileOutlined />}
      {!media && <span className={styles.pickedName}>{file.name}</span>}
      <DownloadButton file={file} />
    </div>
  );
}
