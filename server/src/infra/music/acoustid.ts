import { fpcalc } from '../av';
import { musicFetch, readJson } from './http';
import { MusicError, type MusicHttp } from './types';

/**
 * 听歌识曲: a Chromaprint fingerprint made here by fpcalc, looked up at AcoustID
 * (`POST https://api.acoustid.org/v2/lookup`, form fields client, duration, fingerprint,
 * meta=recordings+releasegroups). Only the fingerprint and duration leave the server, never the audio.
 */

export const ACOUSTID_LOOKUP_URL = 'https://api.acoustid.org/v2/lookup';

export interface Fingerprint {
  duration: number;
  fingerprint: string;
}

export interface RecognizedSong {
  title: string;
  artists: string[];
  album?: string;
  score: number;
}

/** fpcalc -json of a file on disk. */
export async function fingerprintFile(path: string, signal?: AbortSignal): Promise<Fingerprint> {
  const out = await fpcalc(['-json', '-ignore-errors', '-length', '120', path], signal ? { signal } : {});
  const parsed = JSON.parse(out.toString('utf8')) as { duration?: number; fingerprint?: string };
  if (typeof parsed.fingerprint !== 'string' || !parsed.fingerprint) throw new MusicError('bad_answer', 'fpcalc: no fingerprint');
  return { duration: Number(parsed.duration ?? 0), fingerprint: parsed.fingerprint };
}

export interface AcoustIdLookup {
  lookup(fp: Fingerprint, signal: AbortSignal): Promise<RecognizedSong[]>;
}

export function acoustIdLookup(cfg: { key: string; url?: string }, http: MusicHttp): AcoustIdLookup {
  return {
    async lookup(fp, signal) {
      const body = new URLSearchParams({ client: cfg.key, duration: String(Math.round(fp.duration)), fingerprint: fp.fingerprint, meta: 'recordings releasegroups', format: 'json' });
      const res = await musicFetch(http, cfg.url ?? ACOUSTID_LOOKUP_URL, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } }, signal);
      // AcoustID answers its refusals (a bad key: code 4) as HTTP 400 with a JSON body: read it either way.
      const answer = (res.status === 400 ? await res.json().catch(() => ({})) : await readJson(res, 'acoustid')) as {
        status?: string;
        error?: { code?: number; message?: string };
        results?: { score?: number; recordings?: { title?: string; artists?: { name?: string }[]; releasegroups?: { title?: string }[] }[] }[];
      };
      if (answer.status !== 'ok') throw new MusicError(answer.error?.code === 4 ? 'auth' : 'failed', `acoustid: ${answer.error?.message ?? answer.status}`);
      const songs: RecognizedSong[] = [];
      for (const r of [...(answer.results ?? [])].sort((a, b) => (b.score ?? 0) - (a.score ?? 0))) {
        for (const rec of r.recordings ?? []) {
          if (!rec.title) continue;
          const album = rec.releasegroups?.find((g) => g.title)?.title;
          songs.push({ title: rec.title, artists: (rec.artists ?? []).flatMap((a) => (a.name ? [a.name] : [])), ...(album ? { album } : {}), score: r.score ?? 0 });
        }
      }
      const seen = new Set<string>();
      return songs.filter((s) => {
        const k = `${s.title}|${s.artists.join(',')}`;
        return !seen.has(k) && Boolean(seen.add(k));
      }).slice(0, 5);
    },
  };
}
