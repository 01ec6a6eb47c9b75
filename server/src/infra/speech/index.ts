import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config';
import { ffmpeg, withWorkDir } from '../av';
import type { FileStore } from '../storage/types';
import { createCosyVoiceSpeech } from './cosyvoice';
import { createDashScopeSpeech } from './dashscope';
import { createDemoSpeech } from './demo';
import { createMiniMaxSpeech } from './minimax';
import { createOpenAiSpeech } from './openai-speech';
import { storagePublisher } from './publish';
import type { SpeechResult, TextToSpeech } from './types';
import { COSYVOICE_VOICES, DASHSCOPE_VOICES, MINIMAX_VOICES, OPENAI_VOICES, parseVoices, siliconFlowVoices } from './voices';

export { createDemoSpeech, DEMO_VOICES } from './demo';
export { SpeechError, type CloneSample, type SpeechFailure, type SpeechJob, type SpeechResult, type SpeechVoice, type TextToSpeech, type VoiceCloner, type PublishSample } from './types';
export { createOpenAiSpeech } from './openai-speech';
export { createMiniMaxSpeech } from './minimax';
export { createDashScopeSpeech } from './dashscope';
export { createCosyVoiceSpeech } from './cosyvoice';
export { storagePublisher } from './publish';

type Provider = 'openai' | 'minimax' | 'dashscope' | 'cosyvoice';
export const TTS_DEFAULT_BASE: Record<Provider, string> = {
  openai: 'https://api.openai.com/v1',
  minimax: 'https://api.minimaxi.com',
  dashscope: 'https://dashscope.aliyuncs.com',
  cosyvoice: 'https://dashscope.aliyuncs.com',
};
const DEFAULT_MODEL: Record<Provider, string> = { openai: 'tts-1', minimax: 'speech-02-hd', dashscope: 'qwen-tts', cosyvoice: 'cosyvoice-v2' };

/**
 * The server's text to speech: the operator's vendor when one is configured (TTS_* settings), else
 * the demo voice in demo mode, else none (the voice tools then say the operator has not enabled it).
 * `storage`: the file store, whose presigned URLs let CosyVoice fetch a clone sample (publish.ts);
 * without it, or on local disk, CosyVoice synthesizes but offers no cloning.
 */
export function createTextToSpeech(config: Config, opts: { demo: boolean; storage?: FileStore }): TextToSpeech | null {
  const tts = config.tts;
  if (!tts || tts.provider === 'none' || !tts.apiKey) return opts.demo ? createDemoSpeech() : null;
  const base = { baseUrl: tts.baseUrl || TTS_DEFAULT_BASE[tts.provider], apiKey: tts.apiKey, timeoutMs: tts.timeoutMs };
  const model = tts.model || DEFAULT_MODEL[tts.provider];
  const custom = parseVoices(tts.voicesJson);
  if (tts.provider === 'minimax') return inFormat(createMiniMaxSpeech({ ...base, model, groupId: tts.groupId, voices: custom ?? MINIMAX_VOICES }));
  if (tts.provider === 'dashscope') return inFormat(createDashScopeSpeech({ ...base, model, voices: custom ?? DASHSCOPE_VOICES }));
  if (tts.provider === 'cosyvoice') return inFormat(createCosyVoiceSpeech({ ...base, model, voices: custom ?? COSYVOICE_VOICES, publish: storagePublisher(opts.storage) }));
  const voices = custom ?? (/cosyvoice/i.test(model) ? siliconFlowVoices(model) : OPENAI_VOICES);
  return inFormat(createOpenAiSpeech({ ...base, model, voices }));
}

/** What inFormat does after synthesis for a vendor that lacks a control: tempo (1 = none) and semitones (0 = none). */
interface AfterSynthesis {
  tempo: number;
  semitones: number;
}

/**
 * A backend whose answers are always in the asked format (a vendor answering WAV for MP3 is
 * converted by ffmpeg), at the asked speed and pitch: what the vendor lacks (its `native`) is
 * asked of it as normal and applied afterwards by ffmpeg's rubberband (tempo without changing
 * the pitch, pitch without changing the length).
 */
export function inFormat(tts: TextToSpeech): TextToSpeech {
  const native = tts.native ?? {};
  return {
    ...tts,
    voices: () => tts.voices(),
    async synthesize(job) {
      const speed = job.speed ?? 1;
      const pitch = job.pitch ?? 0;
      const after: AfterSynthesis = { tempo: !native.speed && Math.abs(speed - 1) > 0.01 ? speed : 1, semitones: !native.pitch && pitch !== 0 ? pitch : 0 };
      const out = await tts.synthesize({ ...job, ...(after.tempo !== 1 ? { speed: 1 } : {}), ...(after.semitones !== 0 ? { pitch: 0 } : {}) });
      const want = job.format === 'wav' ? 'audio/wav' : 'audio/mpeg';
      return out.mime === want && after.tempo === 1 && after.semitones === 0 ? out : convert(out, job.format, after, job.signal);
    },
  };
}

async function convert(out: SpeechResult, format: 'mp3' | 'wav', after: AfterSynthesis, signal?: AbortSignal): Promise<SpeechResult> {
  return withWorkDir(async (dir) => {
    const src = join(dir, 'in');
    const dst = join(dir, `out.${format}`);
    await writeFile(src, out.bytes);
    const shift = after.tempo !== 1 || after.semitones !== 0 ? ['-af', `rubberband=tempo=${after.tempo.toFixed(3)}:pitch=${(2 ** (after.semitones / 12)).toFixed(5)}`] : [];
    await ffmpeg(['-i', src, ...shift, ...(format === 'mp3' ? ['-c:a', 'libmp3lame', '-b:a', '128k'] : []), dst], { signal });
    return { ...out, bytes: await readFile(dst), mime: format === 'wav' ? 'audio/wav' : 'audio/mpeg' };
  });
}
