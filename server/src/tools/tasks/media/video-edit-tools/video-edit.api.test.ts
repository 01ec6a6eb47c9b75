import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, parseSrt, type Envelope, type TaskInfo } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../../../test/app';
import { taskEnded } from '../../../../../test/task-poll';
import type { RunningTaskEngine } from '../../../../jobs';
import { saveFile } from '../../../../modules/files/service';
import { quotaUsage } from '../../../../modules/quota/service';
import { startTasks } from '../../../../modules/tasks/lifecycle';

/**
 * The video-edit tools through the real routes and task engine in demo mode (no speech service:
 * the demo transcript; the espeak-ng demo voice): results are read back with ffprobe (duration,
 * streams, the AIGC label), bad input is a Chinese 400, another user's file is refused, and a
 * failure gives the count back once.
 */

interface Probe {
  format: { duration: string; tags?: Record<string, string> };
  streams: { codec_type: string; codec_name: string; avg_frame_rate: string; width?: number; height?: number }[];
}
const probe = (bytes: Buffer): Probe => {
  const dir = mkdtempSync(join(tmpdir(), 've-probe-'));
  try {
    writeFileSync(join(dir, 'f'), bytes);
    return JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', join(dir, 'f')]).toString()) as Probe;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
const kinds = (p: Probe) => p.streams.map((s) => s.codec_type).sort();
const fps = (r: string) => {
  const [n, d] = r.split('/').map(Number);
  return n! / d!;
};

describe('video-edit tools (demo mode)', () => {
  let t: TestApp;
  let engine: RunningTaskEngine;
  const dir = mkdtempSync(join(tmpdir(), 've-api-'));
  let speechVideo: Buffer;
  let silentClip: Buffer;
  let speechOnly: Buffer;

  beforeAll(async () => {
    // A 320x240 test picture with two spoken sentences (espeak-ng) around a 2 s pause.
    execFileSync('espeak-ng', ['-v', 'cmn', '-w', join(dir, 'a.wav'), '大家好，这是第一句话。']);
    execFileSync('espeak-ng', ['-v', 'cmn', '-w', join(dir, 'b.wav'), '这是第二句话，我们来测试字幕。']);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', join(dir, 'a.wav'), '-f', 'lavfi', '-t', '2', '-i', 'anullsrc=r=22050:cl=mono', '-i', join(dir, 'b.wav'), '-filter_complex', '[0][1][2]concat=n=3:v=0:a=1', join(dir, 'speech.wav')]);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-i', join(dir, 'speech.wav'), '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', join(dir, 'speech.mp4')]);
    speechVideo = readFileSync(join(dir, 'speech.mp4'));
    speechOnly = readFileSync(join(dir, 'speech.wav'));
    // 2 s at 15 fps on a green backdrop with a moving box, no sound: interpolation, matting, clarity.
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x00ff00:s=160x120:r=15:d=2', '-vf', "drawbox=x='t*40':y=40:w=40:h=40:color=red:t=fill", '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', join(dir, 'clip.mp4')]);
    silentClip = readFileSync(join(dir, 'clip.mp4'));
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
  const upload = async (userId: number, name: string, body: Buffer, contentType = 'video/mp4') => (await saveFile(t.ctx, { userId, name, contentType, body, purpose: 'upload' })).id;
  const run = (token: string, id: string, inputs: Record<string, unknown>) => call<{ task_id: string }>('POST', `/api/v1/tools/${id}/run`, token, { inputs });
  const fileBytes = async (token: string, url: string) => (await t.app.inject({ method: 'GET', url, headers: { token } })).rawPayload;
  const done = async (token: string, id: string, inputs: Record<string, unknown>): Promise<TaskInfo> => {
    const sub = await run(token, id, inputs);
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    const task = await taskEnded(t, sub.body.data.task_id, token, { timeout: 90_000, interval: 200 });
    expect(task.status, task.error).toBe('succeeded');
    return task;
  };

  it('subtitles: recognise (demo lines at the real speech), edit, burn in; the result has the picture, sound, AIGC label and length', async () => {
    const { token, user } = await t.loginAs();
    const video = await upload(user.id, '演讲.mp4', speechVideo);
    const rec = await done(token, 'video-subtitle', { video, action: 'recognize' });
    const srtFile = rec.result!.files.find((f) => f.name.endsWith('.srt'))!;
    expect(srtFile.name).toBe('演讲-字幕-演示.srt');
    expect(rec.result!.text).toContain('【演示】');
    const srt = /```srt\n([\s\S]*?)```/.exec(rec.result!.text!)![1]!;
    const parsed = parseSrt(srt);
    if ('error' in parsed) throw new Error(parsed.error);
    expect(parsed.cues).toHaveLength(2);
    expect(parsed.cues[0]!.text).toMatch(/^（演示字幕）第 1 句/);
    expect((await fileBytes(token, srtFile.url)).toString('utf8')).toContain('-->');
    // The user corrects the first line, then burns the subtitles in.
    const edited = srt.replace(/（演示字幕）第 1 句[^\n]*/, '大家好，这是第一句话。');
    const burned = await done(token, 'video-subtitle', { video, action: 'burn', srt: edited, fontSize: 'large' });
    const mp4 = burned.result!.files.find((f) => f.contentType === 'video/mp4')!;
    expect(mp4.name).toBe('演讲-字幕版-演示.mp4');
    const p = probe(await fileBytes(token, mp4.url));
    expect(kinds(p)).toEqual(['audio', 'video']);
    expect(Math.abs(Number(p.format.duration) - Number(probe(speechVideo).format.duration))).toBeLessThan(0.3);
    expect(JSON.parse(p.format.tags!.AIGC!)).toMatchObject({ Label: '1', ContentProducer: '万象AI', ProduceID: burned.task_id });
    expect(burned.result!.text).toBe(MSG.veBurned(2));
    expect(await quotaUsage(t.ctx, user.id, 'media_edit')).toEqual({ used: 2, reserved: 0 });
  }, 120_000);

  it('subtitles as a track: a mov_text subtitle stream in the MP4, picture copied', async () => {
    const { token, user } = await t.loginAs();
    const video = await upload(user.id, 'talk.mp4', speechVideo);
    const task = await done(token, 'video-subtitle', { video, action: 'track', srt: '1\n00:00:00,500 --> 00:00:02,000\n你好\n\n2\n00:00:03,000 --> 00:00:05,000\n世界\n' });
    const p = probe(await fileBytes(token, task.result!.files[0]!.url));
    expect(kinds(p)).toEqual(['audio', 'subtitle', 'video']);
    expect(p.streams.find((s) => s.codec_type === 'subtitle')!.codec_name).toBe('mov_text');
    expect(p.format.tags!.AIGC).toContain(task.task_id);
  }, 60_000);

  it('dubbing: the demo voice replaces the sound, fitted to the video length; the text says how', async () => {
    const { token, user } = await t.loginAs();
    const video = await upload(user.id, 'clip.mp4', silentClip);
    const task = await done(token, 'video-dub', { video, text: '这是一段很长的配音稿，用来测试超出视频长度时会被截掉。', mix: 'mix', originalVolume: 50 });
    const file = task.result!.files[0]!;
    expect(file.name).toBe('clip-配音-演示.mp4');
    const p = probe(await fileBytes(token, file.url));
    expect(kinds(p)).toEqual(['audio', 'video']);
    expect(Number(p.format.duration)).toBeLessThan(2.3);
    expect(task.result!.text).toContain(MSG.veDubFitTrim);
    expect(p.format.tags!.AIGC).toContain(task.task_id);

    // The voice picker of 语音合成: a preset speaks; a clone id that is not the user's fails the task in Chinese.
    const female = await done(token, 'video-dub', { video, text: '换一个音色。', voice: 'demo-female' });
    expect(kinds(probe(await fileBytes(token, female.result!.files[0]!.url)))).toEqual(['audio', 'video']);
    const sub = await run(token, 'video-dub', { video, text: '别人的声音。', voice: 'clone:no-such-clone' });
    const refused = await taskEnded(t, sub.body.data.task_id, token, { timeout: 30_000, interval: 200 });
    expect(refused).toMatchObject({ status: 'failed', error: MSG.voiceUnknown });
  }, 90_000);

  it('extraction gives audio only (MP3 or WAV); voice/music without a separation service says so', async () => {
    const { token, user } = await t.loginAs();
    const video = await upload(user.id, 'speech.mp4', speechVideo);
    const mp3 = await done(token, 'video-extract-audio', { video, format: 'mp3' });
    const p = probe(await fileBytes(token, mp3.result!.files[0]!.url));
    expect(kinds(p)).toEqual(['audio']);
    expect(p.streams[0]!.codec_name).toBe('mp3');
    const wav = await done(token, 'video-extract-audio', { video, format: 'wav', part: 'music' });
    expect(probe(await fileBytes(token, wav.result!.files[0]!.url)).streams.map((s) => s.codec_name)).toEqual(['pcm_s16le']);
    expect(wav.result!.text).toContain(MSG.veSeparationMissing);
    // A video without sound has nothing to extract: refused at submit, nothing held.
    const silent = await upload(user.id, 'silent.mp4', silentClip);
    const bad = await run(token, 'video-extract-audio', { video: silent });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe(MSG.veNoAudio);
  }, 60_000);

  it('frame interpolation gives 60 fps; clarity doubles the size; matting keeps the length; each marked', async () => {
    const { token, user } = await t.loginAs();
    // ai_video has no free daily count: a member's count pays clarity and matting.
    await t.ctx.database.db.execute(`UPDATE users SET vip = 1 WHERE id = ${user.id}`);
    const video = await upload(user.id, 'clip.mp4', silentClip);
    const smooth = await done(token, 'video-interpolate', { video });
    const ps = probe(await fileBytes(token, smooth.result!.files[0]!.url));
    expect(fps(ps.streams.find((s) => s.codec_type === 'video')!.avg_frame_rate)).toBe(60);
    expect(ps.format.tags!.AIGC).toContain(smooth.task_id);
    const clear = await done(token, 'video-clarity', { video });
    const pc = probe(await fileBytes(token, clear.result!.files[0]!.url));
    expect(pc.streams[0]).toMatchObject({ width: 320, height: 240 });
    expect(clear.result!.files[0]!.name).toBe('clip-高清-演示.mp4');
    expect(clear.result!.text).toContain(MSG.veDemoLocal);
    const matte = await done(token, 'video-matting', { video, background: 'white' });
    expect(Math.abs(Number(probe(await fileBytes(token, matte.result!.files[0]!.url)).format.duration) - 2)).toBeLessThan(0.2);
    expect(await quotaUsage(t.ctx, user.id, 'ai_video')).toEqual({ used: 2, reserved: 0 });
  }, 120_000);

  it('bad input is a Chinese 400: audio in the video field, a broken SRT, another user\'s file; nothing held', async () => {
    const { token, user } = await t.loginAs();
    const other = await t.loginAs();
    // Sound named like a video: the kind is read from the bytes, not the name.
    const audio = await upload(user.id, 'voice.mp4', speechOnly, 'video/mp4');
    const notVideo = await run(token, 'video-subtitle', { video: audio });
    expect(notVideo.status).toBe(400);
    expect(notVideo.body.msg).toBe(MSG.veNotVideo('视频文件'));
    const video = await upload(user.id, 'v.mp4', speechVideo);
    const badSrt = await run(token, 'video-subtitle', { video, action: 'burn', srt: '1\n00:00:05,000 --> 00:00:02,000\n倒着的时间\n' });
    expect(badSrt.status).toBe(400);
    expect(badSrt.body.msg).toBe(MSG.veSrtBad('第 1 条的结束时间需晚于开始时间'));
    const theirs = await run(other.token, 'video-extract-audio', { video });
    expect(theirs.status).toBe(400);
    expect(theirs.body.msg).toBe(MSG.taskFileMissing('视频文件'));
    expect(await quotaUsage(t.ctx, user.id, 'media_edit')).toEqual({ used: 0, reserved: 0 });
    expect(await quotaUsage(t.ctx, other.user.id, 'media_edit')).toEqual({ used: 0, reserved: 0 });
  });

  it('[demo:error=500] fails the dubbing in Chinese and gives the count back once', async () => {
    const { token, user } = await t.loginAs();
    const video = await upload(user.id, 'clip.mp4', silentClip);
    const sub = await run(token, 'video-dub', { video, text: '失败 [demo:error=500]' });
    const task = await taskEnded(t, sub.body.data.task_id, token, { timeout: 30_000, interval: 200 });
    expect(task.status).toBe('failed');
    expect(task.error).toBe(MSG.veDemoFailure);
    expect(await quotaUsage(t.ctx, user.id, 'media_edit')).toEqual({ used: 0, reserved: 0 });
    await taskEnded(t, sub.body.data.task_id, token);
    expect(await quotaUsage(t.ctx, user.id, 'media_edit')).toEqual({ used: 0, reserved: 0 });
  });
});
