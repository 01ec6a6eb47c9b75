import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { abortReason, sleep } from '../abortable';
import { bodyText, httpFailure, MAX_AUDIO_BYTES, readJson, speechFetch, type SpeechHttp } from './http';
import { SpeechError, type CloneSample, type PublishSample, type SpeechJob, type SpeechResult, type SpeechVoice, type TextToSpeech, type VoiceCloner } from './types';

/**
 * DashScope (阿里云百炼) CosyVoice. Synthesis over DashScope's duplex WebSocket protocol (the only one CosyVoice
 * speaks): connect `wss://{host}/api-ws/v1/inference` with the key, send run-task {model, voice, format, rate...},
 * wait for task-started, send the text in continue-task, then finish-task; the audio arrives as binary frames until
 * task-finished (task-failed carries error_code and error_message in its header).
 *
 * Voice cloning through `POST {base}/api/v1/services/audio/tts/customization` (voice-enrollment, create_voice), which
 * takes the sample as a URL the vendor downloads. We never hand out lasting URLs of users' voices, so the composition
 * root gives a `publish` that puts the sample where the vendor can read it for a few minutes (the file store's presigned
 * URL, S3 only) and removes it afterwards; without one (local disk) this backend offers no cloner.
 */

export interface CosyVoiceSpeechSettings extends SpeechHttp {
  model: string;
  voices: readonly SpeechVoice[];
  /** Makes a clone sample downloadable for a short time; absent = cloning not offered. */
  publish?: PublishSample;
  /** Interval of the enrollment status polls (tests make it short). */
  pollMs?: number;
}

/** Characters per synthesis call: well under the vendor's 20,000 per message (where a Chinese character counts two). */
const MAX_CHARS = 2000;
/** Longest wait for an enrolled voice to leave DEPLOYING. */
const ENROLL_WAIT_MS = 120_000;

export function createCosyVoiceSpeech(s: CosyVoiceSpeechSettings): TextToSpeech {
  const publish = s.publish;
  return {
    name: 'cosyvoice',
    demo: false,
    maxChars: MAX_CHARS,
    // Speed is the run-task's rate; pitch (a ratio there) is shifted afterwards by semitones like the other vendors (inFormat).
    native: { speed: true },
    voices: () => s.voices,
    synthesize: (job) => synthesize(s, job),
    ...(publish ? { cloner: cosyVoiceCloner(s, publish) } : {}),
  };
}

/** The WebSocket endpoint of a DashScope base URL: http(s) becomes ws(s), so a local fake on http://127.0.0.1 is ws://. */
export function inferenceUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.protocol = url.protocol === 'http:' ? 'ws:' : 'wss:';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/api-ws/v1/inference`;
  url.search = '';
  return url.toString();
}

/** DashScope error codes (task-failed's error_code, the HTTP answers' code) as our reasons. */
function codeFailure(code: string, message: string, status?: number): SpeechError {
  const detail = `CosyVoice ${code} ${message}`.slice(0, 300);
  if (/InvalidApiKey|AccessDenied|Unauthorized/i.test(code) || status === 401 || status === 403) return new SpeechError('auth', detail, status);
  if (/Throttling|RateQuota|Arrearage/i.test(code) || status === 429) return new SpeechError('rate_limited', detail, status);
  if (/DataInspectionFailed/i.test(code)) return new SpeechError('rejected', detail, status);
  return new SpeechError('upstream', detail, status);
}

interface ServerEvent {
  header?: { event?: unknown; error_code?: unknown; error_message?: unknown };
}

function synthesize(s: CosyVoiceSpeechSettings, job: SpeechJob): Promise<SpeechResult> {
  const text = job.text.trim();
  if (!text) return Promise.reject(new SpeechError('rejected', 'empty text'));
  const signal = job.signal;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  const taskId = randomUUID().replace(/-/g, '');
  const format = job.format;
  return new Promise<SpeechResult>((resolve, reject) => {
    const ws = new WebSocket(inferenceUrl(s.baseUrl), { headers: { authorization: `bearer ${s.apiKey}` }, maxPayload: MAX_AUDIO_BYTES });
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (err: Error | null, out?: SpeechResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      ws.removeAllListeners();
      // Closing a socket still connecting reports an error later: nobody listens for it any more.
      ws.on('error', () => {});
      ws.terminate();
      if (err) reject(err);
      else resolve(out!);
    };
    // One deadline for the whole task, as the HTTP vendors' (a vendor that never finishes is a timeout).
    const timer = setTimeout(() => settle(new SpeechError('timeout', `cosyvoice: timeout ${s.timeoutMs} ms`)), s.timeoutMs);
    const onAbort = () => settle(abortReason(signal!));
    signal?.addEventListener('abort', onAbort, { once: true });
    const send = (action: string, payload: unknown) => ws.send(JSON.stringify({ header: { action, task_id: taskId, streaming: 'duplex' }, payload }));

    ws.on('open', () => {
      send('run-task', {
        task_group: 'audio',
        task: 'tts',
        function: 'SpeechSynthesizer',
        model: s.model,
        parameters: {
          text_type: 'PlainText',
          voice: job.voice || s.voices[0]?.id || 'longxiaochun_v2',
          format,
          sample_rate: 22050,
          volume: 50,
          rate: Math.min(2, Math.max(0.5, job.speed ?? 1)),
          pitch: 1.0,
        },
        input: {},
      });
    });
    // A refused handshake (a wrong key is HTTP 401 before any event) is judged by its status.
    ws.on('unexpected-response', (_req, res) => {
      res.resume();
      settle(httpFailure(res.statusCode ?? 502, 'websocket handshake refused'));
    });
    ws.on('message', (data, isBinary) => {
      const frame = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
      if (isBinary) {
        size += frame.length;
        if (size > MAX_AUDIO_BYTES) return settle(new SpeechError('bad_answer', 'audio too large'));
        chunks.push(frame);
        return;
      }
      let msg: ServerEvent;
      try {
        msg = JSON.parse(frame.toString('utf8')) as ServerEvent;
      } catch {
        return settle(new SpeechError('bad_answer', `not JSON: ${frame.toString('utf8').slice(0, 200)}`));
      }
      const event = msg.header?.event;
      if (event === 'task-started') {
        send('continue-task', { input: { text } });
        send('finish-task', { input: {} });
      } else if (event === 'task-finished') {
        const bytes = Buffer.concat(chunks);
        if (bytes.length < 64) return settle(new SpeechError('bad_answer', `audio of ${bytes.length} bytes`));
        settle(null, { bytes, mime: format === 'wav' ? 'audio/wav' : 'audio/mpeg', demo: false });
      } else if (event === 'task-failed') {
        settle(codeFailure(String(msg.header?.error_code ?? ''), String(msg.header?.error_message ?? '')));
      }
      // result-generated (sentence metadata) carries nothing we use.
    });
    ws.on('error', (err) => settle(new SpeechError('network', `cosyvoice: ${err.message}`)));
    ws.on('close', (code) => settle(new SpeechError('upstream', `cosyvoice: closed (${code}) before task-finished`)));
  });
}

/** The enrollment's prefix: lower-case letters and digits, at most 10 (the vendor names the voice cosyvoice-<model>-<prefix>-<random>). */
export function enrollmentPrefix(voiceId: string): string {
  return voiceId.toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 10) || 'wx';
}

async function customization(s: CosyVoiceSpeechSettings, input: Record<string, unknown>, signal?: AbortSignal): Promise<Record<string, unknown>> {
  const res = await speechFetch(
    s,
    '/api/v1/services/audio/tts/customization',
    {
      method: 'POST',
      headers: { authorization: `Bearer ${s.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'voice-enrollment', input }),
    },
    signal,
  );
  if (!res.ok) {
    const text = await bodyText(res);
    let code = '';
    try {
      code = String((JSON.parse(text) as { code?: unknown }).code ?? '');
    } catch {
      /* not JSON: judged by the status */
    }
    throw code ? codeFailure(code, text, res.status) : httpFailure(res.status, text);
  }
  return readJson(res);
}

function cosyVoiceCloner(s: CosyVoiceSpeechSettings, publish: PublishSample): VoiceCloner {
  const remove = async (voiceId: string, signal?: AbortSignal) => {
    await customization(s, { action: 'delete_voice', voice_id: voiceId }, signal);
  };
  return {
    name: 'cosyvoice',
    remove,
    async clone(sample: CloneSample) {
      const shared = await publish(sample.bytes, sample.fileName, sample.signal);
      try {
        const made = await customization(
          s,
          { action: 'create_voice', target_model: s.model, prefix: enrollmentPrefix(sample.voiceId), url: shared.url },
          sample.signal,
        );
        const voiceId = (made.output as { voice_id?: unknown } | undefined)?.voice_id;
        if (typeof voiceId !== 'string' || !voiceId) throw new SpeechError('bad_answer', `no voice_id: ${JSON.stringify(made).slice(0, 200)}`);
        try {
          // The sample stays published until the vendor has finished with it (status leaves DEPLOYING).
          await deployed(s, voiceId, sample.signal);
        } catch (err) {
          // Nothing is left at the vendor for a clone that failed.
          await remove(voiceId).catch(() => {});
          throw err;
        }
        return { vendorVoiceId: voiceId };
      } finally {
        await shared.release().catch(() => {});
      }
    },
  };
}

/** Wait until the enrolled voice is usable: OK (or a status we do not know) ends the wait, UNDEPLOYED is the sample refused. */
async function deployed(s: CosyVoiceSpeechSettings, voiceId: string, signal?: AbortSignal): Promise<void> {
  const deadline = Date.now() + ENROLL_WAIT_MS;
  const wait = signal ?? new AbortController().signal;
  for (;;) {
    const q = await customization(s, { action: 'query_voice', voice_id: voiceId }, signal);
    const status = (q.output as { status?: unknown } | undefined)?.status;
    if (status === 'UNDEPLOYED') throw new SpeechError('rejected', `CosyVoice enrollment of ${voiceId} refused (UNDEPLOYED)`);
    if (status !== 'DEPLOYING') return;
    if (Date.now() > deadline) throw new SpeechError('timeout', `CosyVoice enrollment of ${voiceId} still DEPLOYING`);
    await sleep(s.pollMs ?? 2000, wait);
  }
}
