import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMusic, type FakeMusic } from '../../../test/fake-music';
import { acoustIdLookup } from './acoustid';
import { minimaxMusic } from './minimax';
import { separationService } from './separation';
import { sunoRelay } from './suno-relay';
import { MusicError, type SongRequest } from './types';

let fake: FakeMusic;
beforeAll(async () => {
  fake = await startFakeMusic();
});
afterAll(() => fake.close());

const http = { fetch, timeoutMs: 10_000, pollMs: 5, pollMaxMs: 20 };
const req = (over: Partial<SongRequest> = {}): SongRequest => ({ prompt: '夏夜海边', lyrics: '海风吹\n星光亮', tags: '流行', title: '夏夜', instrumental: false, seed: 1, ...over });
const signal = () => new AbortController().signal;
const noted: Record<string, unknown>[] = [];
const note = async (d: Record<string, unknown>) => {
  noted.push(d);
};
async function kindOf(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MusicError);
  return (err as MusicError).kind;
}

describe('MiniMax music', () => {
  const vendor = (key = 'good-key') => minimaxMusic({ apiKey: key, baseUrl: fake.base, model: 'music-2.0' }, http);

  it('asks twice with the lyrics and audio settings, and downloads each URL at once (it expires after)', async () => {
    const start = fake.requests.length;
    const takes = await vendor().song(req(), signal(), note);
    expect(takes).toHaveLength(2);
    const calls = fake.requests.slice(start).filter((r) => r.path === '/v1/music_generation');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.auth).toBe('Bearer good-key');
    expect(calls[0]!.body).toMatchObject({ model: 'music-2.0', lyrics: '海风吹\n星光亮', output_format: 'url', audio_setting: { format: 'mp3', sample_rate: 44100 } });
    expect(calls[0]!.body).not.toHaveProperty('is_instrumental');
    expect(takes[0]!.audio.subarray(0, 3).toString()).toBe('ID3');
    expect(takes[0]!.duration).toBe(31.5);
    const files = fake.requests.slice(start).filter((r) => r.path.startsWith('/files/'));
    expect(files).toHaveLength(2);
    for (const f of files) {
      expect(fake.fetches.get(f.path.slice(7))).toBe(1);
      expect((await fetch(`${fake.base}${f.path}`)).status).toBe(403);
    }
  });

  it('sends an instrumental without lyrics', async () => {
    const start = fake.requests.length;
    await vendor().song(req({ instrumental: true, lyrics: '' }), signal(), note);
    expect(fake.requests[start]!.body).toMatchObject({ is_instrumental: true });
    expect(fake.requests[start]!.body).not.toHaveProperty('lyrics');
  });

  it('maps base_resp refusals: a bad key, refused content', async () => {
    expect(await kindOf(vendor('bad').song(req(), signal(), note))).toBe('auth');
    expect(await kindOf(vendor().song(req({ prompt: 'FAIL' }), signal(), note))).toBe('refused');
  });
});

describe('Suno-style relay', () => {
  const vendor = (key = 'relay-key') => sunoRelay({ relayUrl: fake.base, apiKey: key, model: 'chirp-v4' }, http);

  it('submits custom mode, polls through unknown statuses with backoff, downloads both clips and covers once', async () => {
    const start = fake.requests.length;
    noted.length = 0;
    const takes = await vendor().song(req(), signal(), note);
    const seen = fake.requests.slice(start);
    expect(seen[0]!.body).toEqual({ prompt: '海风吹\n星光亮', tags: '流行', title: '夏夜', make_instrumental: false, mv: 'chirp-v4' });
    expect(noted).toEqual([{ vendor: 'suno', taskId: expect.stringMatching(/^task-/) }]);
    expect(seen.filter((r) => r.path.startsWith('/suno/fetch/'))).toHaveLength(4);
    expect(takes).toHaveLength(2);
    expect(takes.map((t) => [t.title, t.lyrics, t.tags, t.duration])).toEqual([
      ['夏夜', '[Verse]\n海风吹\n星光亮', 'pop', 121.5],
      ['夏夜', '[Verse]\n海风吹\n星光亮', 'pop', 122.5],
    ]);
    expect(takes.every((t) => t.cover && t.audio.length > 100)).toBe(true);
    for (const f of seen.filter((r) => r.path.startsWith('/files/'))) expect((await fetch(`${fake.base}${f.path}`)).status).toBe(403);
  });

  it('sends describe mode as gpt_description_prompt', async () => {
    const start = fake.requests.length;
    await vendor().song(req({ lyrics: '' }), signal(), note);
    expect(fake.requests[start]!.body).toMatchObject({ gpt_description_prompt: '夏夜海边', make_instrumental: false });
  });

  it('fails on FAILURE and on a refused key; stops when the task is aborted', async () => {
    expect(await kindOf(vendor().song(req({ tags: 'FAIL' }), signal(), note))).toBe('failed');
    expect(await kindOf(vendor('nope').song(req(), signal(), note))).toBe('auth');
    const ctrl = new AbortController();
    fake.sunoPollsBeforeDone = 1000;
    const p = vendor().song(req(), ctrl.signal, note);
    setTimeout(() => ctrl.abort(new Error('canceled')), 50);
    await expect(p).rejects.toThrow('canceled');
    fake.sunoPollsBeforeDone = 3;
  });
});

describe('separation service and AcoustID', () => {
  it('sends the audio as multipart and reads the stems back', async () => {
    const svc = separationService({ url: fake.base, apiKey: 'sep' }, http);
    const two = await svc.separate(Buffer.from('RIFFxxxx'), 'song.wav', '2', signal());
    expect(two.map((s) => s.name)).toEqual(['vocals', 'accompaniment']);
    expect(two[0]!.audio.subarray(0, 3).toString()).toBe('ID3');
    expect((await svc.separate(Buffer.from('RIFF'), 'a.wav', '4', signal())).map((s) => s.name)).toEqual(['vocals', 'drums', 'bass', 'other']);
    expect(fake.requests.at(-1)!.auth).toBe('Bearer sep');
  });

  it('looks a fingerprint up with meta recordings+releasegroups; a bad key is auth', async () => {
    const lookup = acoustIdLookup({ key: 'acoustid-key', url: `${fake.base}/v2/lookup` }, http);
    const songs = await lookup.lookup({ duration: 30.4, fingerprint: 'AQAAabc' }, signal());
    expect(songs).toEqual([{ title: '茉莉花', artists: ['民歌合唱团'], album: '中国民歌', score: 0.93 }]);
    expect(fake.requests.at(-1)!.body).toMatchObject({ client: 'acoustid-key', duration: '30', fingerprint: 'AQAAabc', meta: 'recordings releasegroups' });
    expect(await kindOf(acoustIdLookup({ key: 'x', url: `${fake.base}/v2/lookup` }, http).lookup({ duration: 1, fingerprint: 'a' }, signal()))).toBe('auth');
  });
});
