import { MSG, MUSIC_ACCOMPANY_ID, MUSIC_LIMITS, MUSIC_SONG_ID, MUSIC_STYLES, MUSIC_TOOL_IDS, type TaskFile } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../http/auth-user';
import { badRequest, notFound } from '../../http/errors';
import { selectUserTask, type TaskRow } from '../../jobs';
import { musicOf } from '../../tools/tasks/media/music';
import { submitToolTask, type TasksContext } from '../tasks/service';

/**
 * The spec's music calls (search-agents-tools 7.6): each submits the matching task tool with its
 * form values (the tasks module checks them, holds the price, refunds failures), and the query
 * calls read the caller's own task only. Field names follow the Suno-style bodies the old web sent
 * (prompt = lyrics in custom mode, gpt_description_prompt in describe mode, make_instrumental).
 */

type Asker = Pick<AuthUser, 'id' | 'vip'>;
type Body = Record<string, unknown>;

const bodyOf = (raw: unknown): Body => (raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Body) : {});
const pick = (b: Body, ...keys: string[]) => {
  for (const k of keys) if (b[k] !== undefined) return b[k];
  return undefined;
};
const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
const usePointsOf = (b: Body) => b.usePoints === true;

export type MusicCall = 'create' | 'custom_create' | 'accompany_create';

/** The tool's form values of a call's body. */
export function musicFormValues(call: MusicCall, raw: unknown): { toolId: string; inputs: Record<string, unknown> } {
  const b = bodyOf(raw);
  if (call === 'accompany_create') return { toolId: MUSIC_ACCOMPANY_ID, inputs: defined({ text: pick(b, 'prompt', 'text', 'gpt_description_prompt'), tags: b.tags }) };
  const instrumental = pick(b, 'make_instrumental', 'instrumental');
  if (call === 'custom_create')
    return { toolId: MUSIC_SONG_ID, inputs: defined({ mode: 'custom', lyrics: pick(b, 'prompt', 'lyrics'), tags: b.tags, title: b.title, instrumental, text: b.description }) };
  return { toolId: MUSIC_SONG_ID, inputs: defined({ mode: 'describe', text: pick(b, 'gpt_description_prompt', 'prompt', 'text'), tags: b.tags, title: b.title, instrumental }) };
}

export async function submitMusicCall(ctx: TasksContext, user: Asker, call: MusicCall, raw: unknown): Promise<{ task_id: string }> {
  const { toolId, inputs } = musicFormValues(call, raw);
  return submitToolTask(ctx, user, toolId, inputs, { usePoints: usePointsOf(bodyOf(raw)) });
}

export interface MusicClip {
  title: string;
  audio_url: string;
  lrc_url?: string;
  image_url?: string;
  name: string;
}

export interface MusicTaskStatus {
  task_id: string;
  tool: string;
  status: TaskRow['state'];
  progress: number;
  stage: string;
  error?: string;
  text?: string;
  clips?: MusicClip[];
  files?: TaskFile[];
}

/** A song task's files as the two takes: each MP3 with its LRC and the cover. */
export function clipsOf(files: readonly TaskFile[]): MusicClip[] {
  const cover = files.find((f) => f.contentType.startsWith('image/'));
  return files
    .filter((f) => f.contentType.startsWith('audio/'))
    .map((f) => {
      const base = f.name.replace(/\.[^.]+$/, '');
      const lrc = files.find((x) => x.name === `${base}.lrc`);
      return { title: base, name: f.name, audio_url: f.url, ...(lrc ? { lrc_url: lrc.url } : {}), ...(cover ? { image_url: cover.url } : {}) };
    });
}

export async function musicTaskStatus(ctx: Pick<AppContext, 'database'>, user: Asker, taskId: unknown, tools: readonly string[] = MUSIC_TOOL_IDS): Promise<MusicTaskStatus> {
  if (typeof taskId !== 'string' || !taskId.trim() || taskId.length > 64) throw badRequest(MSG.musicTaskIdRequired);
  const row = await selectUserTask(ctx.database.db, user.id, taskId.trim());
  if (!row) throw notFound(MSG.taskNotFound);
  if (!tools.includes(row.toolId)) throw badRequest(MSG.musicNotMusicTask);
  const files = row.result?.files ?? [];
  return {
    task_id: row.id,
    tool: row.toolId,
    status: row.state,
    progress: row.progress,
    stage: row.stage,
    ...(row.error ? { error: row.error } : {}),
    ...(row.result?.text ? { text: row.result.text } : {}),
    ...(files.length ? { files, clips: clipsOf(files) } : {}),
  };
}

/** GET /api/v2/config/model/suno: what the song pages can offer with this server's setup. */
export function musicModelConfig(ctx: Pick<AppContext, 'config' | 'moduleStates'>) {
  const music = musicOf(ctx);
  const backend = music.songs.name;
  const model = backend === 'suno' ? ctx.config.music.suno.model : backend === 'minimax' ? ctx.config.music.minimax.model : 'demo-sox';
  return {
    backend,
    demo: music.demo,
    models: [{ value: model, label: backend === 'demo' ? '演示作曲（本地合成旋律）' : backend === 'suno' ? `Suno ${model}` : `MiniMax ${model}` }],
    styles: [...MUSIC_STYLES],
    customMode: true,
    instrumental: true,
    takes: 2,
    limits: { description: MUSIC_LIMITS.descriptionMax, lyrics: MUSIC_LIMITS.lyricsMax, tags: MUSIC_LIMITS.tagsMax, title: MUSIC_LIMITS.titleMax },
    separation: Boolean(music.separation),
    recognition: music.acoustid ? 'acoustid' : 'off',
  };
}
