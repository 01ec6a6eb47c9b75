import type { TextToSpeech } from '../speech/types';
import type { SpeechToText } from '../stt/types';

/** Where a backend vendor's calls are told (VendorCallStats: the console's error rate and latency per vendor). */
export interface CallRecorder {
  ok(key: string, ms: number): void;
  failed(key: string): void;
}

/** The stats key of a backend vendor: `<kind>:<vendor>` (image:siliconflow, video:kling), apart from chat's keys. */
export const callKey = (kind: string, vendor: string) => `${kind}:${vendor}`;

/** A caller that gave up (a canceled task, a stopped worker) is neither a failure nor a latency; a timeout is a failure. */
function callerAborted(signal: AbortSignal | null | undefined): boolean {
  if (!signal?.aborted) return false;
  const reason: unknown = signal.reason;
  return !(reason instanceof Error && reason.name === 'TimeoutError');
}

/**
 * `fetch` with each request to the vendor recorded under `key`: a 2xx or 3xx answer after its time to the headers, any
 * other status or a transport error as a failure. For the adapters that report failures as values (SearXNG answers an
 * empty list) or poll (music, video): what is recorded is each HTTP request.
 */
export function recordedFetch(key: string, calls: CallRecorder, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const started = performance.now();
    try {
      const res = await base(input, init);
      if (res.status < 400) calls.ok(key, performance.now() - started);
      else calls.failed(key);
      return res;
    } catch (err) {
      if (!callerAborted(init?.signal)) calls.failed(key);
      throw err;
    }
  };
}

/**
 * Text to speech with each synthesis recorded under its console entry: speech:cosyvoice for CosyVoice (its own entry),
 * else speech:tts (the demo voice is not a vendor: left as it is).
 */
export function recordedSpeech(tts: TextToSpeech | null, calls: CallRecorder): TextToSpeech | null {
  if (!tts || tts.demo) return tts;
  const key = callKey('speech', tts.name === 'cosyvoice' ? 'cosyvoice' : 'tts');
  return {
    ...tts,
    voices: () => tts.voices(),
    async synthesize(job) {
      const started = performance.now();
      try {
        const out = await tts.synthesize(job);
        calls.ok(key, performance.now() - started);
        return out;
      } catch (err) {
        if (!callerAborted(job.signal)) calls.failed(key);
        throw err;
      }
    },
  };
}

/** Speech to text with each transcription recorded under stt:stt (no service configured: nothing to record). */
export function recordedStt(stt: SpeechToText, calls: CallRecorder): SpeechToText {
  if (stt.name === 'none') return stt;
  const key = callKey('stt', 'stt');
  const timed = stt.transcribeTimed?.bind(stt);
  const time = async <R>(signal: AbortSignal | undefined, run: () => Promise<R>): Promise<R> => {
    const started = performance.now();
    try {
      const out = await run();
      calls.ok(key, performance.now() - started);
      return out;
    } catch (err) {
      if (!callerAborted(signal)) calls.failed(key);
      throw err;
    }
  };
  return {
    name: stt.name,
    transcribe: (input) => time(input.signal, () => stt.transcribe(input)),
    ...(timed ? { transcribeTimed: (input: Parameters<typeof timed>[0]) => time(input.signal, () => timed(input)) } : {}),
  };
}
