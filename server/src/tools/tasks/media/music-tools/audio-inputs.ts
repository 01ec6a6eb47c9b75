import { MSG } from '@wanxiang/contract';
import type { AppContext } from '../../../../context';
import { mediaKind, probeBytes, type MediaFacts } from '../../../../infra/av';
import { TaskFailure } from '../../../../jobs';
import { readFileBytes } from '../../../../modules/files/service';

/**
 * The audio a music tool reads: the caller's own upload (another user's id is not found), typed
 * by ffprobe from its bytes and measured. Checked at submit (inspect: a Chinese 400, nothing held)
 * and again when the task runs.
 */

export type AudioFilesContext = Pick<AppContext, 'database' | 'storage'>;

export interface InputAudio {
  name: string;
  data: Buffer;
  facts: MediaFacts;
}

export const AUDIO_MAX_SECONDS = 10 * 60;

export async function readAudio(ctx: AudioFilesContext, userId: number, fileId: string, label: string): Promise<InputAudio> {
  const { file, data } = await readFileBytes(ctx, userId, fileId).catch(() => {
    throw new TaskFailure(MSG.taskFileMissing(label));
  });
  const facts = await probeBytes(data).catch(() => null);
  if (!facts?.audio || mediaKind(facts) !== 'audio' || !(facts.duration > 0)) throw new TaskFailure(MSG.musicAudioUnreadable(label));
  if (facts.duration > AUDIO_MAX_SECONDS) throw new TaskFailure(MSG.musicAudioTooLong(label, AUDIO_MAX_SECONDS));
  return { name: file.name, data, facts };
}

/** A submit-time check: the refusal of a check that throws TaskFailure, or null when it passes. */
export async function refusalOf(check: () => Promise<unknown>): Promise<string | null> {
  try {
    await check();
    return null;
  } catch (err) {
    if (err instanceof TaskFailure) return err.message;
    throw err;
  }
}

/** The base of a file name without its extension (for result names). */
export const baseName = (name: string) => (name.replace(/\.[^.]+$/, '') || '音频').slice(0, 40);
