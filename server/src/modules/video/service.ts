import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MEDIA_POINTS, MSG, VIDEO_IMAGE_ID, VIDEO_TEXT_ID, VIDEO_TOOLS, type TaskFile } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../http/auth-user';
import { badRequest, notFound } from '../../http/errors';
import { ffmpeg, withWorkDir } from '../../infra/av';
import { selectUserTask, type TaskRow } from '../../jobs';
import { videoOf } from '../../tools/tasks/media/video-gen/backend';
import { readFileBytes } from '../files/service';
import { selectPoints } from '../points/ledger';
import { quotaUsage } from '../quota/service';
import { submitToolTask, type TasksContext } from '../tasks/service';

/**
 * The spec's video calls (search-agents-tools 7.6 Video): process_video and create submit the
 * matching task tool (文生视频, or 图生视频 when a picture is given) with its form values (the tasks
 * module checks them, holds the price, refunds failures); query reads the caller's own task;
 * get_wav answers the sound track of one of the caller's video results as WAV; count answers the
 * caller's ai_video counts left today and the points price.
 */

type Asker = Pick<AuthUser, 'id' | 'vip'>;
type Body = Record<string, unknown>;

const bodyOf = (raw: unknown): Body => (raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Body) : {});
const pick = (b: Body, ...keys: string[]) => {
  for (const k of keys) if (b[k] !== undefined && b[k] !== null && b[k] !== '') return b[k];
  return undefined;
};
const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
const VIDEO_TOOL_IDS = VIDEO_TOOLS.map((t) => t.id);

/** The tool and form values of a process_video / create body (old clients' names accepted). */
export function videoFormValues(raw: unknown): { toolId: string; inputs: Record<string, unknown> } {
  const b = bodyOf(raw);
  const image = pick(b, 'image', 'image_id', 'file_id', 'img');
  const duration = pick(b, 'duration', 'seconds');
  const inputs = defined({
    text: pick(b, 'prompt', 'text', 'content'),
    duration: duration === undefined ? undefined : String(duration),
    audio: pick(b, 'audio', 'with_audio'),
    ...(image === undefined ? { style: pick(b, 'style'), ratio: pick(b, 'ratio', 'aspect_ratio', 'size') } : { image }),
  });
  return { toolId: image === undefined ? VIDEO_TEXT_ID : VIDEO_IMAGE_ID, inputs };
}

export async function submitVideoCall(ctx: TasksContext, user: Asker, raw: unknown): Promise<{ task_id: string; id: string }> {
  const { toolId, inputs } = videoFormValues(raw);
  const out = await submitToolTask(ctx, user, toolId, inputs, { usePoints: bodyOf(raw).usePoints === true });
  return { ...out, id: out.task_id };
}

export interface VideoTaskStatus {
  id: string;
  task_id: string;
  tool: string;
  status: TaskRow['state'];
  progress: number;
  stage: string;
  error?: string;
  text?: string;
  video_url?: string;
  cover_url?: string;
  files?: TaskFile[];
}

async function ownVideoTask(ctx: Pick<AppContext, 'database'>, user: Asker, id: unknown): Promise<TaskRow> {
  if (typeof id !== 'string' || !id.trim() || id.length > 64) throw badRequest(MSG.vgIdRequired);
  const row = await selectUserTask(ctx.database.db, user.id, id.trim());
  if (!row) throw notFound(MSG.vgTaskNotFound);
  if (!VIDEO_TOOL_IDS.includes(row.toolId)) throw badRequest(MSG.vgNotVideoTask);
  return row;
}

export async function videoTaskStatus(ctx: Pick<AppContext, 'database'>, user: Asker, id: unknown): Promise<VideoTaskStatus> {
  const row = await ownVideoTask(ctx, user, id);
  const files = row.result?.files ?? [];
  const video = files.find((f) => f.contentType.startsWith('video/'));
  const cover = files.find((f) => f.contentType.startsWith('image/'));
  return {
    id: row.id,
    task_id: row.id,
    tool: row.toolId,
    status: row.state,
    progress: row.progress,
    stage: row.stage,
    ...(row.error ? { error: row.error } : {}),
    ...(row.result?.text ? { text: row.result.text } : {}),
    ...(video ? { video_url: video.url } : {}),
    ...(cover ? { cover_url: cover.url } : {}),
    ...(files.length ? { files } : {}),
  };
}

/** The sound track of one of the caller's finished video results, as 16-bit PCM WAV. */
export async function videoWav(
  ctx: Pick<AppContext, 'database' | 'storage'>,
  user: Asker,
  id: unknown,
): Promise<{ name: string; wav: Buffer }> {
  const row = await ownVideoTask(ctx, user, id);
  const video = row.result?.files.find((f) => f.contentType.startsWith('video/'));
  if (row.state !== 'succeeded' || !video) throw badRequest(MSG.vgNotFinished);
  const { data } = await readFileBytes(ctx, user.id, video.id);
  const wav = await withWorkDir(async (dir) => {
    await writeFile(join(dir, 'in.mp4'), data);
    try {
      await ffmpeg(['-i', join(dir, 'in.mp4'), '-map', '0:a:0', '-vn', '-c:a', 'pcm_s16le', '-y', join(dir, 'out.wav')], {
        timeoutMs: 60_000,
      });
    } catch {
      throw badRequest(MSG.vgNoAudioTrack);
    }
    return readFile(join(dir, 'out.wav'));
  });
  return { name: `${video.name.replace(/\.[^.]+$/, '')}.wav`, wav };
}

/** count: today's ai_video counts left (-1 = unlimited) and what a run costs in points. */
export async function videoCount(ctx: Pick<AppContext, 'database' | 'catalog' | 'config' | 'moduleStates' | 'llm'>, user: Asker) {
  const limit = ctx.catalog.dailyLimit('ai_video', user.vip);
  const usage = await quotaUsage(ctx, user.id, 'ai_video');
  const backend = videoOf(ctx);
  return {
    quota_key: 'ai_video',
    limit,
    used: usage.used,
    remaining: limit < 0 ? -1 : Math.max(0, limit - usage.used - usage.reserved),
    points_price: MEDIA_POINTS.ai_video,
    points: (await selectPoints(ctx.database.db, user.id)) ?? 0,
    demo: backend.demo,
    enabled: backend.demo || Boolean(backend.route('text2video')),
  };
}
