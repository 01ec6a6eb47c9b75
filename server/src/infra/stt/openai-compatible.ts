import { SttError, type SpeechToText, type SttInput, type TimedSegment, type TimedTranscript } from './types';

export interface OpenAiSttSettings {
  /** OpenAI-compatible base URL, ending before /audio/transcriptions (e.g. https://api.openai.com/v1). */
  baseUrl: string;
  apiKey?: string;
  /** whisper-1, FunAudioLLM/SenseVoiceSmall, whisper-large-v3... */
  model: string;
  timeoutMs: number;
  /** Hint for the vendor; Chinese by default, as the product is. */
  language?: string;
}

/** Longest vendor error body read (for the log line). */
const ERROR_BODY_CAP = 4096;

/**
 * POST {base}/audio/transcriptions as multipart (file, model, response_format=json): the call
 * OpenAI Whisper, SiliconFlow, Groq and most self-hosted servers share. The base URL is set by
 * the operator, so it is trusted and fetched directly (not through the SSRF-safe fetch).
 */
export function createOpenAiSpeechToText(s: OpenAiSttSettings): SpeechToText {
  const url = `${s.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
  /** One POST; answers the body of a 2xx answer, or throws the SttError of the failure. */
  const post = async (input: SttInput, format: 'json' | 'verbose_json'): Promise<string> => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(input.data)], { type: input.mime || 'application/octet-stream' }), input.filename);
    form.append('model', s.model);
    form.append('response_format', format);
    // Segment times (OpenAI's verbose_json; FunASR's and most self-hosted servers answer the same shape).
    if (format === 'verbose_json') form.append('timestamp_granularities[]', 'segment');
    if (s.language) form.append('language', s.language);
    const timeout = AbortSignal.timeout(s.timeoutMs);
    const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        body: form,
        headers: s.apiKey ? { authorization: `Bearer ${s.apiKey}` } : {},
        signal,
      });
    } catch (err) {
      if (timeout.aborted) throw new SttError('timeout', `speech-to-text gave no answer within ${s.timeoutMs} ms`);
      const code = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
      throw new SttError('network', `speech-to-text connection failed (${code})`);
    }
    const body = await readCapped(res, res.ok ? 8 * 1024 * 1024 : ERROR_BODY_CAP);
    if (!res.ok) {
      const detail = redact(vendorMessage(body), s.apiKey);
      const reason =
        res.status === 401 || res.status === 403
          ? 'auth'
          : res.status === 429
            ? 'rate_limited'
            : res.status < 500
              ? 'rejected'
              : 'upstream';
      throw new SttError(reason, `speech-to-text HTTP ${res.status}: ${detail}`, res.status);
    }
    return body;
  };
  return {
    name: 'openai',
    async transcribe(input: SttInput): Promise<string> {
      const body = await post(input, 'json');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        // response_format=json is asked for; a few servers still answer plain text.
        return body.trim();
      }
      const text = typeof json === 'object' && json !== null ? (json as { text?: unknown }).text : undefined;
      if (typeof text !== 'string') throw new SttError('upstream', 'speech-to-text answer has no text field');
      return text.trim();
    },
    async transcribeTimed(input: SttInput): Promise<TimedTranscript> {
      const body = await post(input, 'verbose_json');
      let json: { text?: unknown; segments?: unknown; duration?: unknown };
      try {
        json = JSON.parse(body) as typeof json;
      } catch {
        throw new SttError('upstream', 'speech-to-text timed answer is not JSON');
      }
      if (!Array.isArray(json.segments)) throw new SttError('upstream', 'speech-to-text answer has no segments (verbose_json not supported?)');
      const segments: TimedSegment[] = [];
      for (const seg of json.segments as { start?: unknown; end?: unknown; text?: unknown }[]) {
        const start = Number(seg.start);
        const end = Number(seg.end);
        const text = typeof seg.text === 'string' ? seg.text.trim() : '';
        // A segment without sane times or words cannot become a subtitle line: skipped, not guessed.
        if (!text || !Number.isFinite(start) || !Number.isFinite(end) || start < 0 || end <= start) continue;
        segments.push({ start, end, text });
      }
      segments.sort((a, b) => a.start - b.start);
      const text = typeof json.text === 'string' ? json.text.trim() : segments.map((x) => x.text).join('');
      return { text, segments, duration: typeof json.duration === 'number' ? json.duration : undefined };
    },
  };
}

async function readCapped(res: Response, cap: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    size += value.length;
    if (size >= cap) {
      await reader.cancel();
      break;
    }
  }
  return Buffer.concat(parts).subarray(0, cap).toString('utf8');
}

function vendorMessage(body: string): string {
  try {
    const json = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof json.error === 'string') return json.error;
    if (json.error && typeof json.error.message === 'string') return json.error.message;
    if (typeof json.message === 'string') return json.message;
  } catch {
    // not JSON
  }
  return body.slice(0, 300);
}

function redact(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join('***') : text;
}
