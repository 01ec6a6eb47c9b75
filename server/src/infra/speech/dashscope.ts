import { bodyText, httpFailure, readAudio, readJson, speechFetch, type SpeechHttp } from './http';
import { SpeechError, type SpeechJob, type SpeechResult, type SpeechVoice, type TextToSpeech } from './types';

/**
 * DashScope (阿里云百炼) speech synthesis over plain HTTP: `POST {base}/api/v1/services/aigc/
 * multimodal-generation/generation` {model, input{text, voice}} answering output.audio.url, which
 * is downloaded at once (it expires) with a size cap. Synthesis only: 百炼's voice cloning is
 * CosyVoice's enrollment, which takes the sample as a URL; that is the `cosyvoice` provider
 * (cosyvoice.ts), which publishes the sample through a short-lived presigned URL of the S3 file
 * store (docs/config.md).
 */

export interface DashScopeSpeechSettings extends SpeechHttp {
  model: string;
  voices: readonly SpeechVoice[];
}

export function createDashScopeSpeech(s: DashScopeSpeechSettings): TextToSpeech {
  // Neither speed nor pitch in this call: both are applied afterwards (inFormat).
  return { name: 'dashscope', demo: false, maxChars: 500, native: {}, voices: () => s.voices, synthesize: (job) => synthesize(s, job) };
}

async function synthesize(s: DashScopeSpeechSettings, job: SpeechJob): Promise<SpeechResult> {
  const text = job.text.trim();
  if (!text) throw new SpeechError('rejected', 'empty text');
  const res = await speechFetch(
    s,
    '/api/v1/services/aigc/multimodal-generation/generation',
    {
      method: 'POST',
      headers: { authorization: `Bearer ${s.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: s.model, input: { text, voice: job.voice || s.voices[0]?.id || 'Cherry' } }),
    },
    job.signal,
  );
  if (!res.ok) throw httpFailure(res.status, await bodyText(res));
  const json = await readJson(res);
  const url = ((json.output as { audio?: { url?: unknown } } | undefined)?.audio?.url ?? '') as string;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new SpeechError('bad_answer', `no audio url: ${JSON.stringify(json).slice(0, 200)}`);
  const audio = await speechFetch({ ...s, timeoutMs: Math.min(s.timeoutMs, 60_000) }, url, { method: 'GET' }, job.signal);
  if (!audio.ok) throw new SpeechError('bad_answer', `audio download HTTP ${audio.status}`);
  const wav = await readAudio(audio);
  // The vendor answers WAV; MP3 asked for is converted by the caller's ffmpeg step (see index.ts).
  return { bytes: wav, mime: 'audio/wav', demo: false };
}
