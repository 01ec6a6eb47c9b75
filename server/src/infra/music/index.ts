import type { Config } from '../../config';
import { acoustIdLookup, type AcoustIdLookup } from './acoustid';
import { demoComposer } from './demo-song';
import { minimaxMusic } from './minimax';
import { separationService, type SeparationService } from './separation';
import { sunoRelay } from './suno-relay';
import type { MusicHttp, SongVendor } from './types';
import { callKey, recordedFetch, type CallRecorder } from '../vendor-settings/recorded';

export * from './types';
export { acoustIdLookup, fingerprintFile, type AcoustIdLookup, type Fingerprint, type RecognizedSong } from './acoustid';
export { demoComposer, demoScore, renderDemoTake, syllables } from './demo-song';
export { downloadNow } from './http';
export { minimaxMusic } from './minimax';
export { separationService, type SeparationService, type Stem } from './separation';
export { sunoRelay } from './suno-relay';

/**
 * What the music tools use, per app (kept in ctx.moduleStates under MUSIC_STATE, so tests set their
 * own): the song vendor (a Suno-style relay when the operator names one, else MiniMax with a key,
 * else the sox demo composer), and the separation service and AcoustID lookup, each null when off.
 */
export interface MusicBackend {
  songs: SongVendor;
  demo: boolean;
  separation: SeparationService | null;
  acoustid: AcoustIdLookup | null;
}

export const MUSIC_STATE = 'music';

/**
 * `calls`: where each HTTP request to the song vendor is recorded (music:suno, music:minimax-music), for the console's
 * error rate and latency.
 */
export function createMusicBackend(config: Pick<Config, 'music'>, http: MusicHttp = { fetch, timeoutMs: 300_000 }, calls?: CallRecorder): MusicBackend {
  const m = config.music;
  const vendorHttp = (vendor: string): MusicHttp => (calls ? { ...http, fetch: recordedFetch(callKey('music', vendor), calls, http.fetch) } : http);
  const songs = m.suno.relayUrl
    ? sunoRelay({ relayUrl: m.suno.relayUrl, model: m.suno.model, ...(m.suno.apiKey ? { apiKey: m.suno.apiKey } : {}) }, vendorHttp('suno'))
    : m.minimax.apiKey
      ? minimaxMusic({ apiKey: m.minimax.apiKey, baseUrl: m.minimax.baseUrl, model: m.minimax.model }, vendorHttp('minimax-music'))
      : demoComposer();
  return {
    songs,
    demo: songs.name === 'demo',
    separation: m.separation.url ? separationService({ url: m.separation.url, ...(m.separation.apiKey ? { apiKey: m.separation.apiKey } : {}) }, http) : null,
    acoustid: m.acoustidKey ? acoustIdLookup({ key: m.acoustidKey }, http) : null,
  };
}
