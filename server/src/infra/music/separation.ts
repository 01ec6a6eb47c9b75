import { musicFetch, readJson } from './http';
import { MusicError, type MusicHttp } from './types';

/**
 * The track separation service an operator runs (Demucs, UVR/MDX...) behind this small protocol:
 *
 *   POST {SEPARATION_URL}/separate   (Authorization: Bearer {SEPARATION_KEY} when set)
 *     multipart/form-data: audio = the file, stems = '2' (vocals + accompaniment) | '4' (vocals,
 *     drums, bass, other)
 *   200 {"stems": [{"name": "vocals", "format": "wav" | "mp3" | "flac", "data": "<base64>"}, ...]}
 *   4xx/5xx {"error": "..."}: the run fails and is refunded.
 *
 * The stems come back in the answer itself (no URL to fetch later), so nothing expires.
 */

export interface Stem {
  name: string;
  format: string;
  audio: Buffer;
}

export interface SeparationService {
  separate(audio: Buffer, fileName: string, stems: '2' | '4', signal: AbortSignal): Promise<Stem[]>;
}

const STEM_NAME = /^[a-z_]{1,32}$/;
const FORMATS = new Set(['wav', 'mp3', 'flac', 'ogg', 'm4a']);

export function separationService(cfg: { url: string; apiKey?: string }, http: MusicHttp): SeparationService {
  const url = `${cfg.url.replace(/\/+$/, '')}/separate`;
  return {
    async separate(audio, fileName, stems, signal) {
      const form = new FormData();
      form.set('audio', new Blob([new Uint8Array(audio)]), fileName);
      form.set('stems', stems);
      const res = await musicFetch(http, url, { method: 'POST', body: form, headers: cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {} }, signal);
      const answer = (await readJson(res, 'separation')) as { stems?: unknown };
      const list = Array.isArray(answer.stems) ? (answer.stems as { name?: unknown; format?: unknown; data?: unknown }[]) : [];
      const out = list.flatMap((s) => {
        const name = String(s.name ?? '');
        const format = String(s.format ?? 'wav').toLowerCase();
        if (!STEM_NAME.test(name) || !FORMATS.has(format) || typeof s.data !== 'string' || !s.data) return [];
        return [{ name, format, audio: Buffer.from(s.data, 'base64') }];
      });
      if (!out.length) throw new MusicError('bad_answer', 'separation: no stems');
      return out;
    },
  };
}
