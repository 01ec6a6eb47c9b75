import { downloadNow, musicFetch, readJson } from './http';
import { MusicError, type MusicHttp, type SongRequest, type SongTake, type SongVendor } from './types';

/**
 * MiniMax music generation: `POST {base}/v1/music_generation` with a Bearer key and
 * {model, prompt, lyrics, is_instrumental?, output_format: 'url', audio_setting}; the answer is
 * {data: {audio (a URL, or hex when output_format is 'hex'), status}, extra_info: {music_duration
 * (ms)}, base_resp: {status_code, status_msg}}, status_code 0 = success. It answers one take per
 * call, so a song is two calls. The call itself waits for the song (no task id to poll).
 */

export interface MinimaxMusicConfig {
  apiKey: string;
  baseUrl: string;
  model: string;
}

/** base_resp codes: 1004/2049 key refused, 1008 no balance, 1026/1027 content refused. */
function baseRespError(code: number, msg: string): MusicError {
  if ([1004, 1008, 2049].includes(code)) return new MusicError('auth', `minimax ${code} ${msg}`);
  if ([1026, 1027, 2013].includes(code)) return new MusicError('refused', `minimax ${code} ${msg}`);
  return new MusicError('failed', `minimax ${code} ${msg}`);
}

export function minimaxMusic(cfg: MinimaxMusicConfig, http: MusicHttp): SongVendor {
  const url = `${cfg.baseUrl.replace(/\/+$/, '')}/v1/music_generation`;
  async function oneTake(req: SongRequest, signal: AbortSignal): Promise<SongTake> {
    const prompt = [req.prompt, req.tags].filter(Boolean).join('，').slice(0, 2000);
    const body = {
      model: cfg.model,
      prompt,
      ...(req.instrumental ? { is_instrumental: true } : { lyrics: req.lyrics }),
      output_format: 'url',
      audio_setting: { sample_rate: 44100, bitrate: 256000, format: 'mp3' },
    };
    const res = await musicFetch(http, url, { method: 'POST', headers: { authorization: `Bearer ${cfg.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }, signal);
    const answer = (await readJson(res, 'minimax music')) as {
      data?: { audio?: unknown; status?: number };
      extra_info?: { music_duration?: number };
      base_resp?: { status_code?: number; status_msg?: string };
    };
    const code = answer.base_resp?.status_code ?? 0;
    if (code !== 0) throw baseRespError(code, String(answer.base_resp?.status_msg ?? ''));
    const audio = answer.data?.audio;
    if (typeof audio !== 'string' || !audio) throw new MusicError('bad_answer', 'minimax: no data.audio');
    const bytes = /^https?:\/\//i.test(audio) ? await downloadNow(http, audio, signal) : hexBytes(audio);
    const ms = answer.extra_info?.music_duration;
    return { audio: bytes, format: 'mp3', lyrics: req.instrumental ? '' : req.lyrics, ...(typeof ms === 'number' ? { duration: ms / 1000 } : {}) };
  }
  return {
    name: 'minimax',
    async song(req, signal, note) {
      await note({ vendor: 'minimax', model: cfg.model });
      return [await oneTake(req, signal), await oneTake({ ...req, seed: req.seed + 1 }, signal)];
    },
  };
}

function hexBytes(hex: string): Buffer {
  if (!/^[0-9a-f]+$/i.test(hex) || hex.length % 2) throw new MusicError('bad_answer', 'minimax: audio is neither a URL nor hex');
  return Buffer.from(hex, 'hex');
}
