import { bodyText, httpFailure, readJson, speechFetch, type SpeechHttp } from './http';
import { SpeechError, type CloneSample, type SpeechJob, type SpeechResult, type SpeechVoice, type TextToSpeech, type VoiceCloner } from './types';

/**
 * MiniMax speech: T2A `POST {base}/v1/t2a_v2` {model, text, voice_setting{voice_id, speed, vol,
 * pitch, emotion}, audio_setting{format, sample_rate}} answering JSON with data.audio as hex, and
 * voice cloning by a file upload (`/v1/files/upload`, purpose voice_clone) then `/v1/voice_clone`
 * {file_id, voice_id}; a cloned voice is deleted with `/v1/delete_voice`. Every answer carries
 * base_resp {status_code, status_msg}: 0 is success even under HTTP 200 everywhere else.
 */

export interface MiniMaxSpeechSettings extends SpeechHttp {
  model: string;
  voices: readonly SpeechVoice[];
  /** MiniMax accounts of the mainland API need the GroupId query parameter on some calls. */
  groupId?: string;
}

/** base_resp codes: 1004/2049 = key refused, 1002/1039 = rate limit, 1008 = balance, 1026/1027 = sensitive text, 2013 = bad input. */
function baseRespFailure(code: number, msg: string): SpeechError {
  const detail = `MiniMax ${code} ${msg}`.slice(0, 300);
  if (code === 1004 || code === 2049) return new SpeechError('auth', detail);
  if (code === 1002 || code === 1039 || code === 1008) return new SpeechError('rate_limited', detail);
  if (code === 1026 || code === 1027 || code === 2013 || code === 2038 || code === 2039) return new SpeechError('rejected', detail);
  return new SpeechError('upstream', detail);
}

async function call(s: MiniMaxSpeechSettings, path: string, init: RequestInit, signal?: AbortSignal): Promise<Record<string, unknown>> {
  const q = s.groupId ? `${path.includes('?') ? '&' : '?'}GroupId=${encodeURIComponent(s.groupId)}` : '';
  const res = await speechFetch(s, path + q, { ...init, headers: { authorization: `Bearer ${s.apiKey}`, ...(init.headers as Record<string, string>) } }, signal);
  if (!res.ok) throw httpFailure(res.status, await bodyText(res));
  const json = await readJson(res);
  const base = (json.base_resp ?? {}) as { status_code?: number; status_msg?: string };
  if (typeof base.status_code === 'number' && base.status_code !== 0) throw baseRespFailure(base.status_code, String(base.status_msg ?? ''));
  return json;
}

const jsonInit = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export function createMiniMaxSpeech(s: MiniMaxSpeechSettings): TextToSpeech {
  const cloner: VoiceCloner = {
    name: 'minimax',
    async clone(sample: CloneSample) {
      const form = new FormData();
      form.append('purpose', 'voice_clone');
      form.append('file', new Blob([new Uint8Array(sample.bytes)]), sample.fileName);
      const up = await call(s, '/v1/files/upload', { method: 'POST', body: form }, sample.signal);
      const fileId = (up.file as { file_id?: unknown } | undefined)?.file_id;
      if (fileId === undefined || fileId === null) throw new SpeechError('bad_answer', 'no file_id');
      await call(s, '/v1/voice_clone', jsonInit({ file_id: fileId, voice_id: sample.voiceId }), sample.signal);
      return { vendorVoiceId: sample.voiceId };
    },
    async remove(vendorVoiceId, signal) {
      await call(s, '/v1/delete_voice', jsonInit({ voice_type: 'voice_cloning', voice_id: vendorVoiceId }), signal);
    },
  };
  return {
    name: 'minimax',
    demo: false,
    maxChars: 5000,
    native: { speed: true, pitch: true },
    voices: () => s.voices,
    cloner,
    synthesize: (job) => synthesize(s, job),
  };
}

async function synthesize(s: MiniMaxSpeechSettings, job: SpeechJob): Promise<SpeechResult> {
  const text = job.text.trim();
  if (!text) throw new SpeechError('rejected', 'empty text');
  const voice = s.voices.find((v) => v.id === job.voice);
  const emotion = job.emotion && (!voice || voice.emotions?.includes(job.emotion)) ? job.emotion : undefined;
  const json = await call(
    s,
    '/v1/t2a_v2',
    jsonInit({
      model: s.model,
      text,
      stream: false,
      output_format: 'hex',
      voice_setting: {
        voice_id: job.voice || s.voices[0]?.id || 'male-qn-qingse',
        speed: Math.min(2, Math.max(0.5, job.speed ?? 1)),
        vol: 1,
        pitch: Math.round(Math.min(12, Math.max(-12, job.pitch ?? 0))),
        ...(emotion ? { emotion } : {}),
      },
      audio_setting: { format: job.format, sample_rate: 32000, ...(job.format === 'mp3' ? { bitrate: 128000 } : {}), channel: 1 },
    }),
    job.signal,
  );
  const hex = (json.data as { audio?: unknown } | undefined)?.audio;
  if (typeof hex !== 'string' || !/^[0-9a-f]+$/i.test(hex) || hex.length < 128) throw new SpeechError('bad_answer', 'no hex audio');
  const bytes = Buffer.from(hex, 'hex');
  return { bytes, mime: job.format === 'wav' ? 'audio/wav' : 'audio/mpeg', demo: false };
}
