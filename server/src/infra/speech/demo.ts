import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { espeak, ffmpeg, withWorkDir } from '../av';
import { SpeechError, type SpeechJob, type SpeechResult, type SpeechVoice, type TextToSpeech } from './types';

/**
 * The demo voice (no vendor key): Debian's espeak-ng speaking Mandarin (`cmn`), its speed and
 * pitch from the job, converted by ffmpeg to the asked format. Robotic but real speech, so every
 * voice tool works end to end in demo mode; its results are marked 演示 by the callers.
 */

export const DEMO_VOICES: readonly SpeechVoice[] = [
  { id: 'demo-male', name: '演示男声', gender: 'male' },
  { id: 'demo-female', name: '演示女声', gender: 'female' },
];

/** espeak-ng words per minute at speed 1 (its default is 175; Mandarin reads better a little slower). */
const BASE_WPM = 165;
const DEMO_MAX_CHARS = 2000;

export function createDemoSpeech(): TextToSpeech {
  return {
    name: 'demo',
    demo: true,
    maxChars: DEMO_MAX_CHARS,
    native: { speed: true, pitch: true },
    voices: () => DEMO_VOICES,
    synthesize: (job) => speakWithEspeak(job),
  };
}

async function speakWithEspeak(job: SpeechJob): Promise<SpeechResult> {
  const text = job.text.trim();
  if (!text) throw new SpeechError('rejected', 'empty text');
  const speed = Math.min(2, Math.max(0.5, job.speed ?? 1));
  // espeak's pitch is 0-99 (50 normal): about 4 per semitone; the female voice starts higher.
  const base = job.voice === 'demo-female' ? 70 : 45;
  const pitch = Math.round(Math.min(99, Math.max(0, base + (job.pitch ?? 0) * 4)));
  const voice = job.voice === 'demo-female' ? 'cmn+f3' : 'cmn';
  return withWorkDir(async (dir) => {
    const txt = join(dir, 'text.txt');
    const wav = join(dir, 'speech.wav');
    await writeFile(txt, text, 'utf8');
    // The text is read from a file (-f), never passed as an argument a leading '-' could turn into an option.
    await espeak(['-v', voice, '-s', String(Math.round(BASE_WPM * speed)), '-p', String(pitch), '-b', '1', '-f', txt, '-w', wav], { signal: job.signal });
    if (job.format === 'wav') {
      const out = join(dir, 'out.wav');
      await ffmpeg(['-i', wav, '-ar', '24000', '-ac', '1', out], { signal: job.signal });
      return { bytes: await readFile(out), mime: 'audio/wav', demo: true };
    }
    const out = join(dir, 'out.mp3');
    await ffmpeg(['-i', wav, '-ar', '24000', '-ac', '1', '-b:a', '64k', out], { signal: job.signal });
    return { bytes: await readFile(out), mime: 'audio/mpeg', demo: true };
  });
}
