import { useEffect, useRef, useState } from 'react';
import { App, Button, Popconfirm, Spin, Tag } from 'antd';
import { CustomerServiceOutlined, DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { MSG, type TaskFile } from '@wanxiang/contract';
import { RequestError } from '../../api/request';
import { fetchProtectedFile } from '../../api/tools';
import { saveBlob } from '../../api/save-file';
import { downloadUrl } from '../../tools/TaskResults';
import { useProtectedUrl } from '../../tools/useProtectedUrl';
import { deleteSongTask } from './api';
import { activeLine, parseLrc, songParts, type LrcLine, type SongTakeFiles } from './lrc';
import styles from './music.module.css';

/**
 * A finished song (AI作曲, 伴奏生成, the 创作中心 list): one card per take with the cover, a player,
 * and the lyrics scrolling with the music (the LRC line whose time the player passed is lit).
 */
export function SongResult({ taskId, files }: { taskId: string; files: readonly TaskFile[] }) {
  const { message } = App.useApp();
  const { takes, cover } = songParts(files);
  const coverSrc = useProtectedUrl(cover?.url);
  const [deleted, setDeleted] = useState(false);
  const remove = async () => {
    try {
      await deleteSongTask(taskId);
      setDeleted(true);
    } catch (err) {
      void message.error(err instanceof RequestError && err.msg ? err.msg : MSG.musicDeleteFailed);
    }
  };
  if (deleted)
    return (
      <div className={styles.noLyrics} data-testid="song-deleted">
        {MSG.musicDeletedSong}
      </div>
    );
  return (
    <div className={styles.songs} data-testid="song-result">
      {takes.map((take, i) => (
        <SongTake key={take.audio.id} take={take} index={i} coverSrc={coverSrc.src} />
      ))}
      <div className={styles.songFoot}>
        <span className={styles.aiNote}>{MSG.taskPageAiNote}</span>
        <Popconfirm title={MSG.musicDeleteConfirm} onConfirm={() => void remove()}>
          <Button size="small" danger icon={<DeleteOutlined />} data-testid="song-delete">
            {MSG.musicDeleteSong}
          </Button>
        </Popconfirm>
      </div>
    </div>
  );
}

function SongTake({ take, index, coverSrc }: { take: SongTakeFiles; index: number; coverSrc: string | null }) {
  const { message } = App.useApp();
  const audio = useProtectedUrl(take.audio.url);
  const [lines, setLines] = useState<LrcLine[] | null>(take.lrc ? null : []);
  const [now, setNow] = useState(0);
  const [busy, setBusy] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!take.lrc) return;
    const ctrl = new AbortController();
    fetchProtectedFile(take.lrc.url, take.lrc.name, ctrl.signal)
      .then(async ({ blob }) => setLines(parseLrc(await blob.text())))
      .catch(() => !ctrl.signal.aborted && setLines([]));
    return () => ctrl.abort();
  }, [take.lrc]);
  const active = lines ? activeLine(lines, now) : -1;
  useEffect(() => {
    const el = listRef.current?.querySelector<HTMLElement>(`[data-line="${active}"]`);
    if (el && listRef.current) listRef.current.scrollTop = Math.max(0, el.offsetTop - listRef.current.clientHeight / 2);
  }, [active]);
  const demo = take.audio.name.includes(MSG.musicDemoTag);
  const title = take.audio.name.replace(/\.[^.]+$/, '').replace(/-第\d+版(-演示)?$/, '');
  const save = async () => {
    setBusy(true);
    try {
      const got = await fetchProtectedFile(downloadUrl(take.audio), take.audio.name);
      saveBlob(got.blob, got.name);
    } catch {
      void message.error(MSG.toolAnswerDownloadFailed);
    }
    setBusy(false);
  };
  return (
    <div className={styles.take} data-testid="song-take">
      <div className={styles.cover}>
        {coverSrc ? <img src={coverSrc} alt={title} data-testid="song-cover" /> : <CustomerServiceOutlined />}
      </div>
      <div className={styles.takeBody}>
        <div className={styles.takeHead}>
          <strong className={styles.takeTitle}>{title}</strong>
          <Tag color="blue">{MSG.musicTakeLabel(index + 1)}</Tag>
          {demo && <Tag color="orange">{MSG.musicDemoTag}</Tag>}
          <Button size="small" icon={<DownloadOutlined />} loading={busy} onClick={() => void save()} data-testid="song-download">
            {MSG.taskPageDownload}
          </Button>
        </div>
        {audio.src ? (
          <audio
            className={styles.player}
            controls
            src={audio.src}
            preload="metadata"
            onTimeUpdate={(e) => setNow(e.currentTarget.currentTime)}
            data-testid="song-audio"
          />
        ) : (
          <Spin size="small" />
        )}
        <div className={styles.lyricsTitle}>{MSG.musicLyricsTitle}</div>
        {lines === null ? (
          <Spin size="small" />
        ) : lines.length === 0 ? (
          <div className={styles.noLyrics}>{MSG.musicNoLyrics}</div>
        ) : (
          <ol className={styles.lyrics} ref={listRef} data-testid="song-lyrics">
            {lines.map((l, i) => (
              <li
                key={`${l.time}-${i}`}
                data-line={i}
                className={i === active ? styles.lineActive : undefined}
                data-active={i === active || undefined}
              >
                {l.text}
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
