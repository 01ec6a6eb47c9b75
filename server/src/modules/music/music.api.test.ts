import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Envelope, type TaskInfo } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { taskEnded } from '../../../test/task-poll';
import { probeBytes } from '../../infra/av';
import { createMusicBackend, MUSIC_STATE, type MusicBackend } from '../../infra/music';
import type { RunningTaskEngine } from '../../jobs';
import { saveFile } from '../files/service';
import { quotaUsage } from '../quota/service';
import { startTasks } from '../tasks/lifecycle';

/**
 * The music calls and tools through the real routes and task engine in demo mode: a song is two
 * labelled MP3 takes of a sox melody with timed lyrics and a cover, clip and merge produce the
 * lengths asked for, bad input is a Chinese 400, another user's task or file is refused, and a
 * failed song gives its count back once.
 */
describe('music calls and tools (demo mode)', () => {
  let t: TestApp;
  let engine: RunningTaskEngine;
  const dir = mkdtempSync(join(tmpdir(), 'music-api-'));
  /** A sine tone of `seconds` as WAV bytes (sox). */
  const tone = (seconds: number, freq = 440) => {
    const p = join(dir, `t-${seconds}-${freq}.wav`);
    execFileSync('sox', ['-n', '-r', '44100', '-c', '2', p, 'synth', String(seconds), 'sine', String(freq), 'vol', '0.5']);
    return readFileSync(p);
  };

  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { TZ_BUSINESS: 'UTC', TASK_POLL_MAX_MS: '100' } });
    engine = await startTasks(t.ctx, pino({ level: 'silent' }), { workers: true });
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = async <T>(method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: token ? { token } : {}, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const upload = async (userId: number, name: string, body: Buffer) => (await saveFile(t.ctx, { userId, name, contentType: 'audio/wav', body, purpose: 'upload' })).id;
  const fileBytes = async (token: string, url: string) => (await t.app.inject({ method: 'GET', url, headers: { token } })).rawPayload;
  const ended = (id: string, token: string) => taskEnded(t, id, token, { timeout: 60_000, interval: 200 });

  it('GET /api/v2/config/model/suno: the demo composer, styles, custom mode and instrumental; login required', async () => {
    const { token } = await t.loginAs();
    const res = await call<{ backend: string; demo: boolean; styles: string[]; customMode: boolean; instrumental: boolean; separation: boolean; recognition: string }>('GET', '/api/v2/config/model/suno', token);
    expect(res.body.data).toMatchObject({ backend: 'demo', demo: true, customMode: true, instrumental: true, separation: false, recognition: 'off' });
    expect(res.body.data.styles).toContain('古风');
    expect((await call('GET', '/api/v2/config/model/suno', null)).status).toBe(401);
  });

  it('create: a song from a description is two labelled MP3 takes (20-40 s), timed lyrics and a cover; query answers only its owner', async () => {
    const { token, user } = await t.loginAs();
    const sub = await call<{ task_id: string }>('POST', '/api/v1/music/create', token, { gpt_description_prompt: '一首关于夏夜海边的轻快流行歌' });
    expect(sub.status).toBe(200);
    const id = sub.body.data.task_id;
    const task = await ended(id, token);
    expect(task.status).toBe('succeeded');
    const files = task.result!.files;
    const mp3s = files.filter((f) => f.contentType === 'audio/mpeg');
    expect(mp3s.map((f) => f.name)).toEqual([expect.stringMatching(/第1版-演示\.mp3$/), expect.stringMatching(/第2版-演示\.mp3$/)]);
    expect(files.filter((f) => f.name.endsWith('.lrc'))).toHaveLength(2);
    expect(files.filter((f) => f.contentType === 'image/png')).toHaveLength(1);
    const bodies: Buffer[] = [];
    for (const f of mp3s) {
      const bytes = await fileBytes(token, f.url);
      bodies.push(bytes);
      const facts = await probeBytes(bytes);
      expect(facts?.formatName).toBe('mp3');
      expect(facts!.duration).toBeGreaterThan(20);
      expect(facts!.duration).toBeLessThan(40);
      expect(JSON.parse(facts!.tags.aigc!)).toMatchObject({ Label: '1', ContentProducer: '万象AI' });
      expect(facts!.tags.title).toContain('演示');
    }
    expect(bodies[0]!.equals(bodies[1]!)).toBe(false);
    const lrc = (await fileBytes(token, files.find((f) => f.name.endsWith('.lrc'))!.url)).toString('utf8');
    expect(lrc).toMatch(/^\[ti:/);
    expect(lrc).toMatch(/\[00:0\d\.\d\d\].+/);
    expect(task.result!.text).toContain('演示');
    expect(await quotaUsage(t.ctx, user.id, 'ai_music')).toEqual({ used: 1, reserved: 0 });

    const q = await call<{ status: string; clips: { audio_url: string; lrc_url: string; image_url: string }[] }>('POST', '/api/v1/music/query', token, { task_id: id });
    expect(q.body.data.status).toBe('succeeded');
    expect(q.body.data.clips).toHaveLength(2);
    expect(q.body.data.clips.every((c) => c.audio_url && c.lrc_url && c.image_url)).toBe(true);
    const other = await t.loginAs();
    expect((await call('POST', '/api/v1/music/query', other.token, { task_id: id })).status).toBe(404);
    const bad = await call('POST', '/api/v1/music/query', token, {});
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe(MSG.musicTaskIdRequired);
  });

  it('custom_create: lyrics + tags + title (an instrumental needs no lyrics); missing parts are a Chinese 400', async () => {
    const { token, user } = await t.loginAs();
    const noTags = await call('POST', '/api/v1/music/custom_create', token, { prompt: '月照长亭' });
    expect(noTags.status).toBe(400);
    expect(noTags.body.msg).toBe(MSG.musicStyleRequired);
    const noLyrics = await call('POST', '/api/v1/music/custom_create', token, { tags: '古风' });
    expect(noLyrics.body.msg).toBe(MSG.musicLyricsRequired);
    expect((await call('POST', '/api/v1/music/create', token, {})).body.msg).toBe(MSG.musicDescriptionRequired);
    expect(await quotaUsage(t.ctx, user.id, 'ai_music')).toEqual({ used: 0, reserved: 0 });
    const sub = await call<{ task_id: string }>('POST', '/api/v1/music/custom_create', token, { prompt: '月照长亭\n风过柳梢', tags: '古风 抒情', title: '长亭' });
    const task = await ended(sub.body.data.task_id, token);
    expect(task.status).toBe('succeeded');
    expect(task.result!.files.filter((f) => f.name.startsWith('长亭-第'))).toHaveLength(4);
    const lrc = (await fileBytes(token, task.result!.files.find((f) => f.name.endsWith('.lrc'))!.url)).toString('utf8');
    expect(lrc).toContain('月照长亭');
    const next = await t.loginAs();
    const inst = await call<{ task_id: string }>('POST', '/api/v1/music/custom_create', next.token, { tags: '轻音乐', title: '晨光', make_instrumental: true });
    const instTask = await ended(inst.body.data.task_id, next.token);
    expect(instTask.status).toBe('succeeded');
    expect(instTask.result!.files.some((f) => f.name.endsWith('.lrc'))).toBe(false);
  });

  it('[demo:error=500] fails the song in Chinese and gives the count back once', async () => {
    const { token, user } = await t.loginAs();
    const sub = await call<{ task_id: string }>('POST', '/api/v1/music/create', token, { gpt_description_prompt: '失败的歌 [demo:error=500]' });
    const task = await ended(sub.body.data.task_id, token);
    expect(task.status).toBe('failed');
    expect(task.error).toBe(MSG.musicDemoFailure);
    expect(await quotaUsage(t.ctx, user.id, 'ai_music')).toEqual({ used: 0, reserved: 0 });
    // A retry of the poll or a second look at the task changes nothing.
    await ended(sub.body.data.task_id, token);
    expect(await quotaUsage(t.ctx, user.id, 'ai_music')).toEqual({ used: 0, reserved: 0 });
  });

  it('accompany_create and accompany_query (its own kind only)', async () => {
    const { token } = await t.loginAs();
    expect((await call('POST', '/api/v1/music/accompany_create', token, {})).status).toBe(400);
    const sub = await call<{ task_id: string }>('POST', '/api/v1/music/accompany_create', token, { prompt: '轻松的吉他伴奏', tags: '民谣' });
    const task = await ended(sub.body.data.task_id, token);
    expect(task.status).toBe('succeeded');
    expect(task.result!.files.filter((f) => f.contentType === 'audio/mpeg').map((f) => f.name)).toEqual([expect.stringContaining('伴奏-第1版-演示'), expect.stringContaining('伴奏-第2版-演示')]);
    const q = await call<{ status: string; clips: unknown[] }>('GET', `/api/v1/music/accompany_query?task_id=${sub.body.data.task_id}`, token);
    expect(q.body.data.status).toBe('succeeded');
    // A song is not an accompaniment (a second user: the free tier has one ai_music run a day).
    const second = await t.loginAs();
    const song = await call<{ task_id: string }>('POST', '/api/v1/music/create', second.token, { gpt_description_prompt: '一首歌' });
    expect((await call('GET', `/api/v1/music/accompany_query?task_id=${song.body.data.task_id}`, second.token)).body.msg).toBe(MSG.musicNotMusicTask);
    await ended(song.body.data.task_id, second.token);
  });

  it('clip: the range asked for, faded, measured by ffprobe; bad ranges and other users\' files are refused', async () => {
    const { token, user } = await t.loginAs();
    const file = await upload(user.id, '长音.wav', tone(10));
    const run = (inputs: Record<string, unknown>, tk = token) => call<{ task_id: string }>('POST', '/api/v1/tools/music-clip/run', tk, { inputs });
    const sub = await run({ file, start: 2, end: 5.5, fade: true });
    expect(sub.status).toBe(200);
    const task = await ended(sub.body.data.task_id, token);
    expect(task.status).toBe('succeeded');
    const out = task.result!.files[0]!;
    expect(out.name).toBe('长音-剪辑.mp3');
    const facts = await probeBytes(await fileBytes(token, out.url));
    expect(facts!.duration).toBeGreaterThan(3.4);
    expect(facts!.duration).toBeLessThan(3.65);
    expect((await run({ file, start: 5, end: 3 })).body.msg).toBe(MSG.musicRangeBad);
    expect((await run({ file, start: 11, end: 20 })).body.msg).toBe(MSG.musicRangeOutside(10));
    const other = await t.loginAs();
    const stolen = await run({ file, start: 0, end: 2 }, other.token);
    expect(stolen.status).toBe(400);
    expect(stolen.body.msg).toBe(MSG.taskFileMissing('音频文件'));
    expect(await quotaUsage(t.ctx, other.user.id, 'media_edit')).toEqual({ used: 0, reserved: 0 });
  });

  it('merge: files in order, concatenated or crossfaded; one file is refused', async () => {
    const { token, user } = await t.loginAs();
    const a = await upload(user.id, '第一段.wav', tone(4, 440));
    const b = await upload(user.id, '第二段.wav', tone(3, 660));
    const run = (inputs: Record<string, unknown>) => call<{ task_id: string }>('POST', '/api/v1/tools/music-merge/run', token, { inputs });
    const plain = await ended((await run({ file1: a, file2: b })).body.data.task_id, token);
    expect(plain.status).toBe('succeeded');
    expect((await probeBytes(await fileBytes(token, plain.result!.files[0]!.url)))!.duration).toBeCloseTo(7, 0);
    const faded = await ended((await run({ file1: a, file2: b, crossfade: 1 })).body.data.task_id, token);
    expect((await probeBytes(await fileBytes(token, faded.result!.files[0]!.url)))!.duration).toBeCloseTo(6, 0);
    expect((await run({ file1: a })).status).toBe(400);
    expect((await run({ file1: a, file2: b, crossfade: 2 })).body.msg).toBe(MSG.musicCrossfadeTooLong);
  });

  it('separation: 未开通 before anything is held; with a service its stems come back as MP3', async () => {
    const { token, user } = await t.loginAs();
    const file = await upload(user.id, '歌.wav', tone(3));
    const off = await call('POST', '/api/v1/tools/music-separate/run', token, { inputs: { file } });
    expect(off.status).toBe(400);
    expect(off.body.msg).toBe(MSG.musicSeparationOff);
    expect(await quotaUsage(t.ctx, user.id, 'media_edit')).toEqual({ used: 0, reserved: 0 });
    const stem = tone(3, 330);
    const withService: MusicBackend = { ...createMusicBackend(t.ctx.config), separation: { separate: async () => [{ name: 'vocals', format: 'wav', audio: stem }, { name: 'accompaniment', format: 'wav', audio: stem }] } };
    t.ctx.moduleStates.set(MUSIC_STATE, withService);
    try {
      const sub = await call<{ task_id: string }>('POST', '/api/v1/tools/music-separate/run', token, { inputs: { file, stems: '2' } });
      const task = await ended(sub.body.data.task_id, token);
      expect(task.status).toBe('succeeded');
      expect(task.result!.files.map((f) => f.name)).toEqual(['歌-人声.mp3', '歌-伴奏.mp3']);
    } finally {
      t.ctx.moduleStates.set(MUSIC_STATE, createMusicBackend(t.ctx.config));
    }
  });

  it('recognition in demo mode: the fingerprint facts marked 演示, no invented match', async () => {
    const { token, user } = await t.loginAs();
    const file = await upload(user.id, '片段.wav', tone(12, 523));
    const sub = await call<{ task_id: string }>('POST', '/api/v1/tools/music-recognize/run', token, { inputs: { file } });
    const task: TaskInfo = await ended(sub.body.data.task_id, token);
    expect(task.status).toBe('succeeded');
    expect(task.result!.text).toMatch(/^【演示】/);
    expect(task.result!.text).toContain('指纹');
  });
});
