import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Button, InputNumber, Spin } from 'antd';
import { PauseOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { apiUrl } from '../../api/request';
import { fetchProtectedFile } from '../../api/tools';
import { clampRange, peaksOf } from './lrc';
import styles from './music.module.css';

/**
 * The waveform of the uploaded audio (decoded in the browser with WebAudio, drawn on a canvas)
 * with the range to cut: drag either handle or type the seconds; the form's start/end fields
 * follow. The range can be played before the cut.
 */

const COLUMNS = 480;

interface Props {
  fileId: string;
  start: number;
  end: number;
  onChange: (range: { start: number; end: number }) => void;
}

interface Decoded {
  buffer: AudioBuffer;
  peaks: number[];
  url: string;
}

export function WaveRangePicker({ fileId, start, end, onChange }: Props) {
  const [decoded, setDecoded] = useState<Decoded | null>(null);
  const [failed, setFailed] = useState(false);
  const [playing, setPlaying] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const player = useRef<HTMLAudioElement>(null);
  const first = useRef(true);

  useEffect(() => {
    const ctrl = new AbortController();
    let url = '';
    setDecoded(null);
    setFailed(false);
    first.current = true;
    fetchProtectedFile(apiUrl(`/api/v1/files/${fileId}`), 'audio', ctrl.signal)
      .then(async ({ blob }) => {
        url = URL.createObjectURL(blob);
        const ac = new AudioContext();
        try {
          const buffer = await ac.decodeAudioData(await blob.arrayBuffer());
          const channels = Array.from({ length: buffer.numberOfChannels }, (_, i) => buffer.getChannelData(i));
          if (!ctrl.signal.aborted) setDecoded({ buffer, peaks: peaksOf(channels, COLUMNS), url });
        } finally {
          void ac.close();
        }
      })
      .catch(() => !ctrl.signal.aborted && setFailed(true));
    return () => {
      ctrl.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileId]);

  const duration = decoded?.buffer.duration ?? 0;
  // A new file: the range starts as the whole audio, at most its first 30 s.
  useEffect(() => {
    if (!decoded || !first.current) return;
    first.current = false;
    if (end > decoded.buffer.duration || end <= start)
      onChange(clampRange(0, Math.min(30, decoded.buffer.duration), decoded.buffer.duration));
  }, [decoded, start, end, onChange]);

  useEffect(() => {
    const c = canvas.current;
    if (!c || !decoded) return;
    const ratio = window.devicePixelRatio || 1;
    const w = c.clientWidth * ratio;
    const h = c.clientHeight * ratio;
    c.width = w;
    c.height = h;
    const g = c.getContext('2d');
    if (!g) return;
    g.clearRect(0, 0, w, h);
    const col = w / decoded.peaks.length;
    decoded.peaks.forEach((p, i) => {
      const t = (i / decoded.peaks.length) * duration;
      g.fillStyle = t >= start && t <= end ? '#1677ff' : '#bfbfbf';
      const bar = Math.max(1, p * h * 0.95);
      g.fillRect(i * col, (h - bar) / 2, Math.max(1, col - ratio * 0.5), bar);
    });
  }, [decoded, start, end, duration]);

  const drag = (which: 'start' | 'end') => (e: ReactPointerEvent<HTMLDivElement>) => {
    const el = track.current;
    if (!el || !duration) return;
    e.preventDefault();
    const box = el.getBoundingClientRect();
    const move = (ev: PointerEvent) => {
      const t = Math.max(0, Math.min(1, (ev.clientX - box.left) / box.width)) * duration;
      onChange(which === 'start' ? clampRange(t, end, duration) : clampRange(start, t, duration));
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  const play = () => {
    const a = player.current;
    if (!a) return;
    if (playing) return a.pause();
    a.currentTime = start;
    void a.play();
  };

  if (failed) return <div className={styles.waveNote}>{MSG.musicWaveError}</div>;
  if (!decoded)
    return (
      <div className={styles.waveNote}>
        <Spin size="small" /> {MSG.musicWaveLoading}
      </div>
    );
  const pct = (t: number) => `${(t / duration) * 100}%`;
  return (
    <div className={styles.wave} data-testid="wave-picker">
      <div className={styles.waveTrack} ref={track}>
        <canvas ref={canvas} className={styles.waveCanvas} data-testid="wave-canvas" />
        <div className={styles.waveRange} style={{ left: pct(start), width: pct(end - start) }} />
        <div
          className={styles.handle}
          style={{ left: pct(start) }}
          onPointerDown={drag('start')}
          role="slider"
          aria-label={MSG.musicRangeStart}
          aria-valuenow={start}
          data-testid="wave-handle-start"
        />
        <div
          className={styles.handle}
          style={{ left: pct(end) }}
          onPointerDown={drag('end')}
          role="slider"
          aria-label={MSG.musicRangeEnd}
          aria-valuenow={end}
          data-testid="wave-handle-end"
        />
      </div>
      <div className={styles.waveInputs}>
        <label>
          {MSG.musicRangeStart}
          <InputNumber
            size="small"
            min={0}
            max={duration}
            step={0.1}
            value={start}
            onChange={(v) => typeof v === 'number' && onChange(clampRange(v, end, duration))}
            data-testid="wave-start"
          />
        </label>
        <label>
          {MSG.musicRangeEnd}
          <InputNumber
            size="small"
            min={0}
            max={duration}
            step={0.1}
            value={end}
            onChange={(v) => typeof v === 'number' && onChange(clampRange(start, v, duration))}
            data-testid="wave-end"
          />
        </label>
        <span className={styles.waveLen} data-testid="wave-length">
          {MSG.musicRangeLength(end - start)} / {duration.toFixed(1)}
        </span>
        <Button size="small" icon={playing ? <PauseOutlined /> : <PlayCircleOutlined />} onClick={play}>
          {MSG.musicPlayRange}
        </Button>
      </div>
      <audio
        ref={player}
        src={decoded.url}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onTimeUpdate={(e) => {
          if (e.currentTarget.currentTime >= end) e.currentTarget.pause();
        }}
      />
    </div>
  );
}
