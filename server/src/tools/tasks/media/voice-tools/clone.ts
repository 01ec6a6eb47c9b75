import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MEDIA_LIMITS, MSG, VOICE_CLONE_ID, VOICE_LIMITS } from '@wanxiang/contract';
import type { AppContext } from '../../../../context';
import { ffmpeg, mediaKind, probeBytes, withWorkDir } from '../../../../infra/av';
import { TaskFailure, type TaskHandler, type TaskRow } from '../../../../jobs';
import { readFileBytes } from '../../../../modules/files/service';
import { countClones, deleteCloneRow, insertClone, newCloneId } from '../../../../modules/voice/clones';
import { demoVoiceParams, sampleTraits } from './sample-traits';
import { speakLong } from './speak';
import { asTaskFailure } from './speech-failure';
import { choiceOfClone } from './voice-choice';

/**
 * 声音克隆: the user's own sample (uploaded or recorded; 10-60 s checked from its bytes at submit)
 * becomes a voice kept in voice_clones. With a vendor that clones (MiniMax), the sample goes there
 * as WAV and its voice id is kept; in demo mode the espeak-ng voice takes the sample's pitch and
 * pace. The result is a short preview spoken with the new voice, labelled like every voice result.
 */

type CloneContext = Pick<AppContext, 'database' | 'storage' | 'speech'>;

async function readSample(ctx: CloneContext, userId: number, fileId: unknown) {
  const { file, data } = await readFileBytes(ctx, userId, String(fileId ?? '')).catch(() => {
    throw new TaskFailure(MSG.taskFileMissing('声音样本'));
  });
  const facts = await probeBytes(data).catch(() => null);
  if (!facts?.audio || mediaKind(facts) !== 'audio') throw new TaskFailure(MSG.voiceSampleUnreadable);
  // A browser recording (MediaRecorder WebM) states no duration: measure it by decoding.
  const duration = facts.duration > 0 ? facts.duration : await decodedSeconds(data);
  if (!(duration > 0)) throw new TaskFailure(MSG.voiceSampleUnreadable);
  if (duration < MEDIA_LIMITS.cloneMinSeconds) throw new TaskFailure(MSG.voiceSampleTooShort(MEDIA_LIMITS.cloneMinSeconds, duration));
  if (duration > MEDIA_LIMITS.cloneMaxSeconds + 0.5) throw new TaskFailure(MSG.voiceSampleTooLong(MEDIA_LIMITS.cloneMaxSeconds, duration));
  return { name: file.name, data, duration };
}

/** Seconds of audio found by decoding the first 2 minutes to WAV (a WAV header always states its length). */
async function decodedSeconds(data: Buffer): Promise<number> {
  const wav = await asWav(data, AbortSignal.timeout(60_000), 120).catch(() => null);
  return wav ? ((await probeBytes(wav).catch(() => null))?.duration ?? 0) : 0;
}

function nameOf(inputs: TaskRow['inputs']): string {
  const name = typeof inputs.name === 'string' ? inputs.name.trim().slice(0, VOICE_LIMITS.nameMax) : '';
  if (!name) throw new TaskFailure(MSG.voiceCloneNameEmpty);
  return name;
}

/** The sample as 24 kHz mono WAV (vendors take WAV; a browser recording is WebM/Opus). */
async function asWav(bytes: Buffer, signal: AbortSignal, maxSeconds = 60): Promise<Buffer> {
  return withWorkDir(async (dir) => {
    const src = join(dir, 'in');
    const out = join(dir, 'sample.wav');
    await writeFile(src, bytes);
    await ffmpeg(['-i', src, '-vn', '-t', String(maxSeconds), '-ac', '1', '-ar', '24000', '-c:a', 'pcm_s16le', out], { signal });
    return readFile(out);
  });
}

export function cloneHandler(ctx: CloneContext): TaskHandler {
  const canClone = () => Boolean(ctx.speech?.cloner || ctx.speech?.demo);
  return {
    name: VOICE_CLONE_ID,
    timeoutMs: 5 * 60_000,
    refuse: (inputs) => {
      if (!canClone()) return MSG.voiceCloneNotEnabled;
      return typeof inputs.name === 'string' && inputs.name.trim() ? null : MSG.voiceCloneNameEmpty;
    },
    inspect: async (inputs, userId) => {
      try {
        if ((await countClones(ctx.database.db, userId)) >= VOICE_LIMITS.clonesMax) return MSG.voiceClonesFull(VOICE_LIMITS.clonesMax);
        await readSample(ctx, userId, inputs.sample);
        return null;
      } catch (err) {
        if (err instanceof TaskFailure) return err.message;
        throw err;
      }
    },
    async run(task, tools) {
      const speech = ctx.speech;
      if (!speech || !canClone()) throw new TaskFailure(MSG.voiceCloneNotEnabled);
      const name = nameOf(task.inputs);
      await tools.progress(5, MSG.voiceStageCloning);
      const sample = await readSample(ctx, task.userId, task.inputs.sample);
      if ((await countClones(ctx.database.db, task.userId)) >= VOICE_LIMITS.clonesMax) throw new TaskFailure(MSG.voiceClonesFull(VOICE_LIMITS.clonesMax));
      const id = newCloneId();
      let row;
      if (speech.cloner) {
        // Vendor voice ids: a letter first, letters and digits, 8+ characters (MiniMax's rule). CosyVoice names the voice
        // itself and takes the first 10 of these, lower-cased, as its prefix; the id kept is the one `clone` answers.
        const vendorVoiceId = `wx${task.userId}x${randomBytes(6).toString('hex')}`;
        const wav = await asWav(sample.data, tools.signal);
        await tools.progress(30, MSG.voiceStageCloning);
        const made = await speech.cloner.clone({ bytes: wav, fileName: 'sample.wav', voiceId: vendorVoiceId, signal: tools.signal }).catch((err: unknown) => {
          throw asTaskFailure(err);
        });
        await tools.setVendor({ vendor: speech.cloner.name, voiceId: made.vendorVoiceId });
        row = await insertClone(ctx.database.db, { id, userId: task.userId, name, vendor: speech.cloner.name, vendorVoiceId: made.vendorVoiceId, taskId: task.id });
      } else {
        const params = demoVoiceParams(await sampleTraits(sample.data, tools.signal));
        row = await insertClone(ctx.database.db, { id, userId: task.userId, name, vendor: 'demo', vendorVoiceId: params.base, params, taskId: task.id });
      }
      await tools.progress(60, MSG.voiceStageSpeaking(1, 1));
      const choice = choiceOfClone(speech, row);
      try {
        const spoken = await speakLong({ text: MSG.voicePreviewText(name), choice, speed: 1, pitch: 0, format: 'mp3', spokenNote: true, contentId: task.id }, { signal: tools.signal, progress: async () => {} });
        const file = await tools.saveFile({ name: `${spoken.demo ? '演示-' : ''}试听-${name}.mp3`, contentType: 'audio/mpeg', body: spoken.body });
        return { files: [file], text: MSG.voiceCloneNote(name, row.vendor === 'demo') };
      } catch (err) {
        // A failed task is refunded: it leaves no voice behind, here or at the vendor.
        await deleteCloneRow(ctx.database.db, task.userId, row.id).catch(() => {});
        if (row.vendor !== 'demo') await speech.cloner?.remove(row.vendorVoiceId).catch(() => {});
        throw err;
      }
    },
  };
}
