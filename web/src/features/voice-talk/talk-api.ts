import { MSG } from '@wanxiang/contract';
import { apiUrl, authHeaders, request, RequestError } from '../../api/request';
import { recordingExtension } from '../../media/useRecorder';

/** The voice conversation calls (docs/api.md "Voice conversation"); the answer itself is the chat stream. */

export interface TalkTranscript {
  text: string;
  seconds: number;
  demo: boolean;
}

/** A recorded turn (`turn`, ≤ 60 s) or an uploaded file (`file`, ≤ 10 min) to text. */
export function transcribe(audio: Blob | File, mode: 'turn' | 'file', signal?: AbortSignal): Promise<TalkTranscript> {
  const form = new FormData();
  form.append('mode', mode);
  const name = audio instanceof File ? audio.name : `turn.${recordingExtension(audio)}`;
  form.append('file', audio, name);
  return request<TalkTranscript>('/v1/voice/talk/transcribe', { method: 'POST', body: form, silent: true, timeoutMs: 120_000, signal });
}

/** One sentence spoken as an MP3 (with the AIGC label); an error carries the server's Chinese sentence. */
export async function speak(text: string, signal?: AbortSignal): Promise<Blob> {
  const res = await fetch(apiUrl('/v1/voice/talk/speak'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...authHeaders() },
    body: JSON.stringify({ text }),
    signal,
    credentials: 'same-origin',
  });
  if ((res.headers.get('content-type') ?? '').startsWith('audio/')) return res.blob();
  let msg: string = MSG.talkSpeakFailed;
  try {
    const body = (await res.json()) as { code?: number; msg?: string };
    if (body.msg) msg = body.msg;
    throw new RequestError(body.code ?? res.status, msg);
  } catch (err) {
    if (err instanceof RequestError) throw err;
    throw new RequestError(res.status, msg);
  }
}
