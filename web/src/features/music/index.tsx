import { MUSIC_ACCOMPANY_ID, MUSIC_CLIP_ID, MUSIC_SONG_ID, type TaskFile, type ToolSpec } from '@wanxiang/contract';
import { SongResult } from './SongResult';
import { WaveRangePicker } from './WaveRangePicker';

/**
 * The music tools' bespoke pieces inside the generic task page: the song view of a finished song
 * or accompaniment, and the waveform range picker above the clip form's buttons.
 */

const SONG_TOOLS = new Set<string>([MUSIC_SONG_ID, MUSIC_ACCOMPANY_ID]);

/** The song view for a song tool's finished files, or null (the generic results show instead). */
export function musicResultView(tool: Pick<ToolSpec, 'id'>, task: { task_id: string; result?: { files: readonly TaskFile[] } | null }) {
  const files = task.result?.files ?? [];
  if (!SONG_TOOLS.has(tool.id) || !files.some((f) => f.contentType.startsWith('audio/'))) return null;
  return <SongResult taskId={task.task_id} files={files} />;
}

type Values = Readonly<Record<string, unknown>>;

/** The clip tool's waveform once a file is uploaded, or null. */
export function musicFormExtra(tool: Pick<ToolSpec, 'id'>, values: Values, change: (name: string, value: number) => void) {
  if (tool.id !== MUSIC_CLIP_ID || typeof values.file !== 'string' || !values.file) return null;
  const num = (v: unknown, d: number) =>
    typeof v === 'number' ? v : typeof v === 'string' && v !== '' && Number.isFinite(Number(v)) ? Number(v) : d;
  return (
    <WaveRangePicker
      fileId={values.file}
      start={num(values.start, 0)}
      end={num(values.end, 10)}
      onChange={({ start, end }) => {
        change('start', start);
        change('end', end);
      }}
    />
  );
}
