import { audioMime, bodyText, httpFailure, readAudio, speechFetch, type SpeechHttp } from './http';
import { SpeechError, type SpeechJob, type SpeechResult, type SpeechVoice, type TextToSpeech } from './types';

/**
 * The OpenAI speech protocol: `POST {base}/audio/speech` {model, input, voice, speed,
 * response_format} answering the audio bytes. Spoken by OpenAI (tts-1, gpt-4o-mini-tts),
 * SiliconFlow (FunAudioLLM/CosyVoice2-0.5B with voices "<model>:alex") and self-hosted servers
 * (openedai-speech, CosyVoice/Kokoro-FastAPI). No pitch or emotion in this protocol.
 */

export interface OpenAiSpeechSettings extends SpeechHttp {
  model: string;
  voices: readonly SpeechVoice[];
  maxChars?: number;
}

export function createOpenAiSpeech(s: OpenAiSpeechSettings): TextToSpeech {
  return {
    name: 'openai',
    demo: false,
    maxChars: s.maxChars ?? 1000,
    // The protocol has `speed`; pitch is shifted afterwards.
    native: { speed: true },
    voices: () => s.voices,
    synthesize: (job) => synthesize(s, job),
  };
}

async function synthesize(s: OpenAiSpeechSettings, job: SpeechJob): Promise<SpeechResult> {
  const input = job.text.trim();
  if (!input) throw new SpeechError('rejected', 'empty text');
  const res = await speechFetch(
    s,
    '/audio/speech',
    {
      method: 'POST',
      headers: { authorization: `Bearer ${s.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: s.model,
        input,
        voice: job.voice || s.voices[0]?.id || 'alloy',
        speed: Math.min(4, Math.max(0.25, job.speed ?? 1)),
        response_format: job.format,
      }),
    },
    job.signal,
  );
  if (!res.ok) throw httpFailure(res.status, await bodyText(res));
  if ((res.headers.get('content-type') ?? '').includes('json')) throw new SpeechError('bad_answer', `JSON instead of audio: ${await bodyText(res)}`);
  const bytes = await readAudio(res);
  return { bytes, mime: audioMime(bytes), demo: false };
}
