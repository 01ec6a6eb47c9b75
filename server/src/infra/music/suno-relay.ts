import { downloadNow, musicFetch, readJson, sleep } from './http';
import { MusicError, type MusicHttp, type SongRequest, type SongTake, type SongVendor } from './types';

/**
 * A Suno-style relay (the protocol of new-api / one-api's Suno task API, which several relays
 * speak): `POST {relay}/suno/submit/music` with a Bearer key and {prompt (lyrics in custom mode),
 * gpt_description_prompt (describe mode), tags, title, make_instrumental, mv} answers
 * {code: 'success', data: '<task id>'}; `GET {relay}/suno/fetch/{id}` answers {code, data: {status,
 * fail_reason, data: [clip...]}} with status NOT_START/SUBMITTED/QUEUED/IN_PROGRESS/SUCCESS/FAILURE
 * and two clips per song, each {audio_url, image_url, title, tags?, prompt?/lyric?, duration?,
 * metadata?: {tags, prompt, duration}}. Polled with backoff; a status we do not know is still
 * running (the task's deadline ends a song that never finishes); clips are downloaded at once.
 */

export interface SunoRelayConfig {
  relayUrl: string;
  apiKey?: string;
  model: string;
}

const DONE = new Set(['SUCCESS', 'COMPLETE', 'COMPLETED']);
const FAILED = new Set(['FAILURE', 'FAILED', 'ERROR']);

type Clip = {
  audio_url?: string;
  image_url?: string;
  title?: string;
  tags?: string;
  prompt?: string;
  lyric?: string;
  duration?: number;
  metadata?: { tags?: string; prompt?: string; duration?: number };
};

export function sunoRelay(cfg: SunoRelayConfig, http: MusicHttp): SongVendor {
  const base = cfg.relayUrl.replace(/\/+$/, '');
  const headers = { 'content-type': 'application/json', ...(cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}) };

  async function submit(req: SongRequest, signal: AbortSignal): Promise<string> {
    const custom = Boolean(req.lyrics) || req.instrumental;
    const body = custom
      ? { prompt: req.instrumental ? '' : req.lyrics, tags: req.tags || req.prompt.slice(0, 120), title: req.title, make_instrumental: req.instrumental, mv: cfg.model }
      : { gpt_description_prompt: req.prompt, tags: req.tags, title: req.title, make_instrumental: false, mv: cfg.model };
    const res = await musicFetch(http, `${base}/suno/submit/music`, { method: 'POST', headers, body: JSON.stringify(body) }, signal);
    const answer = (await readJson(res, 'suno submit')) as { code?: unknown; data?: unknown; message?: string };
    if (answer.code !== 'success' || typeof answer.data !== 'string' || !answer.data) throw new MusicError('refused', `suno submit: ${String(answer.message ?? answer.code).slice(0, 200)}`);
    return answer.data;
  }

  async function poll(id: string, signal: AbortSignal): Promise<Clip[]> {
    let wait = http.pollMs ?? 3_000;
    for (;;) {
      await sleep(wait, signal);
      wait = Math.min(wait * 2, http.pollMaxMs ?? 20_000);
      const res = await musicFetch(http, `${base}/suno/fetch/${encodeURIComponent(id)}`, { method: 'GET', headers }, signal);
      // A relay that stumbles once (5xx) is asked again; a refusal of our key is final.
      if (res.status >= 500) {
        await res.body?.cancel().catch(() => {});
        continue;
      }
      const answer = (await readJson(res, 'suno fetch')) as { data?: { status?: string; fail_reason?: string; data?: unknown } };
      const status = String(answer.data?.status ?? '').toUpperCase();
      if (FAILED.has(status)) throw new MusicError('failed', `suno: ${String(answer.data?.fail_reason ?? '').slice(0, 200)}`);
      if (DONE.has(status)) {
        const clips = Array.isArray(answer.data?.data) ? (answer.data.data as Clip[]) : [];
        if (!clips.some((c) => c.audio_url)) throw new MusicError('bad_answer', 'suno: succeeded without clips');
        return clips;
      }
    }
  }

  async function take(clip: Clip, signal: AbortSignal): Promise<SongTake> {
    const audio = await downloadNow(http, String(clip.audio_url), signal);
    const cover = clip.image_url ? await downloadNow(http, clip.image_url, signal).catch(() => undefined) : undefined;
    const lyrics = clip.lyric ?? clip.metadata?.prompt ?? clip.prompt;
    const duration = clip.duration ?? clip.metadata?.duration;
    const tags = clip.tags ?? clip.metadata?.tags;
    const format = /\.wav(\?|$)/i.test(String(clip.audio_url)) ? 'wav' : 'mp3';
    return { audio, format, ...(clip.title ? { title: clip.title } : {}), ...(lyrics !== undefined ? { lyrics } : {}), ...(tags ? { tags } : {}), ...(cover ? { cover } : {}), ...(typeof duration === 'number' ? { duration } : {}) };
  }

  return {
    name: 'suno',
    async song(req, signal, note) {
      const id = await submit(req, signal);
      await note({ vendor: 'suno', taskId: id });
      const clips = (await poll(id, signal)).filter((c) => c.audio_url).slice(0, 2);
      const takes: SongTake[] = [];
      for (const c of clips) takes.push(await take(c, signal));
      return takes;
    },
  };
}
