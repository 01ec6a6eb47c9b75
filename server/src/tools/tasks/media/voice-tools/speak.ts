import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MSG, VOICE_LIMITS, VOICE_TTS_ID } from '@wanxiang/contract';
import { aigcMetadataArgs, ffmpeg, probeFile, withWorkDir } from '../../../../infra/av';
import { TaskFailure, type TaskHandler, type TaskRow, type TaskRunTools } from '../../../../jobs';
import { asTaskFailure, DEMO_FAILURE_MARKER } from './speech-failure';
import { splitForSpeech } from './split-text';
import { chooseVoice, type VoiceChoice, type VoiceContext } from './voice-choice';

/**
 * 语音合成: the text split at sentence ends into parts the backend takes, each part spoken (progress
 * per part), joined by ffmpeg's concat and written once more with the AIGC label, as MP3 or WAV.
 * With 结尾朗读 on, a spoken AI note ends the audio. Demo results (espeak-ng) say 演示 in the file
 * name and the text.
 */

const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() && Number.isFinite(Number(v)) ? Number(v) : d);
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export interface SpeakRequest {
  text: string;
  choice: VoiceChoice;
  speed: number;
  pitch: number;
  emotion?: string;
  format: 'mp3' | 'wav';
  spokenNote: boolean;
  contentId: string;
}

export interface Spoken {
  body: Buffer;
  duration: number;
  parts: number;
  demo: boolean;
}

/** Speak a text of any length with one voice: parts, then one labelled file. */
export async function speakLong(req: SpeakRequest, tools: Pick<TaskRunTools, 'signal' | 'progress'>): Promise<Spoken> {
  const { backend } = req.choice;
  const parts = splitForSpeech(req.text, backend.maxChars);
  if (!parts.length) throw new TaskFailure(MSG.voiceTextEmpty);
  if (req.spokenNote) parts.push(MSG.voiceSpokenNote);
  const job = {
    voice: req.choice.voice,
    speed: clamp(req.speed * req.choice.speedFactor, 0.5, 2),
    pitch: clamp(req.pitch + req.choice.pitchShift, -12, 12),
    ...(req.emotion ? { emotion: req.emotion } : {}),
    // Parts are joined as WAV (no gaps or priming samples at the seams), encoded once at the end.
    format: 'wav' as const,
    signal: tools.signal,
  };
  return withWorkDir(async (dir) => {
    let demo = backend.demo;
    const list: string[] = [];
    for (const [i, text] of parts.entries()) {
      await tools.progress(5 + Math.round((80 * i) / parts.length), MSG.voiceStageSpeaking(i + 1, parts.length));
      const out = await backend.synthesize({ ...job, text }).catch((err: unknown) => {
        throw asTaskFailure(err);
      });
      demo ||= out.demo;
      const file = join(dir, `part${i}.${out.mime === 'audio/wav' ? 'wav' : 'mp3'}`);
      await writeFile(file, out.bytes);
      list.push(`file '${file}'`);
    }
    await tools.progress(88, MSG.voiceStageJoining);
    const listFile = join(dir, 'list.txt');
    await writeFile(listFile, list.join('\n'));
    const out = join(dir, `out.${req.format}`);
    const codec = req.format === 'mp3' ? ['-c:a', 'libmp3lame', '-b:a', '128k'] : ['-c:a', 'pcm_s16le'];
    await ffmpeg(['-f', 'concat', '-safe', '0', '-i', listFile, '-vn', '-ar', '24000', '-ac', '1', ...codec, ...aigcMetadataArgs(req.contentId, req.format), out], { signal: tools.signal, timeoutMs: 120_000 });
    return { body: await readFile(out), duration: (await probeFile(out))?.duration ?? 0, parts: parts.length, demo };
  });
}

function textOf(inputs: TaskRow['inputs']): string {
  const text = typeof inputs.text === 'string' ? inputs.text.trim() : '';
  if (!text) throw new TaskFailure(MSG.voiceTextEmpty);
  if (Array.from(text).length > VOICE_LIMITS.textMax) throw new TaskFailure(MSG.voiceTextTooLong(VOICE_LIMITS.textMax));
  return text;
}

const safeName = (s: string) => s.replace(/[\\/:*?"<>|\s]+/g, '').slice(0, 20) || '语音';

export function ttsHandler(ctx: VoiceContext): TaskHandler {
  return {
    name: VOICE_TTS_ID,
    timeoutMs: 10 * 60_000,
    refuse: (inputs) => {
      if (!ctx.speech && !String(inputs.voice ?? '').startsWith('clone:')) return MSG.voiceNotEnabled;
      try {
        textOf(inputs);
        return null;
      } catch (err) {
        return (err as Error).message;
      }
    },
    inspect: async (inputs, userId) => {
      try {
        await chooseVoice(ctx, userId, inputs.voice);
        return null;
      } catch (err) {
        if (err instanceof TaskFailure) return err.message;
        throw err;
      }
    },
    async run(task, tools) {
      const text = textOf(task.inputs);
      const choice = await chooseVoice(ctx, task.userId, task.inputs.voice);
      if (choice.backend.demo && text.includes(DEMO_FAILURE_MARKER)) throw new TaskFailure(MSG.voiceDemoFailure);
      const format = task.inputs.format === 'wav' ? 'wav' : 'mp3';
      const emotion = typeof task.inputs.emotion === 'string' && task.inputs.emotion !== 'none' ? task.inputs.emotion : undefined;
      const spoken = await speakLong(
        {
          text: text.replaceAll(DEMO_FAILURE_MARKER, ''),
          choice,
          speed: num(task.inputs.speed, 1),
          pitch: num(task.inputs.pitch, 0),
          emotion,
          format,
          spokenNote: task.inputs.spokenNote !== false,
          contentId: task.id,
        },
        tools,
      );
      await tools.progress(95, MSG.voiceStageSaving);
      const name = `${spoken.demo ? '演示-' : ''}${safeName(choice.label)}-${safeName(Array.from(text).slice(0, 12).join(''))}.${format}`;
      const file = await tools.saveFile({ name, contentType: format === 'wav' ? 'audio/wav' : 'audio/mpeg', body: spoken.body });
      return { files: [file], text: MSG.voiceResultNote(Array.from(text).length, spoken.duration, spoken.parts - (task.inputs.spokenNote !== false ? 1 : 0), spoken.demo) };
    },
  };
}
