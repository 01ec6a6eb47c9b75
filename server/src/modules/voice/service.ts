import { Code, MSG, VOICE_CLONE_ID, VOICE_LIMITS, VOICE_TTS_ID } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../http/auth-user';
import { AppError, badRequest, notFound } from '../../http/errors';
import { SpeechError } from '../../infra/speech';
import { voicesFor } from '../../tools/tasks/media/voice-tools/voice-choice';
import { uploadUserFile, type FileUploadContext } from '../files/upload';
import { submitToolTask, type TasksContext } from '../tasks/service';
import type { MultipartUpload } from '../uploads/multipart';
import { cloneVoiceValue, deleteCloneRow, findClone, listClones, renameClone, type CloneRow } from './clones';


/**
 * The voice module: the picker's voices, the user's clones (list, rename, delete: the vendor's
 * copy first) and the spec's audio clone calls, each a submit of the matching task tool (the
 * tasks module checks the form, holds the price, refunds failures).
 */

type Asker = Pick<AuthUser, 'id' | 'vip'>;
type Body = Record<string, unknown>;
export type VoiceModuleContext = TasksContext & FileUploadContext & Pick<AppContext, 'speech'>;

const bodyOf = (raw: unknown): Body => (raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Body) : {});
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== ''));

export interface CloneView {
  id: string;
  name: string;
  /** The voice picker's value. */
  voice: string;
  vendor: string;
  demo: boolean;
  task_id: string | null;
  created_at: string;
}

export const cloneView = (c: CloneRow): CloneView => ({
  id: c.id,
  name: c.name,
  voice: cloneVoiceValue(c.id),
  vendor: c.vendor,
  demo: c.vendor === 'demo',
  task_id: c.taskId,
  created_at: c.createdAt.toISOString(),
});

export async function userClones(ctx: Pick<AppContext, 'database'>, user: Asker): Promise<CloneView[]> {
  return (await listClones(ctx.database.db, user.id)).map(cloneView);
}

const idOf = (raw: unknown): string => {
  const id = str(bodyOf(raw).id ?? raw);
  if (!id || id.length > 32 || !/^[A-Za-z0-9_-]+$/.test(id)) throw badRequest(MSG.voiceMissingId);
  return id;
};

export async function renameUserClone(ctx: Pick<AppContext, 'database'>, user: Asker, id: string, raw: unknown): Promise<CloneView> {
  const name = str(bodyOf(raw).name);
  if (!name) throw badRequest(MSG.voiceCloneNameEmpty);
  if (Array.from(name).length > VOICE_LIMITS.nameMax) throw badRequest(MSG.voiceTextTooLong(VOICE_LIMITS.nameMax));
  const row = await renameClone(ctx.database.db, user.id, idOf(id), name);
  if (!row) throw notFound(MSG.voiceCloneNotFound);
  return cloneView(row);
}

/** Delete a clone: the vendor's copy first (a vendor that cannot delete now keeps our row, so the user can try again). */
export async function deleteUserClone(ctx: Pick<AppContext, 'database' | 'speech'>, user: Asker, rawId: unknown): Promise<{ id: string }> {
  const id = idOf(rawId);
  const row = await findClone(ctx.database.db, user.id, id);
  if (!row) throw notFound(MSG.voiceCloneNotFound);
  if (row.vendor !== 'demo') {
    const cloner = ctx.speech?.cloner;
    if (!cloner || cloner.name !== row.vendor) throw new AppError(Code.UNAVAILABLE, MSG.voiceCloneDeleteFailed);
    try {
      await cloner.remove(row.vendorVoiceId);
    } catch (err) {
      if (!(err instanceof SpeechError)) throw err;
      throw new AppError(Code.UNAVAILABLE, MSG.voiceCloneDeleteFailed);
    }
  }
  await deleteCloneRow(ctx.database.db, user.id, id);
  return { id };
}

/** The picker's voices: presets of the server's backend and, for a signed-in user, their clones. */
export function pickerVoices(ctx: Pick<AppContext, 'database' | 'speech'>, user: Asker | null) {
  return voicesFor(ctx, user?.id ?? null);
}

/** POST /v1/audio_clone/upload: the sample stored as the user's file, then a clone task of it. */
export async function uploadCloneSample(ctx: VoiceModuleContext, user: Asker, upload: MultipartUpload): Promise<{ task_id: string; file_id: string }> {
  const consent = upload.fields.consent;
  const name = str(upload.fields.name) || upload.filename.replace(/\.[^.]+$/, '').slice(0, VOICE_LIMITS.nameMax);
  const file = await uploadUserFile(ctx, user, { filename: upload.filename, data: upload.data });
  const usePoints = upload.fields.usePoints === 'true';
  const { task_id } = await submitToolTask(ctx, user, VOICE_CLONE_ID, defined({ name, sample: file.id, consent: consent === 'true' || consent === '1' ? true : consent }), { usePoints });
  return { task_id, file_id: file.id };
}

/** POST /v1/audio_clone/generate and clone_infer: speech with a voice (a clone's id or any picker value) as a task. */
export async function submitCloneSpeech(ctx: TasksContext, user: Asker, raw: unknown): Promise<{ task_id: string }> {
  const b = bodyOf(raw);
  const idOrVoice = str(b.voice ?? b.voice_id ?? b.id);
  if (!idOrVoice) throw badRequest(MSG.voiceMissingId);
  const voice = idOrVoice.includes(':') || !idOrVoice.startsWith('vc') ? idOrVoice : cloneVoiceValue(idOrVoice);
  const inputs = defined({ text: b.text ?? b.content, voice, speed: b.speed, pitch: b.pitch, emotion: b.emotion, format: b.format, spokenNote: b.spokenNote });
  return submitToolTask(ctx, user, VOICE_TTS_ID, inputs, { usePoints: b.usePoints === true });
}
