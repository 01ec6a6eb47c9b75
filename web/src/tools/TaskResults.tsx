import { useState, type CSSProperties } from 'react';
import { App, Button, Modal, Progress, Spin } from 'antd';
import { DownloadOutlined, FileOutlined, PictureOutlined } from '@ant-design/icons';
import { MSG, type TaskFile } from '@wanxiang/contract';
import { apiUrl } from '../api/request';
import { fetchProtectedFile } from '../api/tools';
import { saveBlob } from '../api/save-file';
import { FIELD_MSG } from './fields/messages';
import type { ResultSlot } from './result-slots';
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

export interface TaskResultsProps {
  files: readonly TaskFile[];
  /** Image tools with a count: one slot per picture asked for, waiting ones with the task's progress. */
  slots?: readonly ResultSlot[];
  /** CSS aspect-ratio of the picture tiles (the task's chosen ratio); square by default. */
  aspect?: string;
  /** Whether the files are AI content and carry the label (false for plain conversions such as PDF合并). */
  aiNote?: boolean;
}

/**
 * A task's files by kind: an image grid (thumbnails, click to enlarge, download), players for
 * audio and video, downloads for the rest. With slots the grid is the slots: pictures where they
 * are ready, placeholders with the progress where they are still to come.
 */
export function TaskResults({ files, slots, aspect, aiNote = true }: TaskResultsProps) {
  // A video's poster frame is shown on its player (and downloaded beside it), not as a tile of its own.
  const posters = new Map(files.filter((f) => f.contentType.startsWith('video/') && f.thumbUrl).map((f) => [f.thumbUrl!, f]));
  const posterOf = (video: TaskFile) => files.find((f) => f.contentType.startsWith('image/') && f.url === video.thumbUrl);
  const images = files.filter((f) => f.contentType.startsWith('image/') && !posters.has(f.url));
  const others = files.filter((f) => !f.contentType.startsWith('image/'));
  const tiles = slots ?? images.map((file): ResultSlot => ({ kind: 'picture', file }));
  const grid = slots ? slotColumns(tiles.length, aspect) : null;
  return (
    <div className={styles.results} data-testid="task-results">
      {tiles.length > 0 && (
        <div className={grid ? styles.slotGrid : styles.resultGrid} style={grid?.style} data-cols={grid?.cols}>
          {tiles.map((t) =>
            t.kind === 'picture' ? (
              <ResultImage key={t.file.id} file={t.file} aspect={aspect} />
            ) : (
              <WaitingSlot key={`waiting-${t.index}`} slot={t} total={tiles.length} aspect={aspect} />
            ),
          )}
        </div>
      )}
      {others.map((f) => (
        <ResultFile key={f.id} file={f} poster={posterOf(f)} />
      ))}
      {aiNote && (tiles.some((t) => t.kind === 'picture') || others.length > 0) && <div className={styles.aiNote}>{MSG.taskPageAiNote}</div>}
    </div>
  );
}

/**
 * Columns of a slot grid: two for square and wide pictures (four slots make a 2 x 2 block), up to
 * four for tall ones so they stay on one screen; two at most on a phone (the page's CSS picks).
 */
function slotColumns(tiles: number, aspect: string | undefined): { cols: number; style: CSSProperties } {
  const [w, h] = (aspect ?? '1 / 1').split('/').map(Number);
  const tall = Boolean(w && h && h > w);
  const cols = Math.max(1, Math.min(tiles, tall ? 4 : 2));
  return { cols, style: { '--slot-cols': cols, '--slot-cols-phone': Math.min(cols, 2) } as CSSProperties };
}

/** A picture still to come: the task's progress in the place the picture will take. */
function WaitingSlot({ slot, total, aspect }: { slot: Extract<ResultSlot, { kind: 'waiting' }>; total: number; aspect?: string }) {
  const label = FIELD_MSG.slotWaiting(slot.index + 1, total);
  return (
    <div className={`${styles.resultImage} ${styles.slotWaiting}`} style={aspect ? { aspectRatio: aspect } : undefined} role="status" aria-label={label} data-testid="task-slot-waiting">
      <Progress type="circle" size={48} percent={slot.progress} />
      <span className={styles.slotText}>{slot.queued ? FIELD_MSG.slotQueued : `${slot.index + 1} / ${total}`}</span>
    </div>
  );
}

function DownloadButton({ file, compact, label = MSG.taskPageDownload }: { file: TaskFile; compact?: boolean; label?: string }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    await download(file, (m) => void message.error(m));
    setBusy(false);
  };
  return (
    <Button size="small" icon={<DownloadOutlined />} loading={busy} onClick={() => void go()} aria-label={label} data-testid="task-download">
      {compact ? null : label}
    </Button>
  );
}

function ResultImage({ file, aspect }: { file: TaskFile; aspect?: string }) {
  const [open, setOpen] = useState(false);
  const thumb = useProtectedUrl(file.thumbUrl ?? file.url);
  return (
    <div className={styles.resultImage} style={aspect ? { aspectRatio: aspect } : undefined} data-testid="task-result-image">
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

function ResultFile({ file, poster: posterFile }: { file: TaskFile; poster?: TaskFile }) {
  const media = file.contentType.startsWith('audio/') ? 'audio' : file.contentType.startsWith('video/') ? 'video' : null;
  const src = useProtectedUrl(media ? file.url : undefined);
  // A generated video names its poster frame as its thumbnail: shown before it plays.
  const poster = useProtectedUrl(media === 'video' ? file.thumbUrl : undefined);
  return (
    <div className={styles.resultFile}>
      {media === 'audio' && src.src && <audio className={styles.resultMedia} controls src={src.src} />}
      {media === 'video' && src.src && <video className={styles.resultMedia} controls playsInline preload="metadata" poster={poster.src ?? undefined} src={src.src} data-testid="task-result-video" />}
      {!media && <FileOutlined />}
      {!media && <span className={styles.pickedName}>{file.name}</span>}
      <DownloadButton file={file} />
      {posterFile && <DownloadButton file={posterFile} label={MSG.taskPageDownloadPoster} />}
    </div>
  );
}
